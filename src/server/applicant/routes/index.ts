import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { APPLICANT_COOKIE } from '../../../api/contracts/applicant';
import { DISALLOWED_TEXT_MESSAGE_ES } from '../../../forms/definitions/validate';
import { mediaTypeOf, queryIsUtf8, validationMessage } from '../../http';
import { originAllowed } from '../../origin';
import { looksLikeToken } from '../../team/tokens';
import { resumeApplicantSession, type ApplicantSession } from '../sessions';
import { applicationRoutes } from './applications';
import { grantRoutes } from './grants';
import { ownDataRoutes } from './ownData';
import { publicationRoutes } from './publication';
import { APPLICANT_MESSAGES, JSON_BODY_LIMIT, RESPONSE_BODY_LIMIT, send, type ApplicantRouteOptions } from './shared';
import { signInRoutes } from './signIn';

/**
 * The applicant portal's API under /api/applicant (contract: src/api/contracts/applicant.ts). Every
 * route but the link request and the sign-in needs the applicant's session (401 without); every POST
 * and PUT needs the site's own Origin (403) and a JSON body (415), the answer to a question a multipart one.
 * Applications are reached only through the session's address (src/server/applicant/service.ts).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whether an /api/applicant route needs the applicant's session. */
    applicantAccess?: 'public' | 'signed-in';
    /** The body a POST of /api/applicant carries: JSON unless said otherwise. */
    applicantBody?: 'json' | 'multipart';
    /** A multipart route's text parts (besides its one `file`), each held to the rule of allowed text. */
    textParts?: readonly string[];
  }
  interface FastifyRequest {
    applicantSession: ApplicantSession | null;
  }
}

export async function applicantRoutes(app: FastifyInstance, options: ApplicantRouteOptions): Promise<void> {
  const { database, config } = options;
  await app.register(fastifyCookie);
  app.decorateRequest('applicantSession', null);

  app.addHook('onRequest', async (request, reply) => {
    const { applicantAccess, applicantBody } = request.routeOptions.config;
    if (!queryIsUtf8(request.url)) return send(reply, 400, DISALLOWED_TEXT_MESSAGE_ES);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // The site's own pages only: exactly the configured origins, and never a POST without Origin.
      if (request.headers.origin === undefined || !originAllowed(request, config.allowedOrigins, { ownHost: false })) return send(reply, 403, APPLICANT_MESSAGES.crossSite);
      const multipart = applicantBody === 'multipart';
      if (mediaTypeOf(request) !== (multipart ? 'multipart/form-data' : 'application/json')) return send(reply, 415, multipart ? APPLICANT_MESSAGES.multipart : APPLICANT_MESSAGES.json);
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > (multipart ? RESPONSE_BODY_LIMIT : JSON_BODY_LIMIT)) {
        reply.header('connection', 'close');
        return send(reply, 413, APPLICANT_MESSAGES.tooLarge);
      }
    }
    const token = request.cookies[APPLICANT_COOKIE];
    request.applicantSession = looksLikeToken(token) ? await resumeApplicantSession(database, token) : null;
    if (applicantAccess !== 'public' && !request.applicantSession) return send(reply, 401, APPLICANT_MESSAGES.signedOut);
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
  });

  app.setErrorHandler((error: { statusCode?: number; name?: string; code?: string }, request, reply) => {
    const invalid = validationMessage(error, APPLICANT_MESSAGES.unreadable);
    if (invalid !== null) return send(reply, 400, invalid);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ error: { name: error.name, code: error.code } }, 'applicant request failed');
      return send(reply, 500, APPLICANT_MESSAGES.internal);
    }
    if (status === 413) return send(reply, 413, APPLICANT_MESSAGES.tooLarge);
    if (status === 415) return send(reply, 415, APPLICANT_MESSAGES.json);
    if (status === 429) return send(reply, 429, APPLICANT_MESSAGES.tooMany);
    return send(reply, 400, APPLICANT_MESSAGES.unreadable);
  });
  app.setNotFoundHandler((_request, reply) => send(reply, 404, APPLICANT_MESSAGES.noRoute));

  // Each resource gets the dependencies only (the options also carry this plugin's prefix).
  const resource = { database, config, financeKeys: options.financeKeys };
  await app.register(signInRoutes, resource);
  await app.register(applicationRoutes, resource);
  await app.register(ownDataRoutes, resource);
  await app.register(grantRoutes, resource);
  await app.register(publicationRoutes, resource);
}
