import type { FormKey, WirePayload } from '../../forms/definitions/types';
import type { Queryable } from '../storage/database';
import { FinanceDecryptionError, type FinanceKeyring } from '../finance/encryption';
import { OUTBOX_BODY, openValue, sealValue } from '../finance/sealedColumns';
import { clearFinanceAnswers } from '../finance/versions';
import type { ComposedEmail, StoredApplication } from './compose';

/**
 * The mail outbox table: one row per email to send, written in the transaction that stores what
 * the email is about, so an answered request always has its email queued. Two kinds of rows:
 * - an application's confirmation and team notice point at the stored application; the worker
 *   composes them when it sends (the outbox keeps no copy of anyone's answers);
 * - a composed email (enqueueEmail) of any other feature, stored with its purpose. Its body may
 *   carry a secret (a grantee ID, an enrolment, newsletter or sign-in link), so it is written only
 *   sealed under the finance keys (finance/sealedColumns.ts), never in clear, and opened only by
 *   the worker that sends it; it is blanked as soon as the message leaves 'pending' (sent or
 *   given up): nothing sends it again after that.
 * Schema: migrations 2, 4 and 12 (storage/migrations.ts).
 */

export type ApplicationRef = { readonly submissionId: string } | { readonly financeVersionId: string };

/** Queues the applicant's confirmation and the team's notice; call inside the storing transaction. */
export async function enqueueApplicationEmails(tx: Queryable, application: ApplicationRef): Promise<void> {
  const [submissionId, financeVersionId] = 'submissionId' in application ? [application.submissionId, null] : [null, application.financeVersionId];
  await tx.query(
    `INSERT INTO mail_outbox (submission_id, finance_version_id, audience) VALUES ($1, $2, 'applicant'), ($1, $2, 'team')`,
    [submissionId, financeVersionId],
  );
}

/** A composed email to queue; purpose names the feature in logs and queries ('newsletter-confirmation', 'team-invite', 'decision'…). */
export type QueuedEmail = ComposedEmail & { readonly purpose: string };

/**
 * Queues a composed email, its body sealed under `keys` and bound to the row and its recipient;
 * call inside the transaction that stores what it is about, so that it is sent if and only if that
 * commits. Returns the outbox id (also the Message-ID's local part).
 */
export async function enqueueEmail(tx: Queryable, email: QueuedEmail, keys: FinanceKeyring): Promise<string> {
  if (email.purpose.trim() === '') throw new Error('enqueueEmail needs a purpose');
  // The id first: the seal binds the body to it.
  const [next] = await tx.query<{ id: string }>("SELECT nextval(pg_get_serial_sequence('mail_outbox', 'id'))::text AS id");
  if (!next) throw new Error('nextval gave no row');
  await tx.query(
    'INSERT INTO mail_outbox (id, purpose, recipient, subject, body_ciphertext, body_iv, body_auth_tag, body_key_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [next.id, email.purpose, email.to, email.subject, ...sealValue(keys, OUTBOX_BODY, next.id, email.to, email.text)],
  );
  return next.id;
}

type ClaimCommon = {
  readonly id: string;
  /** This claim's attempt number; with the worker's id it identifies the claim. */
  readonly attempts: number;
};

export type ClaimedMessage =
  | (ClaimCommon & { readonly kind: 'application'; readonly audience: 'applicant' | 'team'; readonly application: StoredApplication })
  | (ClaimCommon & { readonly kind: 'composed'; readonly purpose: string; readonly email: ComposedEmail })
  /** A composed email whose sealed body no configured key opens (FINANCE_ENCRYPTION_OLD_KEYS lacks its key, or it was altered). */
  | (ClaimCommon & { readonly kind: 'unreadable'; readonly purpose: string; readonly reason: string });

type ClaimRow = {
  id: string;
  attempts: number;
  audience: 'applicant' | 'team' | null;
  purpose: string | null;
  recipient: string | null;
  subject: string | null;
  body: string | null;
  body_ciphertext: Uint8Array | null;
  body_iv: Uint8Array | null;
  body_auth_tag: Uint8Array | null;
  body_key_id: string | null;
  form: FormKey;
  application_id: string | null;
  payload: WirePayload | null;
  created_at: Date | null;
};

/**
 * Claims the oldest due message for `leaseMs`: no other worker takes it until the lease runs out
 * (SKIP LOCKED: two workers claiming at once get different rows). null when nothing is due.
 */
export async function claimDueMessage(db: Queryable, workerId: string, leaseMs: number, keys: FinanceKeyring): Promise<ClaimedMessage | null> {
  const [row] = await db.query<ClaimRow>(
    `WITH claimed AS (
       UPDATE mail_outbox SET claimed_by = $1, claimed_until = now() + $2 * interval '1 millisecond', attempts = attempts + 1
       WHERE id = (
         SELECT id FROM mail_outbox
         WHERE status = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
         ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
       )
       RETURNING id, submission_id, finance_version_id, audience, attempts, purpose, recipient, subject, body, body_ciphertext, body_iv, body_auth_tag, body_key_id
     )
     SELECT claimed.id::text AS id, claimed.audience, claimed.attempts,
            claimed.purpose, claimed.recipient, claimed.subject, claimed.body,
            claimed.body_ciphertext, claimed.body_iv, claimed.body_auth_tag, claimed.body_key_id,
            COALESCE(s.form, 'grantee-finance') AS form,
            COALESCE(s.id, f.id)::text AS application_id,
            -- A finance version lends only its clear name and contact email: the payment details stay sealed.
            COALESCE(s.payload, ${clearFinanceAnswers('f')}) AS payload,
            COALESCE(s.created_at, f.created_at) AS created_at
     FROM claimed
     LEFT JOIN submissions s ON s.id = claimed.submission_id
     LEFT JOIN grantee_finance_versions f ON f.id = claimed.finance_version_id`,
    [workerId, leaseMs],
  );
  if (!row) return null;
  if (row.purpose !== null) {
    const common = { id: row.id, attempts: row.attempts, purpose: row.purpose };
    let text: string | null;
    try {
      const sealed = { id: row.id, bound: row.recipient ?? '', ciphertext: row.body_ciphertext, iv: row.body_iv, auth_tag: row.body_auth_tag, key_id: row.body_key_id };
      text = row.body ?? openValue(keys, OUTBOX_BODY, sealed);
    } catch (error) {
      if (!(error instanceof FinanceDecryptionError)) throw error;
      return { kind: 'unreadable', ...common, reason: error.message };
    }
    return { kind: 'composed', ...common, email: { to: row.recipient ?? '', subject: row.subject ?? '', text: text ?? '' } };
  }
  return {
    kind: 'application',
    id: row.id,
    audience: row.audience ?? 'applicant',
    attempts: row.attempts,
    application: { form: row.form, id: row.application_id ?? '', payload: row.payload ?? {}, createdAt: new Date(row.created_at ?? 0) },
  };
}

export type Outcome = { readonly status: 'sent' | 'skipped' } | { readonly status: 'failed'; readonly error: string } | { readonly status: 'retry'; readonly delayMs: number; readonly error: string };

/**
 * Records the outcome of a claim. Only the claim still holding the row may record it, so a worker
 * whose lease ran out cannot mark a message another worker has since taken. A composed email's
 * body goes once the message is settled (it may hold a secret link); application rows have none.
 */
export async function settleMessage(db: Queryable, workerId: string, message: ClaimedMessage, outcome: Outcome): Promise<void> {
  const retry = outcome.status === 'retry';
  await db.query(
    `UPDATE mail_outbox
     SET status = $4, sent_at = CASE WHEN $4 = 'sent' THEN now() END, claimed_until = NULL, last_error = $5,
         next_attempt_at = now() + $6 * interval '1 millisecond',
         body = CASE WHEN $4 = 'pending' THEN body END,
         body_ciphertext = CASE WHEN $4 = 'pending' THEN body_ciphertext END, body_iv = CASE WHEN $4 = 'pending' THEN body_iv END,
         body_auth_tag = CASE WHEN $4 = 'pending' THEN body_auth_tag END, body_key_id = CASE WHEN $4 = 'pending' THEN body_key_id END
     WHERE id = $1 AND claimed_by = $2 AND attempts = $3 AND status = 'pending'`,
    [message.id, workerId, message.attempts, retry ? 'pending' : outcome.status, 'error' in outcome ? outcome.error : null, retry ? outcome.delayMs : 0],
  );
}

export type OutboxCounts = Readonly<Record<'pending' | 'sent' | 'skipped' | 'failed', number>>;

export async function outboxCounts(db: Queryable): Promise<OutboxCounts> {
  const rows = await db.query<{ status: keyof OutboxCounts; n: number }>('SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status');
  const counts = { pending: 0, sent: 0, skipped: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}
