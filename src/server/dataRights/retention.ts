import type { FastifyBaseLogger } from 'fastify';
import type { ReviewedProgrammeKey } from '../../config/programmes';
import { RETENTION_VARIABLES, retentionPeriod, type RetentionPeriod } from '../../config/retention';
import type { LoopTask } from '../pollingLoop';
import type { Database } from '../storage/database';
import { RETENTION_ACTOR } from '../team/audit';
import { eraseInTransaction } from './erase';

/**
 * Retention: a rejected or withdrawn application is erased once its programme's period has passed
 * since that decision (submissions.status_changed_at), through the same erasure as a request, with
 * its tombstone. Programmes without a period keep every application. The server sweeps once a day
 * (and shortly after it starts); with several servers on one PostgreSQL, one sweeps and the others
 * skip (a transaction-level advisory lock, released at commit).
 */

export type RetentionPeriods = Readonly<Partial<Record<ReviewedProgrammeKey, RetentionPeriod>>>;

type Env = Readonly<Record<string, string | undefined>>;

/** The configured periods (the NEXT_PUBLIC_*_RETENTION variables the privacy notice was built with). */
export function loadRetentionPeriods(env: Env = process.env): RetentionPeriods {
  const periods: Partial<Record<ReviewedProgrammeKey, RetentionPeriod>> = {};
  for (const [form, variable] of Object.entries(RETENTION_VARIABLES) as Array<[ReviewedProgrammeKey, string]>) {
    const period = retentionPeriod(variable, env[variable]);
    if (period) periods[form] = period;
  }
  return periods;
}

/** As a PostgreSQL interval: '6 month'. */
const intervalOf = (period: RetentionPeriod): string => `${period.amount} ${period.unit}`;

/** Any constant of its own: serialises sweeps across servers. */
export const RETENTION_LOCK_KEY = 727_018;
export const RETENTION_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** The first sweep after a start: soon, but not in the middle of the start itself. */
const FIRST_SWEEP_DELAY_MS = 60_000;

export type SweepReport = { readonly skipped: boolean; readonly erased: Readonly<Partial<Record<ReviewedProgrammeKey, number>>> };

/** One sweep: every programme with a period, in one transaction (nothing half-erased if it fails). */
export async function sweepRetention(database: Database, periods: RetentionPeriods): Promise<SweepReport> {
  const configured = Object.entries(periods) as Array<[ReviewedProgrammeKey, RetentionPeriod]>;
  if (configured.length === 0) return { skipped: false, erased: {} };
  return database.transaction(async (tx) => {
    const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [RETENTION_LOCK_KEY]);
    if (!lock?.locked) return { skipped: true, erased: {} };
    const erased: Partial<Record<ReviewedProgrammeKey, number>> = {};
    for (const [form, period] of configured) {
      const due = await tx.query<{ id: string }>(
        `SELECT id::text AS id FROM submissions
         WHERE form = $1 AND status IN ('rejected', 'withdrawn') AND status_changed_at < now() - $2::interval
         ORDER BY id FOR UPDATE SKIP LOCKED`,
        [form, intervalOf(period)],
      );
      // One erasure (and one tombstone) per application, as if each had been asked for.
      for (const { id } of due) await eraseInTransaction(tx, { submissionIds: [id] }, { actor: RETENTION_ACTOR, action: 'retention-erase' });
      if (due.length > 0) erased[form] = due.length;
    }
    return { skipped: false, erased };
  });
}

/** Sweeps shortly after start, then daily, on the server's loop; a failed sweep is logged and tried again the next time. */
export function retentionTask(deps: { database: Database; periods: RetentionPeriods; log: FastifyBaseLogger }): LoopTask | null {
  const { database, periods, log } = deps;
  if (Object.keys(periods).length === 0) return null;
  return {
    everyMs: RETENTION_SWEEP_INTERVAL_MS,
    firstAfterMs: FIRST_SWEEP_DELAY_MS,
    log,
    failureMessage: 'retention sweep failed; next one tomorrow',
    handleNext: async () => {
      const report = await sweepRetention(database, periods);
      if (!report.skipped) log.info({ erased: report.erased }, 'retention sweep done');
      return false;
    },
  };
}
