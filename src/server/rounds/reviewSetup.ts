import type { RoundReviewSetup } from '../../api/contracts/rounds';
import type { ProgrammeReview, ReviewConfig } from '../../config/review';
import type { ReviewedProgrammeKey } from '../../config/programmes';
import type { Database, Queryable } from '../storage/database';
import type { StoredRound } from './store';

/**
 * The review set-up of a round (migration 20, column rounds.review): the rubric, blind review, reviewers per
 * application, the decision reasons and the Desacuerdo threshold. Every reader of an application's review asks
 * `reviewOfApplication`; the round's page asks `reviewOfRound`. The running configuration (REVIEW_CONFIG or the
 * defaults of src/config/review.ts) only seeds rounds that have none (`seedRoundReviews`, at start).
 */

/** A round's set-up; the same shape as one programme of the configuration, plus what it sets per round. */
export type RoundReviewConfig = ProgrammeReview & { readonly reviewersPerApplication: number; readonly disagreementThreshold: number };

/** Round-robin's default before rounds held it. */
export const DEFAULT_REVIEWERS_PER_APPLICATION = 1;

/** The set-up a round without one takes from the running configuration. */
export function reviewFromConfig(config: ReviewConfig, programme: ReviewedProgrammeKey): RoundReviewConfig {
  const review = config.programmes[programme];
  return { ...review, reviewersPerApplication: DEFAULT_REVIEWERS_PER_APPLICATION, disagreementThreshold: config.disagreementThreshold };
}

export const setupOf = (review: RoundReviewConfig): RoundReviewSetup => ({
  // Fields in one order (a jsonb column keeps its own), so that two set-ups compare as text.
  criteria: review.criteria.map(({ key, label, description, weight, meanings }) => ({ key, label, description, weight, meanings: [...meanings] })),
  blind: review.blind,
  reviewersPerApplication: review.reviewersPerApplication,
  reasons: { approved: review.reasons.approved.map(({ key, label }) => ({ key, label })), rejected: review.reasons.rejected.map(({ key, label }) => ({ key, label })) },
  disagreementThreshold: review.disagreementThreshold,
});

export const fromStored = (value: RoundReviewSetup): RoundReviewConfig => ({
  criteria: value.criteria.map((criterion) => ({ ...criterion, meanings: criterion.meanings as unknown as readonly [string, string, string, string, string] })),
  blind: value.blind,
  reviewersPerApplication: value.reviewersPerApplication,
  reasons: value.reasons,
  disagreementThreshold: value.disagreementThreshold,
});

export type ReviewRow = { programme: ReviewedProgrammeKey; review: RoundReviewSetup | string | null };
export const parsed = (row: ReviewRow, fallback: ReviewConfig): RoundReviewConfig =>
  row.review === null ? reviewFromConfig(fallback, row.programme) : fromStored(typeof row.review === 'string' ? (JSON.parse(row.review) as RoundReviewSetup) : row.review);

/** "The review set-up of this round"; null when the id names no round. `fallback` answers for a round not seeded yet. */
export async function reviewOfRound(db: Queryable, roundId: string, fallback: ReviewConfig): Promise<RoundReviewConfig | null> {
  if (!/^[1-9][0-9]{0,17}$/.test(roundId)) return null;
  const [row] = await db.query<ReviewRow>('SELECT programme, review FROM rounds WHERE id = $1', [roundId]);
  return row ? parsed(row, fallback) : null;
}

/**
 * "The review set-up of this application": its round's. Null for a submission that is not reviewed (the payment-details
 * form belongs to no round) or does not exist.
 */
export async function reviewOfApplication(db: Queryable, submissionId: string, fallback: ReviewConfig): Promise<RoundReviewConfig | null> {
  if (!/^[1-9][0-9]{0,17}$/.test(submissionId)) return null;
  const [row] = await db.query<{ form: string; programme: ReviewedProgrammeKey | null; review: ReviewRow['review'] }>(
    'SELECT s.form, r.programme, r.review FROM submissions s LEFT JOIN rounds r ON r.id = s.round_id WHERE s.id = $1',
    [submissionId],
  );
  if (!row) return null;
  if (row.programme !== null) return parsed({ programme: row.programme, review: row.review }, fallback);
  // A reviewed application not filed in a round yet (the start files every one in): the running configuration's.
  return row.form in fallback.programmes ? reviewFromConfig(fallback, row.form as ReviewedProgrammeKey) : null;
}

/** The rounds (ids) that review blind: a reviewer reads "Oculto" in their undecided applications. */
export async function blindRoundIds(db: Queryable, fallback: ReviewConfig): Promise<string[]> {
  const rows = await db.query<{ id: string; programme: ReviewedProgrammeKey; blind: boolean | null }>(
    `SELECT id::text AS id, programme, (review ->> 'blind')::boolean AS blind FROM rounds`,
  );
  return rows.filter((row) => row.blind ?? fallback.programmes[row.programme].blind).map((row) => row.id);
}

/** At start: every round without a set-up takes the running configuration's (REVIEW_CONFIG or the defaults). How many were seeded. */
export async function seedRoundReviews(database: Database, config: ReviewConfig): Promise<number> {
  return database.transaction(async (tx) => {
    const rows = await tx.query<{ id: string; programme: ReviewedProgrammeKey }>('SELECT id::text AS id, programme FROM rounds WHERE review IS NULL ORDER BY id FOR UPDATE');
    for (const row of rows) {
      await tx.query('UPDATE rounds SET review = $2::jsonb WHERE id = $1 AND review IS NULL', [row.id, JSON.stringify(setupOf(reviewFromConfig(config, row.programme)))]);
    }
    return rows.length;
  });
}

/** A new round's set-up: its programme's previous round's (the latest opening before it), else the configuration's. Call in the creating transaction. */
export async function copyPreviousReview(tx: Queryable, round: Pick<StoredRound, 'id' | 'programme' | 'opensAt'>, fallback: ReviewConfig): Promise<void> {
  const [previous] = await tx.query<ReviewRow>(
    `SELECT programme, review FROM rounds WHERE programme = $1 AND id <> $2 AND review IS NOT NULL
     ORDER BY (opens_at <= $3) DESC, CASE WHEN opens_at <= $3 THEN opens_at END DESC, opens_at, id DESC LIMIT 1`,
    [round.programme, round.id, round.opensAt],
  );
  const review = previous ? parsed(previous, fallback) : reviewFromConfig(fallback, round.programme);
  await tx.query('UPDATE rounds SET review = $2::jsonb WHERE id = $1', [round.id, JSON.stringify(setupOf(review))]);
}


/** The round an application came in; null for one of no round (payment details) or none at all. */
export async function roundIdOf(db: Queryable, submissionId: string): Promise<string | null> {
  if (!/^[1-9][0-9]{0,17}$/.test(submissionId)) return null;
  const [row] = await db.query<{ round_id: string | null }>('SELECT round_id::text AS round_id FROM submissions WHERE id = $1', [submissionId]);
  return row?.round_id ?? null;
}

/** The one line a start logs while REVIEW_CONFIG is set: it only seeds rounds that have no set-up. */
export const REVIEW_CONFIG_SEED_MESSAGE =
  'REVIEW_CONFIG only seeds the review set-up of rounds that have none; the rubric, blind review, reasons and threshold are now edited per round at /equipo/convocatorias/ (the setting can be removed)';
