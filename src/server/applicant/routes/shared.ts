import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RESPONSE_FILE_MAX_BYTES, RESPONSE_TEXT_MAX } from '../../../api/contracts/applicant';
import { ERASURE_DEADLINE_DAYS } from '../../../api/contracts/teamInformation';
import type { ServerConfig } from '../../config';
import type { FinanceKeyring } from '../../finance/encryption';
import { groupThousands } from '../../../lib/groupThousands';
import { apiError } from '../../http';
import type { Database } from '../../storage/database';
import { LINK_VALID_MINUTES } from '../../../lib/applicantLinks';
import { REVIEWED_PROGRAMMES } from '../../../config/programmes';
import { formDefinitions } from '../../../forms/definitions';
import { correctableFields } from '../../../forms/definitions/corrections';
import { bodyLimit } from '../../formRoutes';

/** What every resource of the applicant API is given (src/server/applicant/routes/index.ts registers them). */
/** `now`: the app's clock (tests set it). */
export type ApplicantRouteOptions = { readonly database: Database; readonly config: ServerConfig; readonly financeKeys: FinanceKeyring; readonly now: () => Date };

/** One resource's routes, declared with the schemas of src/api/contracts/applicant.ts. */
export type ApplicantResource = FastifyPluginAsyncTypebox<ApplicantRouteOptions>;

export const APPLICANT_MESSAGES = {
  signedOut: 'Tu sesión terminó. Pide un enlace nuevo para entrar.',
  crossSite: 'No pudimos procesar tu envío. Recarga la página e inténtalo de nuevo.',
  json: 'Envía el cuerpo como application/json.',
  multipart: 'Envía la respuesta como multipart/form-data.',
  unreadable: 'No pudimos leer lo que enviaste.',
  tooLarge: 'Tu envío es demasiado grande: el archivo no puede superar 4 MB.',
  tooMany: 'Demasiados intentos: espera un minuto e inténtalo de nuevo.',
  internal: 'Error interno: no se guardó nada. Inténtalo de nuevo más tarde.',
  notFound: 'No encontramos esa solicitud.',
  noRoute: 'No existe esa ruta.',
  linkSent: `Si ese correo tiene solicitudes con nosotros, te enviamos un enlace para entrar. Revisa tu bandeja de entrada (y la carpeta de spam): el enlace vence en ${LINK_VALID_MINUTES} minutos y sirve una sola vez.`,
  usedLink: 'El enlace venció o ya se usó. Pide uno nuevo.',
  cannotWithdraw: 'La solicitud ya tiene una decisión o fue retirada: ya no se puede retirar.',
  cannotRespond: 'La solicitud ya tiene una decisión o fue retirada: ya no recibe respuestas.',
  noDecision: 'Podrás valorar el proceso cuando la solicitud tenga una decisión.',
  alreadyRated: 'Ya valoraste el proceso de esta solicitud. ¡Gracias!',
  badText: `Escribe tu respuesta: entre 1 y ${groupThousands(RESPONSE_TEXT_MAX, '.')} caracteres.`,
  fileTooLarge: 'El archivo no puede superar 4 MB.',
  badFileType: 'El archivo debe ser PDF, PNG, JPEG, GIF, WebP, un documento de oficina (docx, xlsx, pptx, odt, ods, odp) o texto plano.',
  badForm: 'Envía solo la respuesta (text) y, si quieres, un archivo (file) y tu corrección (corrections).',
  erasureRequested: `Recibimos tu pedido de borrar tus datos. El equipo tiene ${ERASURE_DEADLINE_DAYS} días para atenderlo.`,
} as const;

export const JSON_BODY_LIMIT = 8 * 1024;
/**
 * The largest correction part (src/api/contracts/revisions.ts): JSON of every correctable answer of the largest
 * reviewed form at its caps, counted as the public form's JSON body is (formRoutes.ts bodyLimit).
 */
export const CORRECTIONS_MAX_BYTES = Math.max(
  ...REVIEWED_PROGRAMMES.map((form) => bodyLimit({ ...formDefinitions[form], fields: correctableFields(formDefinitions[form]) }, 'json')),
);
/** The answer at its longest (3 bytes of UTF-8 a character), the file, a correction and the multipart framing. */
export const RESPONSE_BODY_LIMIT = RESPONSE_TEXT_MAX * 3 + RESPONSE_FILE_MAX_BYTES + CORRECTIONS_MAX_BYTES + 8 * 1024;

export const send = (reply: FastifyReply, status: number, message: string): FastifyReply => reply.code(status).send(apiError(message));

/** A route only a signed-in applicant may call (the onRequest hook in index.ts answers 401 otherwise). */
export const signedIn = { applicantAccess: 'signed-in' } as const;

/** The session's address, on a route the hook has let through signed in. */
export function emailOf(request: FastifyRequest): string {
  if (!request.applicantSession) throw new Error('applicant route without a session');
  return request.applicantSession.email;
}

// Strict: the link's page (our own) posts the token, so the cookie never needs a cross-site request.
export const cookieOptions = { path: '/', httpOnly: true, secure: true, sameSite: 'strict' } as const;
