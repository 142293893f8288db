import type { ApplicationStatus } from '../../lib/applicationStatus';
import type { FormKey, WirePayload } from '../../forms/definitions/types';
import type { Queryable } from '../storage/database';
import { claimDue, settle, type Claim, type Outcome } from '../outbox/queue';
import { endpointKeyOf } from './config';
import type { RoundState } from '../../api/contracts/rounds';
import { ROUND_COLUMNS, roundOf, type StoredRound } from '../rounds/store';

/**
 * The webhook outbox (migration 10): one row per event and active endpoint, written in the
 * transaction of the event itself (a stored application, a status change), so an event is delivered
 * if and only if it happened. The worker (worker.ts) composes the body when it sends, from the
 * stored application; rows are claimed and settled as every outbox is (outbox/queue.ts).
 * Only applications of the five public forms have events: grantee finance (payment details) has none.
 * Rounds have theirs (migration 19): a row names an application or a round, never both.
 */

export type WebhookEvent =
  | 'application.received'
  | 'application.status_changed'
  // The applicant portal (src/server/applicant): the team asked a question, the applicant answered, the applicant withdrew.
  | 'application.information_requested'
  | 'application.information_received'
  | 'application.withdrawn'
  // Corrections (issue 52): the applicant sent a corrected version of their application.
  | 'application.revised'
  // The grant of an approved application (src/server/grants).
  | 'grant.created'
  | 'grant.milestone_accepted'
  | 'grant.completed'
  // Grants: finance recorded a payment (src/server/payments/record.ts).
  | 'grant.payment_recorded'
  // Open books (issue 51): a grantee published their grant, or withdrew it from the public page.
  | 'grant.published'
  | 'grant.unpublished'
  // Rounds (src/server/rounds): one opened or closed (an admin's change or a moment that passed), or an admin changed it.
  | 'round.opened'
  | 'round.closed'
  | 'round.changed';

export type RoundWebhookEvent = Extract<WebhookEvent, `round.${string}`>;

/** Marks the configured endpoints active and any others inactive (their pending rows wait, unsent). Run at start. */
export async function syncWebhookEndpoints(db: Queryable, urls: readonly string[]): Promise<void> {
  const keys = urls.map(endpointKeyOf);
  await db.query('INSERT INTO webhook_endpoints (url_sha256) SELECT unnest($1::text[]) ON CONFLICT (url_sha256) DO UPDATE SET active = true', [keys]);
  await db.query('UPDATE webhook_endpoints SET active = false WHERE active AND NOT (url_sha256 = ANY($1::text[]))', [keys]);
}

export type WebhookEventJob = { readonly submissionId: string; readonly type: WebhookEvent; readonly status: ApplicationStatus; readonly previousStatus: ApplicationStatus | null };

/**
 * Queues an event for every active endpoint; call inside the transaction that makes it happen.
 * With a key, each endpoint's delivery is keyed `<key>:<endpoint>` and queued once, ever.
 */
export async function enqueueWebhookEvent(tx: Queryable, event: WebhookEventJob, job: { readonly key?: string | undefined; readonly notBefore?: Date | undefined } = {}): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_outbox (endpoint_sha256, submission_id, event, status_after, status_before, idempotency_key, next_attempt_at)
     SELECT url_sha256, $1, $2, $3, $4, $5::text || ':' || url_sha256, COALESCE($6::timestamptz, now()) FROM webhook_endpoints WHERE active
     ON CONFLICT (idempotency_key) DO NOTHING`,
    [event.submissionId, event.type, event.status, event.previousStatus, job.key ?? null, job.notBefore ?? null],
  );
}

/** A round's event for every active endpoint; status_after/status_before carry its state (upcoming, open, closed). */
export async function enqueueRoundEvent(tx: Queryable, event: { readonly roundId: string; readonly type: RoundWebhookEvent; readonly state: RoundState; readonly previousState: RoundState | null }): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_outbox (endpoint_sha256, round_id, event, status_after, status_before)
     SELECT url_sha256, $1, $2, $3, $4 FROM webhook_endpoints WHERE active`,
    [event.roundId, event.type, event.state, event.previousState],
  );
}

type ClaimedCommon = Claim & {
  readonly endpoint: string;
  readonly event: WebhookEvent;
  readonly status: string;
  readonly previousStatus: string | null;
  readonly occurredAt: Date;
};

/** A claimed delivery: about an application (its stored answers), or about a round (its row as it now is). */
export type ClaimedWebhook =
  | (ClaimedCommon & { readonly subject: 'application'; readonly form: FormKey; readonly submissionId: string; readonly payload: WirePayload })
  | (ClaimedCommon & { readonly subject: 'round'; readonly round: StoredRound });

type ClaimRow = Claim & {
  endpoint_sha256: string;
  event: WebhookEvent;
  status_after: string;
  status_before: string | null;
  created_at: Date;
  form: FormKey | null;
  submission_id: string | null;
  payload: WirePayload | null;
  round_row: Parameters<typeof roundOf>[0] | null;
};

/** Claims the oldest due delivery to one of `endpoints` for `leaseMs` (outbox/queue.ts); null when none is due. */
export async function claimDueWebhook(db: Queryable, workerId: string, endpoints: readonly string[], leaseMs: number): Promise<ClaimedWebhook | null> {
  const row = await claimDue<ClaimRow>(
    db,
    {
      table: 'webhook_outbox',
      select: `c.endpoint_sha256, c.event, c.status_after, c.status_before, c.created_at, s.form, s.id::text AS submission_id, s.payload,
        CASE WHEN r.id IS NULL THEN NULL ELSE (SELECT to_jsonb(x) FROM (SELECT ${ROUND_COLUMNS}) x) END AS round_row`,
      joins: 'LEFT JOIN submissions s ON s.id = c.submission_id LEFT JOIN rounds r ON r.id = c.round_id',
      where: 'endpoint_sha256 = ANY($3::text[])',
      params: [endpoints],
    },
    workerId,
    leaseMs,
  );
  if (!row) return null;
  const common = { id: row.id, attempts: row.attempts, endpoint: row.endpoint_sha256, event: row.event, status: row.status_after, previousStatus: row.status_before, occurredAt: new Date(row.created_at) };
  if (row.round_row) return { ...common, subject: 'round', round: roundOf(row.round_row) };
  return { ...common, subject: 'application', form: row.form!, submissionId: row.submission_id!, payload: row.payload! };
}

/** Records a claim's outcome; only the claim still holding the row may. */
export async function settleWebhook(db: Queryable, workerId: string, claimed: ClaimedWebhook, outcome: Outcome): Promise<void> {
  await settle(db, 'webhook_outbox', workerId, claimed, outcome);
}
