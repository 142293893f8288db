import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { sendError } from './http';

/**
 * Cross-site request refusal: a browser sends Origin with every POST, PUT, PATCH and DELETE, so one
 * naming another site is a page elsewhere submitting on a visitor's behalf. The allowed origins are
 * the site's public origin (NEXT_PUBLIC_SITE_URL) and those the deployer lists in ALLOWED_ORIGINS;
 * the public forms also accept the origin the request itself was addressed to (its Host, as the
 * trusted proxy reports it), so a page opened at another address of this server still submits.
 * The team API never does: a Host header is the client's to choose. Requests without Origin (curl,
 * the CLI, server-to-server) are not a browser's and pass the public routes.
 *
 * The check is attached to every state-changing route when it is registered (onRoute), so it runs
 * for whatever spelling of the URL the router matched (/%61pi/…, /a%70i/…): the router decodes the
 * path, a pattern on the raw URL would not.
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CROSS_SITE_MESSAGE = 'Cross-site requests are refused.';

/** Whether the request's Origin is one the deployment allows; `ownHost` adds the origin of the request's own Host. */
export function originAllowed(request: FastifyRequest, allowedOrigins: readonly string[], options: { ownHost: boolean }): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowedOrigins.includes(origin)) return true;
  return options.ownHost && origin === `${request.protocol}://${request.host}`;
}

/** onRequest (before any byte of the body is read): 403 for a state-changing request from another site. */
export function refuseCrossSiteRequests(allowedOrigins: readonly string[]) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!originAllowed(request, allowedOrigins, { ownHost: true })) await sendError(request, reply, 403, CROSS_SITE_MESSAGE);
  };
}

const methodsOf = (route: RouteOptions): string[] => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => method.toUpperCase());

/**
 * Puts the cross-site check first among the onRequest hooks of every state-changing route
 * registered on `app` from now on, in this context and the ones inside it (the team API adds its
 * stricter rule of its own, src/server/team/routes.ts). Call before registering the routes.
 */
export function guardStateChangingRoutes(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const check = refuseCrossSiteRequests(allowedOrigins);
  app.addHook('onRoute', (route) => {
    if (!methodsOf(route).some((method) => STATE_CHANGING.has(method))) return;
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [check, ...existing];
  });
}
