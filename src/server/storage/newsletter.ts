import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from './database';

/**
 * Newsletter subscriptions, double opt-in: a sign-up stores the address as pending and queues a
 * confirmation email with a single-use link that expires; only confirmed addresses count. The
 * confirmation token is stored as its SHA-256 only. Sign-ups per address are limited, whatever
 * the address's state, so the limit tells nothing about it.
 */

export const CONFIRMATION_VALID_HOURS = 48;
/** Sign-ups of one address per window; each may send a confirmation email. */
export const SIGNUPS_PER_ADDRESS = 3;
export const SIGNUP_WINDOW_MINUTES = 60;

const newToken = (): string => randomBytes(32).toString('base64url');
const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export type SignUpOutcome = 'accepted' | 'limited';

/** The confirmation email to send: the address as first stored and the two tokens of its links. */
export type PendingConfirmation = { to: string; confirmToken: string; unsubscribeToken: string };

/**
 * Records a sign-up in the caller's transaction. A new, pending or unsubscribed address (again)
 * gets a fresh confirmation link (an earlier one stops working), returned for the caller to send;
 * a confirmed address gets nothing. The caller answers the same for all of them.
 */
export async function recordSignUp(tx: Queryable, email: string): Promise<{ outcome: SignUpOutcome; confirmation: PendingConfirmation | null }> {
  await tx.query('INSERT INTO newsletter_subscribers (email, unsubscribe_token) VALUES ($1, $2) ON CONFLICT ((lower(email))) DO NOTHING', [email, newToken()]);
  const [row] = await tx.query<{ id: string; email: string; status: 'pending' | 'confirmed' | 'unsubscribed'; signups: number; unsubscribe_token: string | null }>(
    `UPDATE newsletter_subscribers SET
       signups_in_window = CASE WHEN signup_window_started_at > now() - $2 * interval '1 minute' THEN signups_in_window + 1 ELSE 1 END,
       signup_window_started_at = CASE WHEN signup_window_started_at > now() - $2 * interval '1 minute' THEN signup_window_started_at ELSE now() END
     WHERE lower(email) = lower($1)
     RETURNING id::text AS id, email, status, signups_in_window AS signups, unsubscribe_token`,
    [email, SIGNUP_WINDOW_MINUTES],
  );
  if (!row) throw new Error('newsletter row missing after insert');
  if (row.signups > SIGNUPS_PER_ADDRESS) return { outcome: 'limited', confirmation: null };
  if (row.status === 'confirmed') return { outcome: 'accepted', confirmation: null };
  const confirmToken = newToken();
  const unsubscribeToken = row.unsubscribe_token ?? newToken();
  await tx.query(
    `UPDATE newsletter_subscribers SET status = 'pending', confirm_token_hash = $2, confirm_expires_at = now() + $3 * interval '1 hour', unsubscribe_token = $4
     WHERE id = $1`,
    [row.id, hashOf(confirmToken), CONFIRMATION_VALID_HOURS, unsubscribeToken],
  );
  return { outcome: 'accepted', confirmation: { to: row.email, confirmToken, unsubscribeToken } };
}

/** Confirms the subscription a link's token belongs to; false when the token is unknown, used or expired. */
export async function confirmSubscription(db: Queryable, token: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = now(), confirm_token_hash = NULL, confirm_expires_at = NULL
     WHERE confirm_token_hash = $1 AND confirm_expires_at > now() AND status = 'pending' RETURNING id`,
    [hashOf(token)],
  );
  return rows.length > 0;
}

/** Unsubscribes the address of an unsubscribe token; false when the token is unknown. */
export async function unsubscribe(db: Queryable, token: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = now(), confirm_token_hash = NULL, confirm_expires_at = NULL
     WHERE unsubscribe_token = $1 RETURNING id`,
    [token],
  );
  return rows.length > 0;
}

/** The addresses that count: confirmed, with the unsubscribe link each newsletter email must carry. */
export async function confirmedSubscribers(db: Queryable): Promise<Array<{ email: string; unsubscribeToken: string }>> {
  return db.query<{ email: string; unsubscribeToken: string }>(
    `SELECT email, unsubscribe_token AS "unsubscribeToken" FROM newsletter_subscribers WHERE status = 'confirmed' ORDER BY confirmed_at, id`,
  );
}
