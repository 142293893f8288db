import type { FormKey, WirePayload } from '../../forms/definitions/types';
import type { Queryable } from '../storage/database';
import { FinanceDecryptionError, type FinanceKeyring } from '../finance/encryption';
import { OUTBOX_BODY, openValue, sealValue } from '../finance/sealedColumns';
import { clearFinanceAnswers, FINANCE_VERSIONS_TABLE, PAYMENT_DETAILS_FORM } from '../finance/versions';
import { claimDue, settle, type Claim, type ClaimQuery, type Outcome } from '../outbox/queue';
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
 * Claimed and settled as every outbox is (outbox/queue.ts). Schema: migrations 2, 4, 12 and 14
 * (storage/migrations/, files 0002, 0004, 0012 and 0014).
 */

export type ApplicationRef = { readonly submissionId: string } | { readonly financeVersionId: string };

/**
 * Queues the applicant's confirmation and the team's notice; call inside the storing transaction.
 * Keyed by the application, so a second call queues nothing.
 */
export async function enqueueApplicationEmails(tx: Queryable, application: ApplicationRef): Promise<void> {
  const [submissionId, financeVersionId] = 'submissionId' in application ? [application.submissionId, null] : [null, application.financeVersionId];
  const key = submissionId !== null ? `application:${submissionId}` : `finance-version:${financeVersionId}`;
  await tx.query(
    `INSERT INTO mail_outbox (submission_id, finance_version_id, audience, idempotency_key) VALUES ($1, $2, 'applicant', $3::text || ':applicant'), ($1, $2, 'team', $3::text || ':team')
     ON CONFLICT (idempotency_key) DO NOTHING`,
    [submissionId, financeVersionId, key],
  );
}

/** A composed email to queue; purpose names the feature in logs and queries ('newsletter-confirmation', 'team-invite', 'decision'…). */
export type QueuedEmail = ComposedEmail & { readonly purpose: string };

/** When and as what an email is queued: a reminder waits until `notBefore`; a keyed one is queued once, ever. */
export type EmailJob = { readonly kind?: 'mail' | 'reminder'; readonly key?: string | undefined; readonly notBefore?: Date | undefined };

/**
 * Queues a composed email, its body sealed under `keys` and bound to the row and its recipient;
 * call inside the transaction that stores what it is about, so that it is sent if and only if that
 * commits. Returns the outbox id (also the Message-ID's local part); with a key already queued,
 * the id of that earlier job, and nothing new is written.
 */
export async function enqueueEmail(tx: Queryable, email: QueuedEmail, keys: FinanceKeyring, job: EmailJob = {}): Promise<string> {
  if (email.purpose.trim() === '') throw new Error('enqueueEmail needs a purpose');
  // The id first: the seal binds the body to it.
  const [next] = await tx.query<{ id: string }>("SELECT nextval(pg_get_serial_sequence('mail_outbox', 'id'))::text AS id");
  if (!next) throw new Error('nextval gave no row');
  // ON CONFLICT waits for a concurrent transaction holding the same key, then leaves its row alone.
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO mail_outbox (id, purpose, recipient, subject, body_ciphertext, body_iv, body_auth_tag, body_key_id, kind, idempotency_key, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, COALESCE($11::timestamptz, now()))
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id::text AS id`,
    [next.id, email.purpose, email.to, email.subject, ...sealValue(keys, OUTBOX_BODY, next.id, email.to, email.text), job.kind ?? 'mail', job.key ?? null, job.notBefore ?? null],
  );
  if (inserted.length > 0) return next.id;
  const [queued] = await tx.query<{ id: string }>('SELECT id::text AS id FROM mail_outbox WHERE idempotency_key = $1', [job.key]);
  if (!queued) throw new Error('the keyed email is neither new nor queued');
  return queued.id;
}

export type ClaimedMessage =
  | (Claim & { readonly kind: 'application'; readonly audience: 'applicant' | 'team'; readonly application: StoredApplication })
  | (Claim & { readonly kind: 'composed'; readonly purpose: string; readonly email: ComposedEmail; readonly key: string | null })
  /** A composed email whose sealed body no configured key opens (FINANCE_ENCRYPTION_OLD_KEYS lacks its key, or it was altered). */
  | (Claim & { readonly kind: 'unreadable'; readonly purpose: string; readonly reason: string });

type ClaimRow = Claim & {
  audience: 'applicant' | 'team' | null;
  purpose: string | null;
  recipient: string | null;
  subject: string | null;
  body: string | null;
  body_ciphertext: Uint8Array | null;
  body_iv: Uint8Array | null;
  body_auth_tag: Uint8Array | null;
  body_key_id: string | null;
  idempotency_key: string | null;
  form: FormKey;
  application_id: string | null;
  payload: WirePayload | null;
  created_at: Date | null;
};

const CLAIM: ClaimQuery = {
  table: 'mail_outbox',
  select: `c.audience, c.purpose, c.recipient, c.subject, c.body, c.body_ciphertext, c.body_iv, c.body_auth_tag, c.body_key_id, c.idempotency_key,
            COALESCE(s.form, '${PAYMENT_DETAILS_FORM}') AS form,
            COALESCE(s.id, f.id)::text AS application_id,
            -- A finance version lends only its clear name and contact email: the payment details stay sealed.
            COALESCE(s.payload, ${clearFinanceAnswers('f')}) AS payload,
            COALESCE(s.created_at, f.created_at) AS created_at`,
  joins: `LEFT JOIN submissions s ON s.id = c.submission_id
          LEFT JOIN ${FINANCE_VERSIONS_TABLE} f ON f.id = c.finance_version_id`,
};

/** The sealed body's columns, blanked once a message is settled (it may hold a secret link). */
const BODY_COLUMNS = ['body', 'body_ciphertext', 'body_iv', 'body_auth_tag', 'body_key_id'];

/** Claims the oldest due message for `leaseMs` (outbox/queue.ts); null when nothing is due. */
export async function claimDueMessage(db: Queryable, workerId: string, leaseMs: number, keys: FinanceKeyring): Promise<ClaimedMessage | null> {
  const row = await claimDue<ClaimRow>(db, CLAIM, workerId, leaseMs);
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
    return { kind: 'composed', ...common, email: { to: row.recipient ?? '', subject: row.subject ?? '', text: text ?? '' }, key: row.idempotency_key };
  }
  return {
    kind: 'application',
    id: row.id,
    audience: row.audience ?? 'applicant',
    attempts: row.attempts,
    application: { form: row.form, id: row.application_id ?? '', payload: row.payload ?? {}, createdAt: new Date(row.created_at ?? 0) },
  };
}

/** Records the outcome of a claim; a composed email's body goes once the message is settled. */
export async function settleMessage(db: Queryable, workerId: string, message: ClaimedMessage, outcome: Outcome): Promise<void> {
  await settle(db, 'mail_outbox', workerId, message, outcome, BODY_COLUMNS);
}

export type OutboxCounts = Readonly<Record<'pending' | 'sent' | 'skipped' | 'failed', number>>;

export async function outboxCounts(db: Queryable): Promise<OutboxCounts> {
  const rows = await db.query<{ status: keyof OutboxCounts; n: number }>('SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status');
  const counts = { pending: 0, sent: 0, skipped: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}
