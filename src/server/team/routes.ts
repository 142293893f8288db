import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formDefinitions } from '../../forms/definitions';
import { APPLICATION_STATUSES, applicationStatusLabels, isApplicationStatus, type ApplicationStatus } from '../../lib/applicationStatus';
import type { FormKey } from '../../forms/definitions/types';
import { isAllowedText } from '../../forms/definitions/validate';
import type { ServerConfig } from '../config';
import { dataRightsRoutes } from '../dataRights/routes';
import { informationRoutes } from './informationRoutes';
import { exportApplications, UnreadableFinanceRows } from '../export/applications';
import { toCsv } from '../export/csv';
import type { FinanceKeyring } from '../finance/encryption';
import { apiError, mediaTypeOf, strictValidatorCompiler, validationMessage } from '../http';
import { Invitation, InviteBody } from '../../api/contracts/members';
import { DecisionPreviewBody, DecisionSendBody } from '../../api/contracts/teamInformation';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { originAllowed } from '../origin';
import type { Database } from '../storage/database';
import { listApplications, parseReference, readApplication, readProposal, type ApplicationKey } from './applications';
import { readAudit, recordAudit } from './audit';
import { consumeEnrolment, endMemberSessions, findEnrolment, InviteRefused, inviteMember, listMembers, revokeMember } from './members';
import { authenticationOptions, isCredentialJson, registerPasskey, registrationOptions, relyingPartyOf, verifySignIn } from './passkeys';
import {
  addNote,
  assignApplication,
  changeApplicationStatus,
  issueGranteeId,
  listAssignees,
  NOTE_MAX_LENGTH,
  previewDecisionEmail,
  readPaymentDetails,
  readReview,
  sendDecisionEmail,
  type PaymentDetailsVersion,
  type StatusChangeOutcome,
} from './review';
import { REVIEWERS, ROLES, seesPaymentDetails, type Role } from './roles';
import { endAllSessions, endOwnSession, endSession, listSessions, resumeSession, SESSION_COOKIE, startSession, type TeamSession } from './sessions';
import { looksLikeToken } from './tokens';

/**
 * The programme team's API under /api/team (contract: docs/team-api.md). Every route declares who may
 * call it; one onRequest hook enforces that before any body is read: no session → 401, a session
 * without the role → 403. Every POST also needs the site's own Origin and a JSON body.
 */

export type TeamAccess = 'public' | 'member' | readonly Role[];

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

export type TeamRouteOptions = { readonly database: Database; readonly config: ServerConfig; readonly financeKeys: FinanceKeyring };

const MESSAGES = {
  signedOut: 'Inicia sesión para continuar.',
  forbidden: 'Tu rol no permite esta acción.',
  crossSite: 'Solicitud rechazada: no viene del sitio.',
  json: 'Envía el cuerpo como application/json.',
  unreadable: 'No pudimos leer la solicitud.',
  tooLarge: 'La solicitud es demasiado grande.',
  tooMany: 'Demasiados intentos: espera un minuto e inténtalo de nuevo.',
  internal: 'Error interno: inténtalo de nuevo más tarde.',
  notFound: 'No encontramos esa solicitud.',
  badLink: 'El enlace de inscripción no es válido.',
  usedLink: 'El enlace de inscripción venció o ya se usó. Pide uno nuevo a quien administra el equipo.',
  passkeyFailed: 'No pudimos verificar la llave de acceso. Inténtalo de nuevo.',
  signInFailed: 'No pudimos verificar tu llave de acceso.',
  noSession: 'Esa sesión no existe o ya terminó.',
  signInAgain: 'Por seguridad, vuelve a iniciar sesión con tu llave de acceso antes de agregar otra.',
  noMember: 'No hay un miembro activo con ese correo.',
  badRole: `El rol debe ser uno de: ${ROLES.join(', ')}.`,
  badForm: 'Ese programa no existe.',
  formRequired: 'Elige un programa para exportar.',
  badDate: 'Las fechas van en formato AAAA-MM-DD.',
  badPage: 'La página debe ser un número entero positivo.',
  badSearch: 'La búsqueda puede tener hasta 200 caracteres.',
  badStatus: `El estado debe ser uno de: ${APPLICATION_STATUSES.join(', ')}.`,
  badReferences: 'Envía entre 1 y 100 referencias de solicitudes.',
  badAssignee: 'El filtro de asignación debe ser me, none o el id de un miembro.',
  badMember: 'Solo se puede asignar a un revisor o administrador activo.',
  badNote: `La nota debe tener entre 1 y ${NOTE_MAX_LENGTH} caracteres, sin caracteres de control.`,
  noDecision: (status: ApplicationStatus) => `No hay correo de decisión para una solicitud ${applicationStatusLabels[status]}: solo para Aprobada o Rechazada.`,
  previewChanged: 'La solicitud cambió; vuelve a ver la vista previa.',
  decisionAlreadySent: 'Ya enviamos el correo de esta decisión.',
  notApproved: 'Solo se emite un ID de seguridad (Security Grantee ID) para una solicitud Aprobada.',
  noPayout: 'Office Hours no entrega fondos: sus solicitudes no llevan ID de seguridad (Security Grantee ID).',
  unreadablePaymentDetails: (references: readonly string[]) =>
    `No pudimos descifrar los datos de pago de ${references.join(', ')}: no se exportó nada. Revisa FINANCE_ENCRYPTION_KEY y FINANCE_ENCRYPTION_OLD_KEYS.`,
} as const;

/** Small bodies only: a passkey registration with attestation 'none' is a few kilobytes. */
const BODY_LIMIT = 64 * 1024;

const send = (reply: FastifyReply, status: number, message: string): FastifyReply => reply.code(status).send(apiError(message));

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The signed-in member of a route whose access is not 'public' (the hook has checked it). */
function sessionOf(request: FastifyRequest): TeamSession {
  if (!request.teamSession) throw new Error('team route without a session');
  return request.teamSession;
}

const isFormKey = (value: string): value is FormKey => Object.hasOwn(formDefinitions, value);

class BadQuery extends Error {}

/** YYYY-MM-DD as the start of that day in UTC; `to` days count whole (the day after is the bound). */
function parseDay(raw: unknown, dayAfter: boolean): Date | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) throw new BadQuery(MESSAGES.badDate);
  const day = new Date(`${raw}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== raw) throw new BadQuery(MESSAGES.badDate);
  if (dayAfter) day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

type InboxQuery = {
  form: FormKey | null;
  since: Date | null;
  before: Date | null;
  search: string | null;
  page: number;
  statuses: ApplicationStatus[] | null;
  assignee: { kind: 'me' } | { kind: 'none' } | { kind: 'member'; memberId: string } | null;
};

/** `status=received,in_review`: a comma list of codes; null when absent. */
function parseStatuses(raw: unknown): ApplicationStatus[] | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string') throw new BadQuery(MESSAGES.badStatus);
  const codes = raw.split(',');
  if (!codes.every(isApplicationStatus)) throw new BadQuery(MESSAGES.badStatus);
  return [...new Set(codes)];
}

/** `assignee=me|none|<member id>`; null when absent. */
function parseAssignee(raw: unknown): InboxQuery['assignee'] {
  if (raw === undefined || raw === '') return null;
  if (raw === 'me') return { kind: 'me' };
  if (raw === 'none') return { kind: 'none' };
  if (typeof raw === 'string' && /^[1-9]\d{0,17}$/.test(raw)) return { kind: 'member', memberId: raw };
  throw new BadQuery(MESSAGES.badAssignee);
}

function parseInboxQuery(query: unknown): InboxQuery {
  const params = isObject(query) ? query : {};
  const statuses = parseStatuses(params.status);
  const assignee = parseAssignee(params.assignee);
  const form = params.form === undefined || params.form === '' ? null : String(params.form);
  if (form !== null && !isFormKey(form)) throw new BadQuery(MESSAGES.badForm);
  const q = typeof params.q === 'string' ? params.q.trim() : '';
  if (q.length > 200 || (params.q !== undefined && typeof params.q !== 'string')) throw new BadQuery(MESSAGES.badSearch);
  const pageRaw = params.page === undefined || params.page === '' ? '1' : String(params.page);
  if (!/^\d{1,6}$/.test(pageRaw) || Number(pageRaw) < 1) throw new BadQuery(MESSAGES.badPage);
  return { form, since: parseDay(params.from, false), before: parseDay(params.to, true), search: q === '' ? null : q, page: Number(pageRaw), statuses, assignee };
}

/** The forms a role may read: every form, minus grantee finance (payment details) for all but the finance role. */
const readableForms = (role: Role): FormKey[] => (Object.keys(formDefinitions) as FormKey[]).filter((form) => form !== 'grantee-finance' || seesPaymentDetails(role));

export async function teamRoutes(team: FastifyInstance, options: TeamRouteOptions): Promise<void> {
  const { database, config, financeKeys } = options;
  const rp = relyingPartyOf(config.siteOrigin);
  const signInLimit = { rateLimit: { max: config.teamSignInRateLimitPerMinute, timeWindow: 60_000 } };

  await team.register(fastifyCookie);
  team.decorateRequest('teamSession', null);

  // Secure cookies are kept by browsers on https and on http://localhost, the two ways the site runs.
  const cookieOptions = { path: '/', httpOnly: true, secure: true, sameSite: 'strict' } as const;
  const setSessionCookie = (reply: FastifyReply, token: string): void => void reply.setCookie(SESSION_COOKIE, token, cookieOptions);

  team.addHook('onRequest', async (request, reply) => {
    if (request.method === 'POST') {
      // The team API is for the site's own pages only: exactly the configured origins (never the
      // request's own Host), and a POST without an Origin (no browser sends one) is refused as well.
      if (request.headers.origin === undefined || !originAllowed(request, config.allowedOrigins, { ownHost: false })) return send(reply, 403, MESSAGES.crossSite);
      if (mediaTypeOf(request) !== 'application/json') return send(reply, 415, MESSAGES.json);
    }
    const access = request.routeOptions.config.teamAccess;
    const token = request.cookies[SESSION_COOKIE];
    request.teamSession = looksLikeToken(token) ? await resumeSession(database, token) : null;
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

  team.setErrorHandler((error: { statusCode?: number; name?: string; code?: string }, request, reply) => {
    if (error instanceof BadQuery) return send(reply, 400, (error as Error).message);
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
  team.setNotFoundHandler((_request, reply) => send(reply, 404, 'No existe esa ruta.'));

  const post = (url: string, teamAccess: TeamAccess, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>, rateLimited = false) =>
    team.post(url, { bodyLimit: BODY_LIMIT, config: { teamAccess, ...(rateLimited ? signInLimit : {}) } }, handler);
  const get = (url: string, teamAccess: TeamAccess, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>, sandboxed = false) =>
    // No automatic HEAD twin: a HEAD of a file would be audited as a download.
    team.get(url, { exposeHeadRoute: false, config: { teamAccess, sandboxed } }, handler);

  const body = (request: FastifyRequest): Record<string, unknown> => (isObject(request.body) ? request.body : {});

  /** A new session for the member, ending the one this browser had: a fresh cookie at every sign-in. */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, memberId: string): Promise<void> => {
    if (request.teamSession) await endSession(database, request.teamSession.id);
    setSessionCookie(reply, await startSession(database, memberId));
  };

  // ---- Enrolment: the link's token registers the member's first passkey.
  const enrolmentToken = (request: FastifyRequest): string | null => {
    const token = body(request).token;
    return looksLikeToken(token) ? token : null;
  };

  post(
    '/enrol/options',
    'public',
    async (request, reply) => {
      const token = enrolmentToken(request);
      if (!token) return send(reply, 400, MESSAGES.badLink);
      const member = await findEnrolment(database, token);
      if (!member) return send(reply, 410, MESSAGES.usedLink);
      return registrationOptions(database, rp, member, 'enrol');
    },
    true,
  );

  post(
    '/enrol/verify',
    'public',
    async (request, reply) => {
      const token = enrolmentToken(request);
      const response = body(request).response;
      if (!token) return send(reply, 400, MESSAGES.badLink);
      if (!isCredentialJson(response)) return send(reply, 400, MESSAGES.passkeyFailed);
      const member = await findEnrolment(database, token);
      if (!member) return send(reply, 410, MESSAGES.usedLink);
      const outcome = await database
        .transaction(async (tx) => {
          // The link is used up only if the passkey is stored: a failed attempt can be retried.
          if (!(await consumeEnrolment(tx, token))) return 'used' as const;
          if (!(await registerPasskey(tx, rp, member.memberId, response, 'enrol'))) throw new PasskeyRejected();
          await recordAudit(tx, { actor: member.email, action: 'enrol' });
          return 'enrolled' as const;
        })
        .catch((error: unknown) => {
          if (error instanceof PasskeyRejected) return 'rejected' as const;
          throw error;
        });
      if (outcome === 'used') return send(reply, 410, MESSAGES.usedLink);
      if (outcome === 'rejected') return send(reply, 400, MESSAGES.passkeyFailed);
      await signIn(request, reply, member.memberId);
      return { email: member.email, role: member.role };
    },
    true,
  );

  // ---- Sign-in with a discoverable passkey: no email asked.
  post('/signin/options', 'public', async () => authenticationOptions(database, rp), true);

  post(
    '/signin/verify',
    'public',
    async (request, reply) => {
      const response = body(request).response;
      if (!isCredentialJson(response)) return send(reply, 400, MESSAGES.signInFailed);
      const member = await verifySignIn(database, rp, response);
      if (!member) return send(reply, 401, MESSAGES.signInFailed);
      await signIn(request, reply, member.memberId);
      await recordAudit(database, { actor: member.email, action: 'sign-in' });
      return { email: member.email, role: member.role };
    },
    true,
  );

  post('/signout', 'member', async (request, reply) => {
    const session = sessionOf(request);
    await endSession(database, session.id);
    await recordAudit(database, { actor: session.email, action: 'sign-out' });
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return reply.code(204).send();
  });

  get('/me', 'member', async (request) => {
    const { email, role } = sessionOf(request);
    return { email, role };
  });

  // ---- The member's own sessions and passkeys.
  get('/sessions', 'member', async (request) => {
    const session = sessionOf(request);
    return { sessions: await listSessions(database, session.memberId, session.id) };
  });

  post('/sessions/end', 'member', async (request, reply) => {
    const session = sessionOf(request);
    const id = body(request).id;
    if (typeof id !== 'string' || !(await endOwnSession(database, session.memberId, id))) return send(reply, 404, MESSAGES.noSession);
    if (id === session.id) reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return reply.code(204).send();
  });

  // After adding a passkey (an authentication factor), the member may end every other session (ASVS 5.0 7.4.3).
  post('/sessions/end-others', 'member', async (request, reply) => {
    const session = sessionOf(request);
    await endAllSessions(database, session.memberId, session.id);
    return reply.code(204).send();
  });

  const passkeyOwner = async (session: TeamSession) => {
    const [row] = await database.query<{ webauthn_user_id: string }>('SELECT webauthn_user_id FROM team_members WHERE id = $1', [session.memberId]);
    return { memberId: session.memberId, email: session.email, webauthnUserId: row!.webauthn_user_id };
  };

  // A new passkey only right after a sign-in (ASVS 5.0 7.5.1): a borrowed session cannot plant its own key.
  post('/passkeys/options', 'member', async (request, reply) => {
    const session = sessionOf(request);
    if (!session.recentSignIn) return send(reply, 401, MESSAGES.signInAgain);
    return registrationOptions(database, rp, await passkeyOwner(session), 'add-passkey');
  });

  post('/passkeys/verify', 'member', async (request, reply) => {
    const session = sessionOf(request);
    if (!session.recentSignIn) return send(reply, 401, MESSAGES.signInAgain);
    const response = body(request).response;
    if (!isCredentialJson(response) || !(await registerPasskey(database, rp, session.memberId, response, 'add-passkey'))) return send(reply, 400, MESSAGES.passkeyFailed);
    await recordAudit(database, { actor: session.email, action: 'add-passkey' });
    return { ok: true };
  });

  // ---- Applications: every member reads them; grantee finance (payment details) only the finance role.
  get('/applications', 'member', async (request, reply) => {
    const session = sessionOf(request);
    const query = parseInboxQuery(request.query);
    const readable = readableForms(session.role);
    if (query.form !== null && !readable.includes(query.form)) return send(reply, 403, MESSAGES.forbidden);
    const assignee = query.assignee === null ? null : { memberId: query.assignee.kind === 'me' ? session.memberId : query.assignee.kind === 'member' ? query.assignee.memberId : null };
    return listApplications(database, {
      forms: query.form ? [query.form] : readable,
      since: query.since,
      before: query.before,
      search: query.search,
      page: query.page,
      statuses: query.statuses,
      assignee,
    });
  });

  /** The application a URL names, if it exists and the role may read its form; else null (one 404 for all). */
  const readableKey = (request: FastifyRequest): ApplicationKey | null => {
    const params = isObject(request.params) ? request.params : {};
    const key = typeof params.id === 'string' ? parseReference(params.id) : null;
    return key && readableForms(sessionOf(request).role).includes(key.form) ? key : null;
  };

  get('/applications/:id', 'member', async (request, reply) => {
    const session = sessionOf(request);
    const key = readableKey(request);
    const detail = key ? await readApplication(database, key, financeKeys) : null;
    if (!key || !detail) return send(reply, 404, MESSAGES.notFound);
    if (detail.unreadable) {
      // Reported, never shown: the operator learns which row, the member sees only the notice.
      request.log.error({ reference: detail.reference }, 'payment details failed to decrypt');
      await recordAudit(database, { actor: session.email, action: 'payment-details-unreadable', target: detail.reference });
      return detail;
    }
    await recordAudit(database, { actor: session.email, action: key.form === 'grantee-finance' ? 'view-payment-details' : 'view-application', target: detail.reference });
    if (key.form === 'grantee-finance') return detail;
    const review = await readReview(database, key.rowId);
    if (!review) return send(reply, 404, MESSAGES.notFound);
    // The key is absent, not empty, for every role but finance: nothing hints at payment details.
    if (!seesPaymentDetails(session.role)) return { ...detail, ...review };
    return { ...detail, ...review, paymentDetails: await paymentDetailsOf(request, key.rowId) };
  });

  /** The payment details sent with the application's grantee IDs, each version's view audited (finance only). */
  const paymentDetailsOf = async (request: FastifyRequest, submissionId: string): Promise<PaymentDetailsVersion[]> => {
    const session = sessionOf(request);
    const versions = await readPaymentDetails(database, submissionId, financeKeys);
    for (const version of versions) {
      if (version.unreadable) request.log.error({ reference: version.reference }, 'payment details failed to decrypt');
      await recordAudit(database, { actor: session.email, action: version.unreadable ? 'payment-details-unreadable' : 'view-payment-details', target: version.reference });
    }
    return versions;
  };

  /** A reviewed application a URL names (not grantee finance), or null: the same 404 as a missing one. */
  const reviewedKey = (request: FastifyRequest): ApplicationKey | null => {
    const key = readableKey(request);
    return key && key.form !== 'grantee-finance' ? key : null;
  };

  // Payment details alone, for finance: a reviewer or an admin gets 403 here, whatever the application.
  get('/applications/:id/payment-details', ['finance'], async (request, reply) => {
    const key = reviewedKey(request);
    if (!key || !(await readReview(database, key.rowId))) return send(reply, 404, MESSAGES.notFound);
    return { paymentDetails: await paymentDetailsOf(request, key.rowId) };
  });

  const actorOf = (request: FastifyRequest) => {
    const { memberId, email } = sessionOf(request);
    return { memberId, email };
  };

  get('/assignees', 'member', async () => ({ members: await listAssignees(database) }));

  post('/applications/:id/assign', REVIEWERS, async (request, reply) => {
    const key = reviewedKey(request);
    if (!key) return send(reply, 404, MESSAGES.notFound);
    const memberId = body(request).memberId;
    if (memberId !== null && (typeof memberId !== 'string' || !/^[1-9]\d{0,17}$/.test(memberId))) return send(reply, 400, MESSAGES.badMember);
    const outcome = await database.transaction((tx) => assignApplication(tx, { key, memberId, actor: actorOf(request) }));
    if (!outcome.assigned) return outcome.reason === 'not-found' ? send(reply, 404, MESSAGES.notFound) : send(reply, 400, MESSAGES.badMember);
    return { assignee: outcome.assignee };
  });

  post('/applications/:id/notes', REVIEWERS, async (request, reply) => {
    const key = reviewedKey(request);
    if (!key) return send(reply, 404, MESSAGES.notFound);
    const note = body(request).body;
    if (typeof note !== 'string' || note.trim() === '' || note.length > NOTE_MAX_LENGTH || !isAllowedText(note)) return send(reply, 400, MESSAGES.badNote);
    const added = await database.transaction((tx) => addNote(tx, { key, body: note, actor: actorOf(request) }));
    if (!added) return send(reply, 404, MESSAGES.notFound);
    return reply.code(201).send(added);
  });

  const typed = team.withTypeProvider<TypeBoxTypeProvider>();
  const decisionRoute = { bodyLimit: BODY_LIMIT, config: { teamAccess: REVIEWERS }, validatorCompiler: strictValidatorCompiler } as const;

  typed.post('/applications/:id/decision-email/preview', { ...decisionRoute, schema: { body: DecisionPreviewBody } }, async (request, reply) => {
    const key = reviewedKey(request);
    const preview = key ? await previewDecisionEmail(database, key, request.body.applicantMessage ?? null) : null;
    if (!preview || preview.status === 'not-found') return send(reply, 404, MESSAGES.notFound);
    if (preview.status === 'no-decision') return send(reply, 409, MESSAGES.noDecision(preview.current));
    return preview.email;
  });

  typed.post('/applications/:id/decision-email/send', { ...decisionRoute, schema: { body: DecisionSendBody } }, async (request, reply) => {
    const key = reviewedKey(request);
    if (!key) return send(reply, 404, MESSAGES.notFound);
    const { subject, text, applicantMessage } = request.body;
    const outcome = await database.transaction((tx) =>
      sendDecisionEmail(tx, { key, previewed: { subject, text }, applicantMessage: applicantMessage ?? null, actor: actorOf(request), keys: financeKeys }),
    );
    if (outcome.status === 'not-found') return send(reply, 404, MESSAGES.notFound);
    if (outcome.status === 'changed') return send(reply, 409, MESSAGES.previewChanged);
    if (outcome.status === 'already-sent') return send(reply, 409, MESSAGES.decisionAlreadySent);
    return reply.code(202).send({ queuedAt: outcome.queuedAt });
  });

  post('/applications/:id/grantee', ['admin'], async (request, reply) => {
    const key = reviewedKey(request);
    if (!key) return send(reply, 404, MESSAGES.notFound);
    const outcome = await database.transaction((tx) => issueGranteeId(tx, { key, actor: actorOf(request), siteOrigin: config.siteOrigin, keys: financeKeys }));
    if (outcome.status === 'not-found') return send(reply, 404, MESSAGES.notFound);
    if (outcome.status === 'not-approved') return send(reply, 409, MESSAGES.notApproved);
    if (outcome.status === 'no-payout') return send(reply, 409, MESSAGES.noPayout);
    return reply.code(201).send({ issuedAt: outcome.issuedAt });
  });

  get(
    '/applications/:id/file',
    'member',
    async (request, reply) => {
      const session = sessionOf(request);
      const key = readableKey(request);
      const proposal = key ? await readProposal(database, key) : null;
      if (!key || !proposal) return send(reply, 404, MESSAGES.notFound);
      await recordAudit(database, { actor: session.email, action: 'download-file', target: proposal.downloadName });
      return reply.type(proposal.mediaType).header('content-disposition', `attachment; filename="${proposal.downloadName}"`).send(proposal.bytes);
    },
    true,
  );

  // ---- Review workflow: status changes, one or many at once, in one transaction.
  post('/applications/status', REVIEWERS, async (request, reply) => {
    const session = sessionOf(request);
    const { references, status } = body(request);
    if (!isApplicationStatus(status)) return send(reply, 400, MESSAGES.badStatus);
    if (!Array.isArray(references) || references.length < 1 || references.length > 100 || !references.every((reference) => typeof reference === 'string' && reference.length <= 40)) {
      return send(reply, 400, MESSAGES.badReferences);
    }
    const unique = [...new Set(references as string[])];
    const keyed = unique.map((reference) => ({ reference, key: parseReference(reference) }));
    // Rows are locked in id order, so two bulk changes over the same applications cannot deadlock.
    keyed.sort((a, b) => Number(a.key?.rowId ?? 0) - Number(b.key?.rowId ?? 0));
    const outcomes = await database.transaction(async (tx) => {
      const results: StatusChangeOutcome[] = [];
      for (const { reference, key } of keyed) {
        results.push(key ? await changeApplicationStatus(tx, { key, to: status, actor: { memberId: session.memberId, email: session.email } }) : { changed: false, reference, reason: MESSAGES.notFound });
      }
      return results;
    });
    const order = new Map(unique.map((reference, index) => [reference, index]));
    const byRequestOrder = (a: { reference: string }, b: { reference: string }) => (order.get(a.reference) ?? 0) - (order.get(b.reference) ?? 0);
    const changed = outcomes.flatMap((outcome) => (outcome.changed ? [{ reference: outcome.change.reference }] : [])).sort(byRequestOrder);
    const unchanged = outcomes.flatMap((outcome) => (outcome.changed ? [] : [{ reference: outcome.reference, reason: outcome.reason }])).sort(byRequestOrder);
    return { changed: changed.map((entry) => entry.reference), unchanged };
  });

  // ---- Export: the CSV of the current filter, by the CLI's own code (same columns, same CSV).
  get('/export', 'member', async (request, reply) => {
    const session = sessionOf(request);
    const query = parseInboxQuery(request.query);
    if (query.form === null) return send(reply, 400, MESSAGES.formRequired);
    if (!readableForms(session.role).includes(query.form)) return send(reply, 403, MESSAGES.forbidden);
    let table;
    try {
      // readableForms has checked the role: only the finance role reaches grantee finance, decrypted here.
      table = await exportApplications(database, formDefinitions[query.form], { since: query.since, before: query.before, search: query.search }, financeKeys);
    } catch (error) {
      if (!(error instanceof UnreadableFinanceRows)) throw error;
      request.log.error({ references: error.references }, 'payment details failed to decrypt: export refused');
      await recordAudit(database, { actor: session.email, action: 'payment-details-unreadable', target: error.references.join(' ') });
      return send(reply, 500, MESSAGES.unreadablePaymentDetails(error.references));
    }
    const filterText = Object.entries({ form: query.form, from: (request.query as Record<string, string>).from, to: (request.query as Record<string, string>).to, q: query.search })
      .filter(([, value]) => value)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ');
    await recordAudit(database, { actor: session.email, action: 'export', target: `${filterText} (${table.rows.length})` });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${query.form}-${day}.csv"`)
      .send(toCsv(table.headers, table.rows));
  });

  // ---- Members and audit log: admin only.
  get('/members', ['admin'], async () => ({ members: await listMembers(database) }));

  team.withTypeProvider<TypeBoxTypeProvider>().post(
    '/members/invite',
    { bodyLimit: BODY_LIMIT, config: { teamAccess: ['admin'] }, schema: { body: InviteBody, response: { 200: Invitation } } },
    async (request, reply) => {
      try {
        return await inviteMember(database, { ...request.body, actor: sessionOf(request).email, siteOrigin: config.siteOrigin, keys: financeKeys });
      } catch (error) {
        if (error instanceof InviteRefused) return send(reply, 409, error.message);
        throw error;
      }
    },
  );

  post('/members/revoke', ['admin'], async (request, reply) => {
    const email = body(request).email;
    if (typeof email !== 'string' || !(await revokeMember(database, email, sessionOf(request).email))) return send(reply, 404, MESSAGES.noMember);
    return reply.code(204).send();
  });

  // An admin ends someone's sessions without revoking them (a lost laptop): ASVS 5.0 7.4.5.
  post('/members/end-sessions', ['admin'], async (request, reply) => {
    const email = body(request).email;
    if (typeof email !== 'string' || !(await endMemberSessions(database, email, sessionOf(request).email))) return send(reply, 404, MESSAGES.noMember);
    return reply.code(204).send();
  });

  // Applicants' data rights: find, export, erase by email (admin only; src/server/dataRights).
  await team.register(dataRightsRoutes, { database });
  // The team's side of the applicant portal: questions to applicants, satisfaction, erasure requests.
  await team.register(informationRoutes, { database, financeKeys });

  get('/audit', ['admin'], async (request) => {
    const page = parseInboxQuery({ page: isObject(request.query) ? request.query.page : undefined }).page;
    return readAudit(database, page);
  });
}

class PasskeyRejected extends Error {}
