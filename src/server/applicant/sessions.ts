import { randomBytes } from 'node:crypto';
import type { Queryable } from '../storage/database';
import fastifyCookie from '@fastify/cookie';
import { APPLICANT_COOKIE } from '../../api/contracts/applicant';
import { hashToken, looksLikeToken, newSecretToken } from '../team/tokens';

/**
 * Applicant sessions, kept in the database like the team's (src/server/team/sessions.ts) but in their
 * own table and cookie: the cookie holds a 256-bit token, the table its SHA-256 and the address the
 * link was sent to. A session ends after IDLE_MINUTES without a request, ABSOLUTE_HOURS after the
 * link was opened, or on "Cerrar sesión".
 */
export const IDLE_MINUTES = 60;
export const ABSOLUTE_HOURS = 24;

export type ApplicantSession = { readonly id: string; readonly email: string };

const STILL_VALID = `last_seen_at > now() - interval '${IDLE_MINUTES} minutes' AND created_at > now() - interval '${ABSOLUTE_HOURS} hours'`;

/** A new session for the address; returns the cookie's token. */
export async function startApplicantSession(db: Queryable, email: string): Promise<string> {
  await db.query(`DELETE FROM applicant_sessions WHERE NOT (${STILL_VALID})`);
  const token = newSecretToken();
  await db.query('INSERT INTO applicant_sessions (id, token_hash, email) VALUES ($1, $2, $3)', [randomBytes(16).toString('hex'), hashToken(token), email]);
  return token;
}

/** The live session of a cookie token, its idle clock restarted; null when unknown or expired. */
export async function resumeApplicantSession(db: Queryable, token: string): Promise<ApplicantSession | null> {
  const [row] = await db.query<{ id: string; email: string }>(`UPDATE applicant_sessions SET last_seen_at = now() WHERE token_hash = $1 AND ${STILL_VALID} RETURNING id, email`, [hashToken(token)]);
  return row ?? null;
}

/** The live session of a request's Cookie header, outside /api/applicant (a form endpoint sending an application again). */
export async function applicantSessionOfCookies(db: Queryable, cookieHeader: string | undefined): Promise<ApplicantSession | null> {
  const token = cookieHeader ? fastifyCookie.parse(cookieHeader)[APPLICANT_COOKIE] : undefined;
  return looksLikeToken(token) ? resumeApplicantSession(db, token) : null;
}

export async function endApplicantSession(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM applicant_sessions WHERE id = $1', [id]);
}

/** Every session, link and erasure request of an address (lower-cased): its data was erased, so the request is met. */
export async function forgetApplicant(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM applicant_sessions WHERE email = $1', [email]);
  await db.query('DELETE FROM applicant_links WHERE email = $1', [email]);
  await db.query('DELETE FROM applicant_erasure_requests WHERE email = $1', [email]);
}
