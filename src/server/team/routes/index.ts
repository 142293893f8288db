import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { dataRightsRoutes } from '../../dataRights/routes';
import { informationRoutes } from './information';
import { DISALLOWED_TEXT_MESSAGE_ES } from '../../../forms/definitions/validate';
import { mediaTypeOf, queryIsUtf8, validationMessage } from '../../http';
import { originAllowed } from '../../origin';
import { teamSessionOfCookies, type TeamSession } from '../sessions';
import { applicationRoutes } from './applications';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { figureRoutes } from './figures';
import { financeRoutes } from './finance';
import { grantRoutes } from './grants';
import { memberRoutes } from './members';
import { myReviewRoutes } from './myReviews';
import { paymentRoutes } from './payments';
import { reviewRoutes } from './review';
import { roundRoutes } from './rounds';
import { scoringRoutes, withheldApplications } from './scoring';
import { sessionRoutes } from './sessions';
import { MESSAGES, send, type TeamAccess, type TeamRouteOptions } from './shared';

/**
 * The programme team's API under /api/team (contract: docs/team-api.md; shapes: src/api/contracts).
 * Every route declares who may call it; one onRequest hook enforces that before any body is read:
 * no session → 401, a session without the role → 403. Every POST also needs the site's own Origin
 * and a JSON body. Each resource is one plugin in this folder.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call a /api/team route. */
    teamAccess?: TeamAccess;
    /** Answers with a sandboxing CSP (user-uploaded files). */
    sandboxed?: boolean;
  }
  interface FastifyRequest {
    teamSession: TeamSession | null;
  }
}

export async function teamRoutes(app: FastifyInstance, options: TeamRouteOptions): Promise<void> {
  const { database, config } = options;
  const team = app.withTypeProvider<TypeBoxTypeProvider>();

  await team.register(fastifyCookie);
  team.decorateRequest('teamSession', null);

  team.addHook('onRequest', async (request, reply) => {
    if (!queryIsUtf8(request.url)) return send(reply, 400, DISALLOWED_TEXT_MESSAGE_ES);
    if (request.method === 'POST') {
      // The team API is for the site's own pages only: exactly the configured origins (never the
      // request's own Host), and a POST without an Origin (no browser sends one) is refused as well.
      if (request.headers.origin === undefined || !originAllowed(request, config.allowedOrigins, { ownHost: false })) return send(reply, 403, MESSAGES.crossSite);
      if (mediaTypeOf(request) !== 'application/json') return send(reply, 415, MESSAGES.json);
    }
    const access = request.routeOptions.config.teamAccess;
    request.teamSession = await teamSessionOfCookies(database, request.headers.cookie);
    if (access === undefined || access === 'public') return;
    if (!request.teamSession) return send(reply, 401, MESSAGES.signedOut);
    if (access !== 'member' && !access.includes(request.teamSession.role)) return send(reply, 403, MESSAGES.forbidden);
  });

  team.addHook('onSend', async (request, reply) => {
    // Nothing the team reads is kept by a browser cache or a proxy.
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    if (request.routeOptions.config.sandboxed) reply.header('content-security-policy', "sandbox; default-src 'none'; frame-ancestors 'none'");
  });

  // An assigned member who has not declared, or is recused, gets nothing of the application (src/server/team/scoring/access.ts).
  team.addHook('preHandler', withheldApplications(database));

  team.setErrorHandler((error: { statusCode?: number; name?: string; code?: string }, request, reply) => {
    const invalid = validationMessage(error, MESSAGES.unreadable);
    if (invalid !== null) return send(reply, 400, invalid);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ error: { name: error.name, code: error.code } }, 'team request failed');
      return send(reply, 500, MESSAGES.internal);
    }
    if (status === 413) return send(reply, 413, MESSAGES.tooLarge);
    if (status === 415) return send(reply, 415, MESSAGES.json);
    if (status === 429) return send(reply, 429, MESSAGES.tooMany);
    return send(reply, 400, MESSAGES.unreadable);
  });
  team.setNotFoundHandler((_request, reply) => send(reply, 404, MESSAGES.noRoute));

  // One line a resource. Only the dependencies are passed on: `options` also holds this plugin’s prefix.
  const resource = { database, config, financeKeys: options.financeKeys, now: options.now };
  await team.register(authRoutes, resource);
  await team.register(sessionRoutes, resource);
  await team.register(applicationRoutes, resource);
  await team.register(reviewRoutes, resource);
  await team.register(scoringRoutes, resource);
  await team.register(financeRoutes, resource);
  await team.register(memberRoutes, resource);
  await team.register(auditRoutes, resource);
  await team.register(dataRightsRoutes, resource);
  // The team's side of the applicant portal: questions to applicants, satisfaction, erasure requests.
  await team.register(informationRoutes, resource);
  await team.register(myReviewRoutes, resource);
  await team.register(paymentRoutes, resource);
  // The grant of an approved application: milestones and progress reports.
  await team.register(grantRoutes, resource);
  // The programmes' rounds: read by every member, run by admins.
  await team.register(roundRoutes, resource);
  // Cifras: the programme's figures (admins and, read-only, reviewers).
  await team.register(figureRoutes, resource);
}
