import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formDefinitions, isReviewedForm } from '../../../forms/definitions';
import type { FormKey } from '../../../forms/definitions/types';
import type { ServerConfig } from '../../config';
import type { FinanceKeyring } from '../../finance/encryption';
import { apiError } from '../../http';
import type { Database } from '../../storage/database';
import { parseReference, type ApplicationKey } from '../applications';
import { seesPaymentDetails, type Role } from '../roles';
import type { TeamSession } from '../sessions';

/** What every resource of the team API is given (src/server/team/routes/index.ts registers them). */
export type TeamRouteOptions = {
  readonly database: Database;
  readonly config: ServerConfig;
  readonly financeKeys: FinanceKeyring;
  /** The clock of the routes that depend on the moment (rounds); default the real one. Tests control it. */
  readonly now?: () => Date;
};

/** One resource's routes, declared with the schemas of src/api/contracts. */
export type TeamResource = FastifyPluginAsyncTypebox<TeamRouteOptions>;

export type TeamAccess = 'public' | 'member' | readonly Role[];

export const MESSAGES = {
  signedOut: 'Inicia sesión para continuar.',
  forbidden: 'Tu rol no permite esta acción.',
  crossSite: 'No pudimos procesar tu envío. Recarga la página e inténtalo de nuevo.',
  json: 'Envía el cuerpo como application/json.',
  unreadable: 'No pudimos leer lo que enviaste.',
  tooLarge: 'Tu envío es demasiado grande.',
  tooMany: 'Demasiados intentos: espera un minuto e inténtalo de nuevo.',
  internal: 'Error interno: inténtalo de nuevo más tarde.',
  notFound: 'No encontramos esa solicitud.',
  noRoute: 'No existe esa ruta.',
} as const;

/** Small bodies only: a passkey registration with attestation 'none' is a few kilobytes. */
const BODY_LIMIT = 64 * 1024;

/** A POST route's options: who may call it, the body limit and, for sign-in attempts, the rate limit. */
export const postOptions = (teamAccess: TeamAccess, rateLimit?: { max: number; timeWindow: number }) => ({
  bodyLimit: BODY_LIMIT,
  config: { teamAccess, ...(rateLimit ? { rateLimit } : {}) },
});

/** A GET route's options. No automatic HEAD twin: a HEAD of a file would be audited as a download. */
export const getOptions = (teamAccess: TeamAccess, sandboxed = false) => ({ exposeHeadRoute: false, config: { teamAccess, sandboxed } });

export const send = (reply: FastifyReply, status: number, message: string): FastifyReply => reply.code(status).send(apiError(message));

/** The signed-in member of a route whose access is not 'public' (the onRequest hook has checked it). */
export function sessionOf(request: FastifyRequest): TeamSession {
  if (!request.teamSession) throw new Error('team route without a session');
  return request.teamSession;
}

/** The member as the review functions record them. */
export const actorOf = (request: FastifyRequest) => {
  const { memberId, email } = sessionOf(request);
  return { memberId, email };
};

/** The forms a role may read: every form, minus grantee finance (payment details) for all but the finance role. */
export const readableForms = (role: Role): FormKey[] => (Object.keys(formDefinitions) as FormKey[]).filter((form) => isReviewedForm(form) || seesPaymentDetails(role));

/** The application a URL names, if it exists and the role may read its form; else null (one 404 for all). */
export function readableKey(request: FastifyRequest<{ Params: { id: string } }>): ApplicationKey | null {
  const key = parseReference(request.params.id);
  return key && readableForms(sessionOf(request).role).includes(key.form) ? key : null;
}

/** A reviewed application a URL names (not grantee finance), or null: the same 404 as a missing one. */
export function reviewedKey(request: FastifyRequest<{ Params: { id: string } }>): ApplicationKey | null {
  const key = readableKey(request);
  return key && isReviewedForm(key.form) ? key : null;
}

// Secure cookies are kept by browsers on https and on http://localhost, the two ways the site runs.
export const cookieOptions = { path: '/', httpOnly: true, secure: true, sameSite: 'strict' } as const;
