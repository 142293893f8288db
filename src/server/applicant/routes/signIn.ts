import { setTimeout as delay } from 'node:timers/promises';
import { APPLICANT_COOKIE, ApplicantSession as SessionReply, ApplicantSignedIn, LinkAccepted, LinkBody, SessionBody } from '../../../api/contracts/applicant';
import { APPLICANT_ACTOR } from '../../../lib/team';
import { normaliseEmail } from '../../dataRights/records';
import { composeApplicantLinkEmail } from '../../mail/applicant';
import { enqueueEmail } from '../../mail/outbox';
import { recordAudit } from '../../team/audit';
import { consumeLink, issueLink } from '../links';
import { hasApplications } from '../service';
import { endApplicantSession, startApplicantSession } from '../sessions';
import { APPLICANT_MESSAGES, cookieOptions, emailOf, JSON_BODY_LIMIT, send, signedIn, type ApplicantResource } from './shared';

/**
 * The link request answers no sooner than this after it arrives, whatever the address: a known one
 * (a link stored and an email queued) and an unknown one (one lookup) take the same time.
 */
export const LINK_ANSWER_MS = 250;

/** Signing in by emailed link, signing out, and who is signed in (GET /me: 401 signed out; GET /session: the portal's probe, always 200). */
export const signInRoutes: ApplicantResource = async (api, options) => {
  const { database, config, financeKeys } = options;
  const linkLimit = { rateLimit: { max: config.applicantLinkRateLimitPerMinute, timeWindow: 60_000 } };

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

  // The portal's probe: signed out is an answer (200), not a refusal, so the browser logs nothing.
  api.get('/session', { config: { applicantAccess: 'public' }, schema: { response: { 200: ApplicantSignedIn } } }, async (request) => {
    const session = request.applicantSession;
    return session ? { signedIn: true as const, email: session.email } : { signedIn: false as const };
  });
};
