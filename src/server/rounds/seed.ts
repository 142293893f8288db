import { ROUND_PROGRAMMES } from '../../api/contracts/rounds';
import { programmes, roundEnd, roundStart, type ProgrammeKey, type ReviewedProgrammeKey, type RoundDates } from '../../config/programmes';
import type { Database } from '../storage/database';
import { lockProgramme, stateAt } from './store';

/**
 * The first rounds, at each start (idempotent; two servers starting together seed once: each programme is
 * seeded holding its lock, and only while it has no round). A programme with no round gets one from the
 * settings the deployment has today: the grant rounds' NEXT_PUBLIC_*_OPENS/_CLOSES (a calendar day closes
 * at the end of that day, UTC, as before), any other programme a round always open (no closing moment).
 * Its applications so far join that round. Once a programme has rounds, the settings are never read again.
 */

export type SeedReport = {
  /** Programmes given their first round by this start. */
  readonly seeded: readonly ReviewedProgrammeKey[];
  /** Programmes whose dates are set in the environment but already had rounds: the settings were not read. */
  readonly settingsUnread: readonly ReviewedProgrammeKey[];
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Academic Grants · primera convocatoria". */
export const seededRoundName = (programme: ReviewedProgrammeKey): string => `${programmes[programme].name} · primera convocatoria`;

export async function seedRounds(database: Database, settings: Readonly<Partial<Record<ProgrammeKey, RoundDates>>>, now: Date): Promise<SeedReport> {
  const seeded: ReviewedProgrammeKey[] = [];
  const settingsUnread: ReviewedProgrammeKey[] = [];
  for (const programme of ROUND_PROGRAMMES) {
    const dates = settings[programme] ?? {};
    const configured = dates.opens !== undefined || dates.closes !== undefined;
    const done = await database.transaction(async (tx) => {
      await lockProgramme(tx, programme);
      const [existing] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM rounds WHERE programme = $1', [programme]);
      if (existing!.n > 0) return false;
      const [earliest] = await tx.query<{ at: Date | string | null }>('SELECT min(created_at) AS at FROM submissions WHERE form = $1', [programme]);
      const start = roundStart(dates);
      const end = roundEnd(dates);
      const closesAt = Number.isFinite(end) ? new Date(end) : null;
      // No opening date: the round has been open since its first application (or now), and a day before its close at the latest.
      const opensAt = Number.isFinite(start)
        ? new Date(start)
        : new Date(Math.min(now.getTime(), earliest?.at ? new Date(earliest.at).getTime() : Infinity, closesAt ? closesAt.getTime() - DAY_MS : Infinity));
      const [round] = await tx.query<{ id: string }>(
        `INSERT INTO rounds (programme, name, opens_at, closes_at, timezone, grace_hours, announced_state) VALUES ($1, $2, $3, $4, 'UTC', 0, $5) RETURNING id::text AS id`,
        [programme, seededRoundName(programme), opensAt, closesAt, stateAt({ opensAt, closesAt }, now)],
      );
      await tx.query('UPDATE submissions SET round_id = $1 WHERE form = $2 AND round_id IS NULL', [round!.id, programme]);
      return true;
    });
    if (done) seeded.push(programme);
    else if (configured) settingsUnread.push(programme);
  }
  return { seeded, settingsUnread };
}

/** The one line a start logs when the environment still sets round dates that no longer decide anything. */
export const SETTINGS_UNREAD_MESSAGE =
  'NEXT_PUBLIC_*_OPENS/_CLOSES only seeded the first round of each programme; rounds are now edited at /equipo/convocatorias/ (the settings can be removed)';
