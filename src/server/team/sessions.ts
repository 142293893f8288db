import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { Queryable } from '../storage/database';
import type { Role } from './roles';
import { hashToken, looksLikeToken, newSecretToken } from './tokens';

/**
 * Team sessions (OWASP ASVS 5.0 V7), kept in the database so they can be ended from anywhere:
 * the cookie carries a 256-bit random token, the table its SHA-256. A session ends after
 * IDLE_MINUTES without a request or ABSOLUTE_HOURS after sign-in, whichever comes first, on
 * sign-out, and when the member is revoked. The clock is the database's.
 */
export const SESSION_COOKIE = '__Host-equipo';
export const IDLE_MINUTES = 30;
export const ABSOLUTE_HOURS = 12;
/** Adding a passkey changes how one signs in (ASVS 5.0 7.5.1): only within this long of signing in. */
export const RECENT_SIGN_IN_MINUTES = 10;

export type TeamSession = {
  readonly id: string;
  readonly memberId: string;
  readonly email: string;
  readonly role: Role;
  /** Signed in within RECENT_SIGN_IN_MINUTES. */
  readonly recentSignIn: boolean;
};

const STILL_VALID = `s.last_seen_at > now() - interval '${IDLE_MINUTES} minutes' AND s.created_at > now() - interval '${ABSOLUTE_HOURS} hours'`;

/** A new session for the member (a fresh token at every sign-in); returns the cookie's token. */
export async function startSession(db: Queryable, memberId: string): Promise<string> {
  // Expired sessions are useless; removing them here keeps the table small.
  await db.query(`DELETE FROM team_sessions s WHERE NOT (${STILL_VALID})`);
  const token = newSecretToken();
  await db.query('INSERT INTO team_sessions (id, token_hash, member_id) VALUES ($1, $2, $3)', [randomBytes(16).toString('hex'), hashToken(token), memberId]);
  return token;
}

/** The live session of a cookie token, its idle clock restarted; null when unknown, expired or the member is revoked. */
export async function resumeSession(db: Queryable, token: string): Promise<TeamSession | null> {
  const [row] = await db.query<{ id: string; member_id: string; email: string; role: Role; recent: boolean }>(
    `UPDATE team_sessions s SET last_seen_at = now()
     FROM team_members m
     WHERE s.token_hash = $1 AND m.id = s.member_id AND m.revoked_at IS NULL AND ${STILL_VALID}
     RETURNING s.id, m.id::text AS member_id, m.email, m.role, s.created_at > now() - interval '${RECENT_SIGN_IN_MINUTES} minutes' AS recent`,
    [hashToken(token)],
  );
  return row ? { id: row.id, memberId: row.member_id, email: row.email, role: row.role, recentSignIn: row.recent } : null;
}

/** The live session of a request's Cookie header: the team API's (src/server/team/routes) and the team pages' (src/server/app.ts). */
export async function teamSessionOfCookies(db: Queryable, cookieHeader: string | undefined): Promise<TeamSession | null> {
  const token = cookieHeader ? fastifyCookie.parse(cookieHeader)[SESSION_COOKIE] : undefined;
  return looksLikeToken(token) ? resumeSession(db, token) : null;
}

export async function endSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('DELETE FROM team_sessions WHERE id = $1', [sessionId]);
}

/** Ends one of the member's own sessions; false when the id is not one of theirs. */
export async function endOwnSession(db: Queryable, memberId: string, sessionId: string): Promise<boolean> {
  return (await db.query('DELETE FROM team_sessions WHERE id = $1 AND member_id = $2 RETURNING id', [sessionId, memberId])).length > 0;
}

/** Ends every session of the member, or every one but `keepId`. */
export async function endAllSessions(db: Queryable, memberId: string, keepId: string | null = null): Promise<void> {
  await db.query('DELETE FROM team_sessions WHERE member_id = $1 AND id IS DISTINCT FROM $2', [memberId, keepId]);
}

export type SessionSummary = { id: string; createdAt: string; lastSeenAt: string; current: boolean };

/** The member's live sessions, newest first. */
export async function listSessions(db: Queryable, memberId: string, currentId: string): Promise<SessionSummary[]> {
  const rows = await db.query<{ id: string; created_at: Date; last_seen_at: Date }>(
    `SELECT s.id, s.created_at, s.last_seen_at FROM team_sessions s WHERE s.member_id = $1 AND ${STILL_VALID} ORDER BY s.created_at DESC`,
    [memberId],
  );
  return rows.map((row) => ({ id: row.id, createdAt: new Date(row.created_at).toISOString(), lastSeenAt: new Date(row.last_seen_at).toISOString(), current: row.id === currentId }));
}
