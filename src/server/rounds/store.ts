import type { RoundBudget, RoundState, RoundTimezone } from '../../api/contracts/rounds';
import type { ReviewedProgrammeKey } from '../../config/programmes';
import { minorFromDatabase, toDecimalString, type Currency } from '../../lib/money';
import type { Queryable } from '../storage/database';

/**
 * The rounds table (migration 19): reading rows, a round's state at a moment, the round that accepts
 * applications now, and the programme lock every change of a programme's rounds holds.
 */

export type StoredRound = {
  readonly id: string;
  readonly programme: ReviewedProgrammeKey;
  readonly name: string;
  readonly opensAt: Date;
  readonly closesAt: Date | null;
  readonly timezone: RoundTimezone;
  readonly graceHours: number;
  readonly budget: RoundBudget | null;
  /** The budget in minor units, as stored (the amount above is its decimal string). */
  readonly budgetMinor: bigint | null;
  readonly cap: number | null;
  readonly announcedState: RoundState | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
};

type RoundRow = {
  id: string;
  programme: ReviewedProgrammeKey;
  name: string;
  opens_at: Date | string;
  closes_at: Date | string | null;
  timezone: RoundTimezone;
  grace_hours: number;
  budget_amount: string | null;
  budget_currency: Currency | null;
  cap: number | null;
  announced_state: RoundState | null;
  created_at: Date | string;
  updated_at: Date | string;
};

export const ROUND_COLUMNS =
  'r.id::text AS id, r.programme, r.name, r.opens_at, r.closes_at, r.timezone, r.grace_hours, r.budget_amount::text AS budget_amount, r.budget_currency, r.cap, r.announced_state, r.created_at, r.updated_at';

export function roundOf(row: RoundRow): StoredRound {
  return {
    id: row.id,
    programme: row.programme,
    name: row.name,
    opensAt: new Date(row.opens_at),
    closesAt: row.closes_at === null ? null : new Date(row.closes_at),
    timezone: row.timezone,
    graceHours: row.grace_hours,
    budget: row.budget_amount !== null && row.budget_currency !== null ? { amount: toDecimalString(minorFromDatabase(row.budget_amount), row.budget_currency), currency: row.budget_currency } : null,
    budgetMinor: row.budget_amount !== null ? minorFromDatabase(row.budget_amount) : null,
    cap: row.cap,
    announcedState: row.announced_state,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

const HOUR_MS = 60 * 60 * 1000;

/** Where a round stands as published: the grace period never counts here. */
export function stateAt(round: Pick<StoredRound, 'opensAt' | 'closesAt'>, now: Date): RoundState {
  if (now < round.opensAt) return 'upcoming';
  if (round.closesAt !== null && now >= round.closesAt) return 'closed';
  return 'open';
}

/** The first moment the round no longer accepts applications: its close plus the grace period; null: never. */
export function acceptsUntil(round: Pick<StoredRound, 'closesAt' | 'graceHours'>): Date | null {
  return round.closesAt === null ? null : new Date(round.closesAt.getTime() + round.graceHours * HOUR_MS);
}

export async function readRounds(db: Queryable, where = 'TRUE', params: unknown[] = []): Promise<StoredRound[]> {
  const rows = await db.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM rounds r WHERE ${where} ORDER BY r.programme, r.opens_at, r.id`, params);
  return rows.map(roundOf);
}

/** A round by the id a URL names (any string); null when it names none. */
export async function readRound(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<StoredRound | null> {
  if (!/^[1-9][0-9]{0,17}$/.test(id)) return null;
  const rows = await db.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM rounds r WHERE r.id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? roundOf(rows[0]) : null;
}

/**
 * The programme's round that accepts applications at `now`: opened, and not past its close plus grace. With `lock`,
 * its row is share-locked until the transaction ends: nobody changes the round (closes, extends, edits it) while an
 * application joins it, and applications join it side by side (a change waits for them; one waiting for a change reads
 * the changed round). A cap is counted under a lock of its own (src/server/rounds/accept.ts).
 */
export async function acceptingRound(db: Queryable, programme: string, now: Date, options: { lock?: boolean } = {}): Promise<StoredRound | null> {
  const rows = await db.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM rounds r
     WHERE r.programme = $1 AND r.opens_at <= $2 AND (r.closes_at IS NULL OR $2 < r.closes_at + r.grace_hours * interval '1 hour')
     ORDER BY r.opens_at DESC LIMIT 1${options.lock ? ' FOR SHARE' : ''}`,
    [programme, now],
  );
  return rows[0] ? roundOf(rows[0]) : null;
}

/**
 * The round the public pages speak of: the open one, else the next upcoming, else the last closed (the grace period never
 * counts: a round in its grace period reads closed). Also what a refusal names.
 */
export function roundToShow(rounds: readonly StoredRound[], now: Date): StoredRound | null {
  const open = rounds.find((round) => stateAt(round, now) === 'open');
  if (open) return open;
  const upcoming = rounds.filter((round) => stateAt(round, now) === 'upcoming').sort((a, b) => a.opensAt.getTime() - b.opensAt.getTime());
  if (upcoming[0]) return upcoming[0];
  const closed = rounds.filter((round) => stateAt(round, now) === 'closed').sort((a, b) => b.closesAt!.getTime() - a.closesAt!.getTime());
  return closed[0] ?? null;
}

/** Any constant: with the programme, the advisory lock that serialises changes to one programme's rounds. */
const ROUNDS_LOCK_KEY = 727_019;

/** Holds the programme's lock until the transaction ends: overlaps are checked and rounds seeded one change at a time. */
export async function lockProgramme(tx: Queryable, programme: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ROUNDS_LOCK_KEY, programme]);
}

/**
 * Another round of the programme whose span [opens, close + grace) meets this one's; call holding the programme's lock.
 * `closesAt` null: no end.
 */
export async function overlappingRound(
  tx: Queryable,
  span: { programme: string; opensAt: Date; closesAt: Date | null; graceHours: number; exceptId?: string },
): Promise<StoredRound | null> {
  const end = span.closesAt === null ? null : new Date(span.closesAt.getTime() + span.graceHours * HOUR_MS);
  const rows = await tx.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM rounds r
     WHERE r.programme = $1 AND r.id <> COALESCE($4::bigint, 0)
       AND r.opens_at < COALESCE($3::timestamptz, 'infinity'::timestamptz)
       AND $2::timestamptz < COALESCE(r.closes_at + r.grace_hours * interval '1 hour', 'infinity'::timestamptz)
     ORDER BY r.opens_at LIMIT 1`,
    [span.programme, span.opensAt, end, span.exceptId ?? null],
  );
  return rows[0] ? roundOf(rows[0]) : null;
}

/** Applications per round: all received; in review (or waiting for the applicant); decided or withdrawn. */
export async function countsByRound(db: Queryable): Promise<Map<string, { received: number; inReview: number; decided: number }>> {
  const rows = await db.query<{ round_id: string; received: number; in_review: number; decided: number }>(
    `SELECT round_id::text AS round_id,
        count(*)::int AS received,
        count(*) FILTER (WHERE status IN ('in_review', 'information_requested'))::int AS in_review,
        count(*) FILTER (WHERE status IN ('approved', 'rejected', 'withdrawn'))::int AS decided
     FROM submissions WHERE round_id IS NOT NULL GROUP BY round_id`,
  );
  return new Map(rows.map((row) => [row.round_id, { received: row.received, inReview: row.in_review, decided: row.decided }]));
}
