import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from './database';

/**
 * Newsletter subscriptions, double opt-in: a sign-up stores the address as pending and returns the
 * confirmation email's tokens for the caller to queue; only confirmed addresses count. The
 * confirmation token is stored as its SHA-256 only; the unsubscribe token, which every newsletter
 * email must carry, as its SHA-256 (looked up) and sealed (read back to write those emails), never
 * in clear. Sign-ups per address are limited, whatever the address's state, so the limit tells
 * nothing about it.
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

/** A subscriber's unsubscribe token as its columns are read: sealed, or in clear in rows from before the sealing. */
export type StoredUnsubscribeToken = {
  id: string;
  bound: string;
  ciphertext: Uint8Array | null;
  iv: Uint8Array | null;
  auth_tag: Uint8Array | null;
  key_id: string | null;
  clear: string | null;
};

/**
 * Seals and opens unsubscribe tokens. The caller holds the keys (src/server/finance/sealedColumns.ts
 * makes one): storage reads and writes the columns and never sees a key.
 */
export type UnsubscribeTokenVault = {
  /** The columns of a StoredUnsubscribeToken, selected from newsletter_subscribers under `alias`. */
  columns(alias: string): string;
  /** The token, or null when the row holds none a configured key opens. */
  open(row: StoredUnsubscribeToken): string | null;
  /** Ciphertext, IV, tag and key id that store `token` in row `id`. */
  seal(id: string, token: string): [Buffer, Buffer, Buffer, string];
};

/**
 * Records a sign-up in the caller's transaction. A new, pending or unsubscribed address (again)
 * gets a fresh confirmation link (an earlier one stops working), returned for the caller to send;
 * a confirmed address gets nothing. The caller answers the same for all of them.
 */
export async function recordSignUp(tx: Queryable, email: string, vault: UnsubscribeTokenVault): Promise<{ outcome: SignUpOutcome; confirmation: PendingConfirmation | null }> {
  await tx.query('INSERT INTO newsletter_subscribers (email) VALUES ($1) ON CONFLICT ((lower(email))) DO NOTHING', [email]);
  const [row] = await tx.query<StoredUnsubscribeToken & { email: string; status: 'pending' | 'confirmed' | 'unsubscribed'; signups: number }>(
    `UPDATE newsletter_subscribers t SET
       signups_in_window = CASE WHEN signup_window_started_at > now() - $2 * interval '1 minute' THEN signups_in_window + 1 ELSE 1 END,
       signup_window_started_at = CASE WHEN signup_window_started_at > now() - $2 * interval '1 minute' THEN signup_window_started_at ELSE now() END
     WHERE lower(email) = lower($1)
     RETURNING ${vault.columns('t')}, t.email, t.status, t.signups_in_window AS signups`,
    [email, SIGNUP_WINDOW_MINUTES],
  );
  if (!row) throw new Error('newsletter row missing after insert');
  if (row.signups > SIGNUPS_PER_ADDRESS) return { outcome: 'limited', confirmation: null };
  if (row.status === 'confirmed') return { outcome: 'accepted', confirmation: null };
  const confirmToken = newToken();
  // The address keeps its unsubscribe link across sign-ups; a new one only if it had none (or none a configured key opens).
  const unsubscribeToken = vault.open(row) ?? newToken();
  await tx.query(
    `UPDATE newsletter_subscribers SET status = 'pending', confirm_token_hash = $2, confirm_expires_at = now() + $3 * interval '1 hour',
       unsubscribe_token = NULL, unsubscribe_token_hash = $4,
       unsubscribe_token_ciphertext = $5, unsubscribe_token_iv = $6, unsubscribe_token_auth_tag = $7, unsubscribe_token_key_id = $8
     WHERE id = $1`,
    [row.id, hashOf(confirmToken), CONFIRMATION_VALID_HOURS, hashOf(unsubscribeToken), ...vault.seal(row.id, unsubscribeToken)],
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
     WHERE unsubscribe_token_hash = $1 RETURNING id`,
    [hashOf(token)],
  );
  return rows.length > 0;
}

/**
 * The addresses that count: confirmed, with the unsubscribe token each newsletter email must carry
 * (opened with `vault`). An address whose token no configured key opens is left out: it cannot be
 * sent a newsletter it could not leave.
 */
export async function confirmedSubscribers(db: Queryable, vault: UnsubscribeTokenVault): Promise<Array<{ email: string; unsubscribeToken: string }>> {
  const rows = await db.query<StoredUnsubscribeToken & { email: string }>(
    `SELECT ${vault.columns('t')}, t.email FROM newsletter_subscribers t
     WHERE t.status = 'confirmed' ORDER BY t.confirmed_at, t.id`,
  );
  return rows.flatMap((row) => {
    const unsubscribeToken = vault.open(row);
    return unsubscribeToken === null ? [] : [{ email: row.email, unsubscribeToken }];
  });
}
