/**
 * The arithmetic of a review, free of the database: a reviewer's weighted total and an
 * application's aggregate. src/server/team/scoring/store.ts stores what these return.
 */

export type WeightedCriterion = { readonly key: string; readonly weight: number };

/** A reviewer's total on the 1–5 scale: Σ weight·score / Σ weight over the rubric's criteria (all scored). */
export function reviewerTotal(criteria: readonly WeightedCriterion[], scores: Readonly<Record<string, number>>): number {
  let weighted = 0;
  let weights = 0;
  for (const { key, weight } of criteria) {
    const score = scores[key];
    if (score === undefined) throw new Error(`criterion '${key}' has no score`);
    weighted += weight * score;
    weights += weight;
  }
  if (weights === 0) throw new Error('a rubric without criteria');
  return weighted / weights;
}

/** One assigned reviewer as aggregation sees them: recused (declared a conflict) or not, and their total once submitted. */
export type ReviewerStanding = { readonly recused: boolean; readonly total: number | null };

export type Aggregate = {
  /** Mean of the submitted totals; null before the first. */
  readonly score: number | null;
  readonly reviewsDone: number;
  /** Recused reviewers count in neither. */
  readonly reviewsAssigned: number;
  /** Highest total minus lowest; null before the first. */
  readonly spread: number | null;
  /** At least two totals at least `threshold` apart. */
  readonly disagreement: boolean;
};

/**
 * Rounded to 4 decimals before comparing, so that totals like 2.1 and 3.6 (a spread of 1.5 in
 * decimal, 1.4999… in binary) flag a disagreement at a threshold of 1.5 as a reader expects.
 */
const round = (value: number): number => Math.round(value * 10_000) / 10_000;

export function aggregateReviews(reviewers: readonly ReviewerStanding[], threshold: number): Aggregate {
  const counted = reviewers.filter((reviewer) => !reviewer.recused);
  const totals = counted.flatMap((reviewer) => (reviewer.total === null ? [] : [reviewer.total]));
  if (totals.length === 0) return { score: null, reviewsDone: 0, reviewsAssigned: counted.length, spread: null, disagreement: false };
  const spread = round(Math.max(...totals) - Math.min(...totals));
  return {
    score: round(totals.reduce((sum, total) => sum + total, 0) / totals.length),
    reviewsDone: totals.length,
    reviewsAssigned: counted.length,
    spread,
    disagreement: totals.length >= 2 && spread >= threshold,
  };
}
