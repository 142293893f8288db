import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as delay } from 'node:timers/promises';
import {
  APPLICANT_COOKIE,
  ApplicantApplicationDetail,
  ApplicantApplicationList,
  ApplicantSession as SessionReply,
  ErasureRequestBody,
  ErasureRequested,
  InformationResponseCreated,
  LinkAccepted,
  LinkBody,
  ReferenceParams,
  RequestParams,
  RESPONSE_FILE_MAX_BYTES,
  RESPONSE_TEXT_MAX,
  SatisfactionAnswer,
  SatisfactionBody,
  SessionBody,
  StatusReply,
  WithdrawBody,
} from '../../api/contracts/applicant';
import { ERASURE_DEADLINE_DAYS } from '../../api/contracts/teamInformation';
import { isAllowedText } from '../../forms/definitions/validate';
import { APPLICANT_ACTOR } from '../../lib/team';
import type { ServerConfig } from '../config';
import { normaliseEmail } from '../dataRights/records';
import type { FinanceKeyring } from '../finance/encryption';
import { sniffFileType } from '../fileType';
import { apiError, mediaTypeOf, strictValidatorCompiler, validationMessage } from '../http';
import { composeApplicantLinkEmail } from '../mail/applicant';
import { enqueueEmail } from '../mail/outbox';
import { originAllowed } from '../origin';
import type { Database } from '../storage/database';
import { recordAudit } from '../team/audit';
import { looksLikeToken } from '../team/tokens';
import { describeUpload } from '../uploads';
import { consumeLink, issueLink, LINK_VALID_MINUTES } from './links';
import { exportOwnData, hasApplications, listOwnApplications, rateProcess, readOwnApplication, requestErasure, respondToRequest, withdrawApplication } from './service';
import { endApplicantSession, resumeApplicantSession, startApplicantSession, type ApplicantSession } from './sessions';

/**
 * The applicant portal's API under /api/applicant (contract: src/api/contracts/applicant.ts). Every
 * route but the link request and the sign-in needs the applicant's session (401 without); every POST
 * needs the site's own Origin (403) and a JSON body (415), the answer to a question a multipart one.
 * Applications are reached only through the session's address (src/server/applicant/service.ts).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whether an /api/applicant route needs the applicant's session. */
    applicantAccess?: 'public' | 'signed-in';
    /** The body a POST of /api/applicant carries: JSON unless said otherwise. */
    applicantBody?: 'json' | 'multipart';
  }
  interface FastifyRequest {
    applicantSession: ApplicantSession | null;
  }
}

export type ApplicantRouteOptions = { readonly database: Database; readonly config: ServerConfig; readonly financeKeys: FinanceKeyring };

export const APPLICANT_MESSAGES = {
  signedOut: 'Tu sesión terminó. Pide un enlace nuevo para entrar.',
  crossSite: 'Solicitud rechazada: no viene del sitio.',
  json: 'Envía el cuerpo como application/json.',
  multipart: 'Envía la respuesta como multipart/form-data.',
  unreadable: 'No pudimos leer la solicitud.',
  tooLarge: 'La solicitud es demasiado grande.',
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
  badText: `Escribe tu respuesta: entre 1 y ${RESPONSE_TEXT_MAX} caracteres, sin caracteres de control.`,
  fileTooLarge: 'El archivo no puede superar 4 MB.',
  badFileType: 'El archivo debe ser PDF, PNG, JPEG, GIF, WebP, un documento de oficina (docx, xlsx, pptx, odt, ods, odp) o texto plano.',
  badForm: 'Envía solo la respuesta (text) y, si quieres, un archivo (file).',
  erasureRequested: `Recibimos tu pedido de borrar tus datos. El equipo tiene ${ERASURE_DEADLINE_DAYS} días para atenderlo.`,
} as const;

/**
 * The link request answers no sooner than this after it arrives, whatever the address: a known one
 * (a link stored and an email queued) and an unknown one (one lookup) take the same time.
 */
export const LINK_ANSWER_MS = 250;

const JSON_BODY_LIMIT = 8 * 1024;
/** The answer at its longest (3 bytes of UTF-8 a character), the file and the multipart framing. */
const RESPONSE_BODY_LIMIT = RESPONSE_TEXT_MAX * 3 + RESPONSE_FILE_MAX_BYTES + 8 * 1024;

const send = (reply: FastifyReply, status: number, message: string): FastifyReply => reply.code(status).send(apiError(message));

class PartsRefused extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

type ResponseParts = { text: string; file: { name: string; bytes: Buffer } | null };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The answer's parts, as the forms read theirs (src/server/formRoutes.ts): every part as bytes, text
 * decoded strictly as UTF-8, at most one file of RESPONSE_FILE_MAX_BYTES. Anything else is refused.
 */
async function readResponseParts(request: FastifyRequest): Promise<ResponseParts> {
  let text: string | null = null;
  let file: ResponseParts['file'] = null;
  try {
    for await (const part of request.parts({ isPartAFile: () => true, limits: { fieldNameSize: 100, fileSize: Math.max(RESPONSE_FILE_MAX_BYTES, RESPONSE_TEXT_MAX * 3), files: 2, parts: 2 } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && part.filename !== undefined && file === null) {
        if (bytes.length > RESPONSE_FILE_MAX_BYTES) throw new PartsRefused(413, APPLICANT_MESSAGES.fileTooLarge);
        // An empty file input: no file.
        if (bytes.length > 0 || part.filename !== '') file = { name: part.filename, bytes };
      } else if (part.fieldname === 'text' && part.filename === undefined && text === null) {
        try {
          text = strictUtf8.decode(bytes);
        } catch {
          throw new PartsRefused(400, APPLICANT_MESSAGES.badText);
        }
      } else {
        throw new PartsRefused(400, APPLICANT_MESSAGES.badForm);
      }
    }
  } catch (error) {
    if (error instanceof PartsRefused) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PartsRefused(413, APPLICANT_MESSAGES.fileTooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new PartsRefused(400, APPLICANT_MESSAGES.badForm);
    throw new PartsRefused(400, APPLICANT_MESSAGES.unreadable);
  }
  if (text === null || text.trim() === '' || text.length > RESPONSE_TEXT_MAX || !isAllowedText(text)) throw new PartsRefused(400, APPLICANT_MESSAGES.badText);
  return { text, file };
}

export async function applicantRoutes(app: FastifyInstance, options: ApplicantRouteOptions): Promise<void> {
  const { database, config, financeKeys } = options;
  const linkLimit = { rateLimit: { max: config.applicantLinkRateLimitPerMinute, timeWindow: 60_000 } };

  await app.register(fastifyCookie);
  app.decorateRequest('applicantSession', null);
  app.setValidatorCompiler(strictValidatorCompiler);
  // Strict: the link's page (our own) posts the token, so the cookie never needs a cross-site request.
  const cookieOptions = { path: '/', httpOnly: true, secure: true, sameSite: 'strict' } as const;

  app.addHook('onRequest', async (request, reply) => {
    const { applicantAccess, applicantBody } = request.routeOptions.config;
    if (request.method === 'POST') {
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

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const signedIn = { applicantAccess: 'signed-in' } as const;
  const emailOf = (request: FastifyRequest): string => {
    if (!request.applicantSession) throw new Error('applicant route without a session');
    return request.applicantSession.email;
  };

  // ---- Signing in by emailed link.
  api.post(
    '/link',
    { bodyLimit: JSON_BODY_LIMIT, config: { applicantAccess: 'public', ...linkLimit }, schema: { body: LinkBody, response: { 202: LinkAccepted } } },
    async (request, reply) => {
      const started = performance.now();
      const email = normaliseEmail(request.body.email);
      await database.transaction(async (tx) => {
        if (!(await hasApplications(tx, email))) return;
        const token = await issueLink(tx, email);
        if (token) await enqueueEmail(tx, { ...composeApplicantLinkEmail(email, token), purpose: 'applicant-link' }, financeKeys);
      });
      await delay(Math.max(0, LINK_ANSWER_MS - (performance.now() - started)));
      return reply.code(202).send({ message: APPLICANT_MESSAGES.linkSent });
    },
  );

  api.post(
    '/session',
    { bodyLimit: JSON_BODY_LIMIT, config: { applicantAccess: 'public', ...linkLimit }, schema: { body: SessionBody, response: { 200: SessionReply } } },
    async (request, reply) => {
      const previous = request.applicantSession;
      const signedInAs = await database.transaction(async (tx) => {
        const email = await consumeLink(tx, request.body.token);
        if (!email) return null;
        // A fresh session at each link: the one this browser had ends.
        if (previous) await endApplicantSession(tx, previous.id);
        const token = await startApplicantSession(tx, email);
        await recordAudit(tx, { actor: APPLICANT_ACTOR, action: 'applicant-sign-in' });
        return { email, token };
      });
      if (!signedInAs) return send(reply, 410, APPLICANT_MESSAGES.usedLink);
      reply.setCookie(APPLICANT_COOKIE, signedInAs.token, cookieOptions);
      return { email: signedInAs.email };
    },
  );

  api.post('/signout', { bodyLimit: JSON_BODY_LIMIT, config: signedIn }, async (request, reply) => {
    await endApplicantSession(database, request.applicantSession!.id);
    await recordAudit(database, { actor: APPLICANT_ACTOR, action: 'applicant-sign-out' });
    reply.clearCookie(APPLICANT_COOKIE, cookieOptions);
    return reply.code(204).send();
  });

  api.get('/me', { config: signedIn, schema: { response: { 200: SessionReply } } }, async (request) => ({ email: emailOf(request) }));

  // ---- The applicant's applications.
  api.get('/applications', { config: signedIn, schema: { response: { 200: ApplicantApplicationList } } }, async (request) => listOwnApplications(database, emailOf(request)));

  api.get('/applications/:reference', { config: signedIn, schema: { params: ReferenceParams, response: { 200: ApplicantApplicationDetail } } }, async (request, reply) => {
    const detail = await readOwnApplication(database, emailOf(request), request.params.reference);
    return detail ?? send(reply, 404, APPLICANT_MESSAGES.notFound);
  });

  api.post(
    '/applications/:reference/requests/:requestId/response',
    { bodyLimit: RESPONSE_BODY_LIMIT, config: { ...signedIn, applicantBody: 'multipart' }, schema: { params: RequestParams, response: { 201: InformationResponseCreated } } },
    async (request, reply) => {
      let parts: ResponseParts;
      try {
        parts = await readResponseParts(request);
      } catch (error) {
        if (error instanceof PartsRefused) return send(reply, error.status, error.message);
        throw error;
      }
      // The file is checked as the forms check theirs: its type from its bytes, its name cleaned.
      const sniffed = parts.file ? await sniffFileType(parts.file.bytes) : null;
      if (parts.file && !sniffed) return send(reply, 400, APPLICANT_MESSAGES.badFileType);
      const upload = parts.file && sniffed ? describeUpload(parts.file.bytes, sniffed, parts.file.name) : null;
      const outcome = await database.transaction((tx) =>
        respondToRequest(tx, { email: emailOf(request), ...request.params, text: parts.text, upload, siteOrigin: config.siteOrigin, keys: financeKeys }),
      );
      if (outcome.status === 'not-found') return send(reply, 404, APPLICANT_MESSAGES.notFound);
      if (outcome.status === 'settled') return send(reply, 409, APPLICANT_MESSAGES.cannotRespond);
      return reply.code(201).send(outcome.created);
    },
  );

  api.post(
    '/applications/:reference/withdraw',
    { bodyLimit: JSON_BODY_LIMIT, config: signedIn, schema: { params: ReferenceParams, body: WithdrawBody, response: { 200: StatusReply } } },
    async (request, reply) => {
      const reason = request.body.reason?.trim() ? request.body.reason.trim() : null;
      const outcome = await database.transaction((tx) =>
        withdrawApplication(tx, { email: emailOf(request), reference: request.params.reference, reason, siteOrigin: config.siteOrigin, keys: financeKeys }),
      );
      if (outcome.status === 'not-found') return send(reply, 404, APPLICANT_MESSAGES.notFound);
      if (outcome.status === 'settled') return send(reply, 409, APPLICANT_MESSAGES.cannotWithdraw);
      return outcome.reply;
    },
  );

  api.post(
    '/applications/:reference/satisfaction',
    { bodyLimit: JSON_BODY_LIMIT, config: signedIn, schema: { params: ReferenceParams, body: SatisfactionBody, response: { 201: SatisfactionAnswer } } },
    async (request, reply) => {
      const comment = request.body.comment?.trim() ? request.body.comment.trim() : null;
      const outcome = await database.transaction((tx) => rateProcess(tx, { email: emailOf(request), reference: request.params.reference, rating: request.body.rating, comment }));
      if (outcome.status === 'not-found') return send(reply, 404, APPLICANT_MESSAGES.notFound);
      if (outcome.status === 'no-decision') return send(reply, 409, APPLICANT_MESSAGES.noDecision);
      if (outcome.status === 'already-rated') return send(reply, 409, APPLICANT_MESSAGES.alreadyRated);
      return reply.code(201).send(outcome.answer);
    },
  );

  // ---- The applicant's own data.
  api.get('/data', { config: signedIn }, async (request, reply) => {
    const document = await exportOwnData(database, emailOf(request));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="mis-datos-${day}.json"`)
      .send(`${JSON.stringify(document, null, 2)}\n`);
  });

  api.post(
    '/erasure-request',
    { bodyLimit: JSON_BODY_LIMIT, config: signedIn, schema: { body: ErasureRequestBody, response: { 202: ErasureRequested } } },
    async (request, reply) => {
      const { requestedAt } = await requestErasure(database, emailOf(request));
      return reply.code(202).send({ message: APPLICANT_MESSAGES.erasureRequested, requestedAt });
    },
  );
}
