import { createHash, randomBytes } from 'node:crypto';
import { FinanceDecryptionError, type FinanceKeyring } from '../finance/encryption';
import { openValue, sealedValueColumns, sealValue, UNSUBSCRIBE_TOKEN, type SealedValueRow } from '../finance/sealedColumns';
import { composeNewsletterConfirmation } from '../mail/compose';
import { enqueueEmail } from '../mail/outbox';
import type { Database, Queryable } from './database';

/**
 * Newsletter subscriptions, double opt-in: a sign-up stores the address as pending and queues a
 * confirmation email with a single-use link that expires; only confirmed addresses count. The
 * confirmation token is stored as its SHA-256 only; the unsubscribe token, which every newsletter
 * email must carry, as its SHA-256 (looked up) and sealed under the finance keys (read back to
 * write those emails), never in clear. Sign-ups per address are limited, whatever
 * the address's state, so the limit tells nothing about it.
 */

export const CONFIRMATION_VALID_HOURS = 48;
/** Sign-ups of one address per window; each may send a confirmation email. */
export const SIGNUPS_PER_ADDRESS = 3;
export const SIGNUP_WINDOW_MINUTES = 60;

const newToken = (): string => randomBytes(32).toString('base64url');
const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export type SignUpOutcome = 'accepted' | 'limited';

/**
 * Records a sign-up. A new, pending or unsubscribed address (again) gets a fresh confirmation link
 * (an earlier one stops working), sent to the address as first stored; a confirmed address gets nothing. The caller answers the same
 * for all of them.
 */
/** The subscriber's unsubscribe token (clear only in rows from before migration 12); null when none, or none that opens. */
function unsubscribeTokenOf(keys: FinanceKeyring, row: SealedValueRow & { clear: string | null }): string | null {
  try {
    return row.clear ?? openValue(keys, UNSUBSCRIBE_TOKEN, row);
  } catch (error) {
    if (error instanceof FinanceDecryptionError) return null;
    throw error;
  }
}

export async function signUp(database: Database, email: string, keys: FinanceKeyring): Promise<SignUpOutcome> {
  return database.transaction(async (tx) => {
    await tx.query('INSERT INTO newsletter_subscribers (email) VALUES ($1) ON CONFLICT ((lower(email))) DO NOTHING', [email]);
    const [row] = await tx.query<SealedValueRow & { email: string; status: 'pending' | 'confirmed' | 'unsubscribed'; signups: number; clear: string | null }>(
      `UPDATE newsletter_subscribers t SET
         signups_in_window = CASE WHEN signup_window_started_at > now() - $2 * interval '1 minute' THEN signups_in_window + 1 ELSE 1 END,
         signup_window_started_at = CASE WHEN signup_window_started_at > now() - $2 * interval '1 minute' THEN signup_window_started_at ELSE now() END
       WHERE lower(email) = lower($1)
       RETURNING ${sealedValueColumns(UNSUBSCRIBE_TOKEN, 't')}, t.email, t.status, t.signups_in_window AS signups, t.unsubscribe_token AS clear`,
      [email, SIGNUP_WINDOW_MINUTES],
    );
    if (!row) throw new Error('newsletter row missing after insert');
    if (row.signups > SIGNUPS_PER_ADDRESS) return 'limited';
    if (row.status === 'confirmed') return 'accepted';
    const confirmToken = newToken();
    // The address keeps its unsubscribe link across sign-ups; a new one only if it had none (or none a configured key opens).
    const unsubscribeToken = unsubscribeTokenOf(keys, row) ?? newToken();
    await tx.query(
      `UPDATE newsletter_subscribers SET status = 'pending', confirm_token_hash = $2, confirm_expires_at = now() + $3 * interval '1 hour',
         unsubscribe_token = NULL, unsubscribe_token_hash = $4,
         unsubscribe_token_ciphertext = $5, unsubscribe_token_iv = $6, unsubscribe_token_auth_tag = $7, unsubscribe_token_key_id = $8
       WHERE id = $1`,
      [row.id, hashOf(confirmToken), CONFIRMATION_VALID_HOURS, hashOf(unsubscribeToken), ...sealValue(keys, UNSUBSCRIBE_TOKEN, row.id, '', unsubscribeToken)],
    );
    await enqueueEmail(tx, { ...composeNewsletterConfirmation({ to: row.email, confirmToken, unsubscribeToken }), purpose: 'newsletter-confirmation' }, keys);
    return 'accepted';
  });
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
 * (opened with `keys`). An address whose token no configured key opens is left out: it cannot be
 * sent a newsletter it could not leave.
 */
export async function confirmedSubscribers(db: Queryable, keys: FinanceKeyring): Promise<Array<{ email: string; unsubscribeToken: string }>> {
  const rows = await db.query<SealedValueRow & { email: string; clear: string | null }>(
    `SELECT ${sealedValueColumns(UNSUBSCRIBE_TOKEN, 't')}, t.email, t.unsubscribe_token AS clear FROM newsletter_subscribers t
     WHERE t.status = 'confirmed' ORDER BY t.confirmed_at, t.id`,
  );
  return rows.flatMap((row) => {
    const unsubscribeToken = unsubscribeTokenOf(keys, row);
    return unsubscribeToken === null ? [] : [{ email: row.email, unsubscribeToken }];
  });
}
