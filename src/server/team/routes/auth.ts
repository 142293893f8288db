import type { FastifyReply, FastifyRequest } from 'fastify';
import { EmptyBody } from '../../../api/contracts/common';
import { CreationOptions, EnrolOptionsBody, EnrolVerifyBody, PasskeyAdded, PasskeyVerifyBody, RequestOptions, SignInVerifyBody, TeamMember, TeamSignedIn } from '../../../api/contracts/teamAuth';
import type { Database } from '../../storage/database';
import { recordAudit } from '../audit';
import { consumeEnrolment, findEnrolment } from '../members';
import { authenticationOptions, registerPasskey, registrationOptions, relyingPartyOf, verifySignIn, type RelyingParty } from '../passkeys';
import { endSession, SESSION_COOKIE, startSession, type TeamSession } from '../sessions';
import { cookieOptions, getOptions, postOptions, send, sessionOf, type TeamResource } from './shared';

/** Enrolment by link, sign-in with a passkey, sign-out, who am I (and the pages' signed-in probe), and adding a passkey. */

const MESSAGES = {
  usedLink: 'El enlace de inscripción venció o ya se usó. Pide uno nuevo a quien administra el equipo.',
  passkeyFailed: 'No pudimos verificar la llave de acceso. Inténtalo de nuevo.',
  signInFailed: 'No pudimos verificar tu llave de acceso.',
  signInAgain: 'Por seguridad, vuelve a iniciar sesión con tu llave de acceso antes de agregar otra.',
} as const;

class PasskeyRejected extends Error {}

/** A new session for the member, ending the one this browser had: a fresh cookie at every sign-in. */
async function signIn(database: Database, request: FastifyRequest, reply: FastifyReply, memberId: string): Promise<void> {
  if (request.teamSession) await endSession(database, request.teamSession.id);
  reply.setCookie(SESSION_COOKIE, await startSession(database, memberId), cookieOptions);
}

/** Stores the enrolling member's first passkey and uses the link up, both or neither. */
async function enrol(database: Database, rp: RelyingParty, token: string, memberId: string, email: string, response: EnrolVerifyBody['response']) {
  return database
    .transaction(async (tx) => {
      // The link is used up only if the passkey is stored: a failed attempt can be retried.
      if (!(await consumeEnrolment(tx, token))) return 'used' as const;
      if (!(await registerPasskey(tx, rp, memberId, response, 'enrol'))) throw new PasskeyRejected();
      await recordAudit(tx, { actor: email, action: 'enrol' });
      return 'enrolled' as const;
    })
    .catch((error: unknown) => {
      if (error instanceof PasskeyRejected) return 'rejected' as const;
      throw error;
    });
}

export const authRoutes: TeamResource = async (team, { database, config }) => {
  const rp = relyingPartyOf(config.siteOrigin);
  const signInLimit = { max: config.teamSignInRateLimitPerMinute, timeWindow: 60_000 };

  team.post('/enrol/options', { ...postOptions('public', signInLimit), schema: { body: EnrolOptionsBody, response: { 200: CreationOptions } } }, async (request, reply) => {
    const member = await findEnrolment(database, request.body.token);
    if (!member) return send(reply, 410, MESSAGES.usedLink);
    return registrationOptions(database, rp, member, 'enrol');
  });

  team.post('/enrol/verify', { ...postOptions('public', signInLimit), schema: { body: EnrolVerifyBody, response: { 200: TeamMember } } }, async (request, reply) => {
    const { token, response } = request.body;
    const member = await findEnrolment(database, token);
    if (!member) return send(reply, 410, MESSAGES.usedLink);
    const outcome = await enrol(database, rp, token, member.memberId, member.email, response);
    if (outcome === 'used') return send(reply, 410, MESSAGES.usedLink);
    if (outcome === 'rejected') return send(reply, 400, MESSAGES.passkeyFailed);
    await signIn(database, request, reply, member.memberId);
    return { email: member.email, role: member.role };
  });

  // Sign-in with a discoverable passkey: no email asked.
  team.post('/signin/options', { ...postOptions('public', signInLimit), schema: { body: EmptyBody, response: { 200: RequestOptions } } }, async () => authenticationOptions(database, rp));

  team.post('/signin/verify', { ...postOptions('public', signInLimit), schema: { body: SignInVerifyBody, response: { 200: TeamMember } } }, async (request, reply) => {
    const member = await verifySignIn(database, rp, request.body.response);
    if (!member) return send(reply, 401, MESSAGES.signInFailed);
    await signIn(database, request, reply, member.memberId);
    await recordAudit(database, { actor: member.email, action: 'sign-in' });
    return { email: member.email, role: member.role };
  });

  team.post('/signout', { ...postOptions('member'), schema: { body: EmptyBody } }, async (request, reply) => {
    const session = sessionOf(request);
    await endSession(database, session.id);
    await recordAudit(database, { actor: session.email, action: 'sign-out' });
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return reply.code(204).send();
  });

  team.get('/me', { ...getOptions('member'), schema: { response: { 200: TeamMember } } }, async (request) => {
    const { email, role } = sessionOf(request);
    return { email, role };
  });

  // The pages' probe: signed out is an answer (200), not a refusal, so the browser logs nothing.
  team.get('/session', { ...getOptions('public'), schema: { response: { 200: TeamSignedIn } } }, async (request) => {
    const session = request.teamSession;
    return session ? { signedIn: true as const, email: session.email, role: session.role } : { signedIn: false as const };
  });

  const passkeyOwner = async (session: TeamSession) => {
    const [row] = await database.query<{ webauthn_user_id: string }>('SELECT webauthn_user_id FROM team_members WHERE id = $1', [session.memberId]);
    return { memberId: session.memberId, email: session.email, webauthnUserId: row!.webauthn_user_id };
  };

  // A new passkey only right after a sign-in (ASVS 5.0 7.5.1): a borrowed session cannot plant its own key.
  team.post('/passkeys/options', { ...postOptions('member'), schema: { body: EmptyBody, response: { 200: CreationOptions } } }, async (request, reply) => {
    const session = sessionOf(request);
    if (!session.recentSignIn) return send(reply, 401, MESSAGES.signInAgain);
    return registrationOptions(database, rp, await passkeyOwner(session), 'add-passkey');
  });

  team.post('/passkeys/verify', { ...postOptions('member'), schema: { body: PasskeyVerifyBody, response: { 200: PasskeyAdded } } }, async (request, reply) => {
    const session = sessionOf(request);
    if (!session.recentSignIn) return send(reply, 401, MESSAGES.signInAgain);
    if (!(await registerPasskey(database, rp, session.memberId, request.body.response, 'add-passkey'))) return send(reply, 400, MESSAGES.passkeyFailed);
    await recordAudit(database, { actor: session.email, action: 'add-passkey' });
    return { ok: true as const };
  });
};
