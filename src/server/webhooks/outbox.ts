import type { ApplicationStatus } from '../../lib/applicationStatus';
import type { FormKey, WirePayload } from '../../forms/definitions/types';
import type { Queryable } from '../storage/database';
import { endpointKeyOf } from './config';

/**
 * The webhook outbox (migration 10): one row per event and active endpoint, written in the
 * transaction of the event itself (a stored application, a status change), so an event is delivered
 * if and only if it happened. The worker (worker.ts) composes the body when it sends, from the
 * stored application, and claims rows the way the mail outbox does (SKIP LOCKED, a lease).
 * Only applications of the five public forms have events: grantee finance (payment details) has none.
 */

export type WebhookEvent =
  | 'application.received'
  | 'application.status_changed'
  // The applicant portal (src/server/applicant): the team asked a question, the applicant answered, the applicant withdrew.
  | 'application.information_requested'
  | 'application.information_received'
  | 'application.withdrawn';

/** Marks the configured endpoints active and any others inactive (their pending rows wait, unsent). Run at start. */
export async function syncWebhookEndpoints(db: Queryable, urls: readonly string[]): Promise<void> {
  const keys = urls.map(endpointKeyOf);
  await db.query('INSERT INTO webhook_endpoints (url_sha256) SELECT unnest($1::text[]) ON CONFLICT (url_sha256) DO UPDATE SET active = true', [keys]);
  await db.query('UPDATE webhook_endpoints SET active = false WHERE active AND NOT (url_sha256 = ANY($1::text[]))', [keys]);
}

/** Queues an event for every active endpoint; call inside the transaction that makes it happen. */
export async function enqueueWebhookEvent(tx: Queryable, event: { submissionId: string; type: WebhookEvent; status: ApplicationStatus; previousStatus: ApplicationStatus | null }): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_outbox (endpoint_sha256, submission_id, event, status_after, status_before)
     SELECT url_sha256, $1, $2, $3, $4 FROM webhook_endpoints WHERE active`,
    [event.submissionId, event.type, event.status, event.previousStatus],
  );
}

export type ClaimedWebhook = {
  readonly id: string;
  readonly attempts: number;
  readonly endpoint: string;
  readonly event: WebhookEvent;
  readonly status: string;
  readonly previousStatus: string | null;
  readonly occurredAt: Date;
  readonly form: FormKey;
  readonly submissionId: string;
  readonly payload: WirePayload;
};

/** Claims the oldest due delivery to one of `endpoints` for `leaseMs`; null when none is due. */
export async function claimDueWebhook(db: Queryable, workerId: string, endpoints: readonly string[], leaseMs: number): Promise<ClaimedWebhook | null> {
  const [row] = await db.query<{ id: string; attempts: number; endpoint_sha256: string; event: WebhookEvent; status_after: string; status_before: string | null; created_at: Date; form: FormKey; submission_id: string; payload: WirePayload }>(
    `WITH claimed AS (
       UPDATE webhook_outbox SET claimed_by = $1, claimed_until = now() + $2 * interval '1 millisecond', attempts = attempts + 1
       WHERE id = (
         SELECT id FROM webhook_outbox
         WHERE status = 'pending' AND endpoint_sha256 = ANY($3::text[]) AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
         ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
       )
       RETURNING id, attempts, endpoint_sha256, event, status_after, status_before, created_at, submission_id
     )
     SELECT c.id::text AS id, c.attempts, c.endpoint_sha256, c.event, c.status_after, c.status_before, c.created_at, s.form, s.id::text AS submission_id, s.payload
     FROM claimed c JOIN submissions s ON s.id = c.submission_id`,
    [workerId, leaseMs, endpoints],
  );
  if (!row) return null;
  return {
    id: row.id,
    attempts: row.attempts,
    endpoint: row.endpoint_sha256,
    event: row.event,
    status: row.status_after,
    previousStatus: row.status_before,
    occurredAt: new Date(row.created_at),
    form: row.form,
    submissionId: row.submission_id,
    payload: row.payload,
  };
}

export type WebhookOutcome = { readonly status: 'sent' } | { readonly status: 'failed'; readonly error: string } | { readonly status: 'retry'; readonly delayMs: number; readonly error: string };

/** Records a claim's outcome; only the claim still holding the row may (as in the mail outbox). */
export async function settleWebhook(db: Queryable, workerId: string, claimed: ClaimedWebhook, outcome: WebhookOutcome): Promise<void> {
  const retry = outcome.status === 'retry';
  await db.query(
    `UPDATE webhook_outbox
     SET status = $4, sent_at = CASE WHEN $4 = 'sent' THEN now() END, claimed_until = NULL, last_error = $5,
         next_attempt_at = now() + $6 * interval '1 millisecond'
     WHERE id = $1 AND claimed_by = $2 AND attempts = $3 AND status = 'pending'`,
    [claimed.id, workerId, claimed.attempts, retry ? 'pending' : outcome.status, 'error' in outcome ? outcome.error : null, retry ? outcome.delayMs : 0],
  );
}
