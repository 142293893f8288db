import type { Queryable } from '../storage/database';

/**
 * Claim and settle for every outbox table (mail_outbox, webhook_outbox): the jobs stay in the table
 * of their kind, each with status ('pending' until sent, skipped or given up as 'failed'),
 * attempts, next_attempt_at, a lease (claimed_by, claimed_until) and an optional unique
 * idempotency_key. What a job is about is joined in by the caller. Why two tables and not a
 * library: docs/decisions/0009-one-outbox.md.
 */

export type OutboxTable = 'mail_outbox' | 'webhook_outbox';

/** The kinds of job; reminders are emails, in mail_outbox with kind 'reminder'. */
export const OUTBOX_KINDS = ['mail', 'webhook', 'reminder'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const tableOf = (kind: OutboxKind): OutboxTable => (kind === 'webhook' ? 'webhook_outbox' : 'mail_outbox');

/** A claim: this attempt's number with the worker's id identifies it. */
export type Claim = { readonly id: string; readonly attempts: number };

export type Outcome =
  | { readonly status: 'sent' | 'skipped' }
  | { readonly status: 'failed'; readonly error: string }
  | { readonly status: 'retry'; readonly delayMs: number; readonly error: string };

export type RetryPolicy = { readonly maxAttempts: number; readonly retryBaseMs: number; readonly retryMaxMs: number };

/** The delay before retry number `attempts` (1 = the first failure): base × 2^(attempts-1), capped. */
export function backoffMs(attempts: number, policy: Pick<RetryPolicy, 'retryBaseMs' | 'retryMaxMs'>): number {
  return Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.min(attempts - 1, 30));
}

/** A failed attempt: retried after the backoff, or given up once it was attempt `maxAttempts`. */
export function afterFailure(claim: Pick<Claim, 'attempts'>, policy: RetryPolicy, error: string): Outcome {
  return claim.attempts >= policy.maxAttempts ? { status: 'failed', error } : { status: 'retry', delayMs: backoffMs(claim.attempts, policy), error };
}

export type ClaimQuery = {
  readonly table: OutboxTable;
  /** The select list over the claimed row `c` and the joins. */
  readonly select: string;
  /** Joins after `FROM claimed c`. */
  readonly joins?: string;
  /** A further condition on the due rows; its parameters are numbered from $3. */
  readonly where?: string;
  readonly params?: readonly unknown[];
};

/**
 * Claims the oldest due job of the table for `leaseMs`: no other worker takes it until the lease
 * runs out (SKIP LOCKED: two workers claiming at once get different rows; on PGlite's one session
 * it is simply one at a time). Undefined when nothing is due.
 */
export async function claimDue<Row extends Claim>(db: Queryable, query: ClaimQuery, workerId: string, leaseMs: number): Promise<Row | undefined> {
  const { table } = query;
  const [row] = await db.query<Row>(
    `WITH claimed AS (
       UPDATE ${table} SET claimed_by = $1, claimed_until = now() + $2 * interval '1 millisecond', attempts = attempts + 1
       WHERE id = (
         SELECT id FROM ${table}
         WHERE status = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())${query.where ? ` AND ${query.where}` : ''}
         ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
       )
       RETURNING *
     )
     SELECT c.id::text AS id, c.attempts, ${query.select} FROM claimed c ${query.joins ?? ''}`,
    [workerId, leaseMs, ...(query.params ?? [])],
  );
  return row;
}

/**
 * Records the outcome of a claim. Only the claim still holding the row may, so a worker whose
 * lease ran out cannot settle a job another worker has since taken. `blankWhenSettled` columns
 * are emptied once the job leaves 'pending' (a sealed body nothing will send again).
 */
export async function settle(db: Queryable, table: OutboxTable, workerId: string, claim: Claim, outcome: Outcome, blankWhenSettled: readonly string[] = []): Promise<void> {
  const retry = outcome.status === 'retry';
  const blanks = blankWhenSettled.map((column) => `, ${column} = CASE WHEN $4 = 'pending' THEN ${column} END`).join('');
  await db.query(
    `UPDATE ${table}
     SET status = $4, sent_at = CASE WHEN $4 = 'sent' THEN now() END, claimed_until = NULL, last_error = $5,
         next_attempt_at = now() + $6 * interval '1 millisecond'${blanks}
     WHERE id = $1 AND claimed_by = $2 AND attempts = $3 AND status = 'pending'`,
    [claim.id, workerId, claim.attempts, retry ? 'pending' : outcome.status, 'error' in outcome ? outcome.error : null, retry ? outcome.delayMs : 0],
  );
}

/** What a job's state counts as in the metrics: waiting (never tried), retrying, or settled. */
export const JOB_STATES = ['queued', 'retrying', 'sent', 'skipped', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

export type OutboxStats = {
  readonly jobs: ReadonlyArray<{ readonly kind: OutboxKind; readonly state: JobState; readonly count: number }>;
  /** Seconds since the oldest due, pending job of each kind became due (0 when none is due). */
  readonly oldestDueSeconds: Readonly<Record<OutboxKind, number>>;
};

/** Jobs by kind and state, and the age of the oldest due job; read at each metrics scrape. */
export async function outboxStats(db: Queryable): Promise<OutboxStats> {
  const rows = await db.query<{ kind: OutboxKind; state: JobState; n: number; oldest: number | null }>(
    `WITH jobs AS (
       SELECT kind, status, attempts, next_attempt_at FROM mail_outbox
       UNION ALL SELECT 'webhook', status, attempts, next_attempt_at FROM webhook_outbox
     )
     SELECT kind,
            CASE status WHEN 'pending' THEN CASE WHEN attempts = 0 THEN 'queued' ELSE 'retrying' END WHEN 'failed' THEN 'dead' ELSE status END AS state,
            count(*)::int AS n,
            extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE status = 'pending' AND next_attempt_at <= now()))::float8 AS oldest
     FROM jobs GROUP BY 1, 2`,
  );
  const oldestDueSeconds: Record<OutboxKind, number> = { mail: 0, webhook: 0, reminder: 0 };
  for (const row of rows) oldestDueSeconds[row.kind] = Math.max(oldestDueSeconds[row.kind], row.oldest ?? 0);
  return { jobs: rows.map((row) => ({ kind: row.kind, state: row.state, count: row.n })), oldestDueSeconds };
}
