import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './http';

/**
 * Cross-site request refusal for the API: a browser sends Origin with every POST, PUT, PATCH and
 * DELETE, so one naming another site is a page elsewhere submitting on a visitor's behalf. Same
 * origin is the site's public origin (NEXT_PUBLIC_SITE_URL) or the origin the request itself was
 * addressed to (its Host, and the scheme it came over, as the trusted proxy reports them).
 * Requests without Origin (curl, the CLI, server-to-server) are not a browser's and pass.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = 'Cross-site requests are refused.';

export function isSameOrigin(request: FastifyRequest, siteOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === siteOrigin) return true;
  return origin === `${request.protocol}://${request.host}`;
}

const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** onRequest hook (before any byte of the body is read): 403 for a state-changing /api/* request from another site. */
export function refuseCrossSiteApiRequests(siteOrigin: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) return;
    if (!isSameOrigin(request, siteOrigin)) await sendError(request, reply, 403, CROSS_SITE_MESSAGE);
  };
}
