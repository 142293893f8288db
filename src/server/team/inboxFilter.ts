import type { InboxSort, ReviewFilter } from '../../api/contracts/teamApplications';
import type { FormKey } from '../../forms/definitions/types';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import { answersMatch } from '../storage/search';
import { blindSearchCondition, blindSearchParameters, type BlindContext } from './blind';
import type { RoundScope } from '../rounds/filter';

/**
 * The inbox's filter as SQL over `submissions s LEFT JOIN review_aggregates ag`: the one definition the team's list
 * (src/server/team/applications.ts) and every CSV of it (src/server/export/applications.ts, the team route and the
 * CLI) read, so the export holds exactly what the screen lists.
 */

/** Who asks: their member id (null for the operator's CLI), role and the rounds that review blind. */
export type Viewer = BlindContext & { readonly memberId: string | null };

/** The operator at the command line: reads everything, as an admin does, and is nobody's reviewer. */
export const OPERATOR: Viewer = { memberId: null, role: 'admin', blindRounds: [] };

export type InboxFilter = {
  readonly since: Date | null;
  readonly before?: Date | null;
  readonly search?: string | null;
  /** Only these review statuses (grantee finance, which has none, is then left out); null: any. */
  readonly statuses?: readonly ApplicationStatus[] | null;
  /** Only applications with this member among their reviewers, or (memberId null) with none; null: anyone's. */
  readonly assignee?: { readonly memberId: string | null } | null;
  /** "Me toca revisar", "Falta mi puntaje", "Desacuerdo": all those given hold. */
  readonly review?: readonly ReviewFilter[];
  readonly sort?: InboxSort;
  /** Only the applications of these rounds (submissions.round_id; src/server/rounds/filter.ts); null: every round. */
  readonly round?: RoundScope;
};

/** Whether a filter leaves grantee finance out: it has no review status, reviewers or scores, and belongs to no round. */
export const reviewOnly = (filter: InboxFilter): boolean => filter.statuses != null || filter.assignee != null || (filter.review?.length ?? 0) > 0 || filter.round != null;

/** Query parameters in order, named by their placeholder ($1, $2, …) as they are added. */
export class SqlParameters {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Decided or withdrawn: nothing is left to review. */
const CLOSED = `('approved', 'rejected', 'withdrawn')`;

/**
 * SQL about the viewer and one application `s`: `joins` (to put after `submissions s`) brings in their own assignment
 * (`mine`) and submitted review (`my_verdict`) as outer joins, which the planner hashes once instead of looking them
 * up row by row; the expressions read those.
 */
export function viewerTerms(parameters: SqlParameters, viewer: Viewer) {
  const me = parameters.add(viewer.memberId);
  const joins = `LEFT JOIN review_assignments mine ON mine.submission_id = s.id AND mine.member_id = ${me}::bigint
       LEFT JOIN review_verdicts my_verdict ON my_verdict.submission_id = s.id AND my_verdict.member_id = ${me}::bigint`;
  const myVerdict = '(my_verdict.member_id IS NOT NULL)';
  /** They declared a conflict on it. */
  const recused = "(mine.declaration IS NOT DISTINCT FROM 'conflict')";
  /**
   * Assigned to them and not declared free of conflict (not yet, or recused): as the application's detail does
   * (src/server/team/scoring/access.ts, withheldFrom), they get its reference and nothing else.
   */
  const withheld = "(mine.member_id IS NOT NULL AND mine.declaration IS DISTINCT FROM 'none')";
  /** Assigned to them and not recused. */
  const reviewing = "(mine.member_id IS NOT NULL AND mine.declaration IS DISTINCT FROM 'conflict')";
  /**
   * Whether the aggregate is kept from them, as scoreVisibility (src/server/team/scoring/access.ts) decides for the
   * detail: finance reads nothing of scores, nor does anyone recused; admins read all; a reviewer reads the others'
   * scores (and so the aggregate) once they have sent theirs. The role is known here, so the planner gets a constant.
   */
  const scoresHidden = viewer.role === 'finance' ? 'true' : viewer.role === 'admin' ? recused : `(${recused} OR NOT ${myVerdict})`;
  return { joins, recused, withheld, reviewing, myVerdict, scoresHidden };
}

/** `submissions s` with its aggregate `ag` and the viewer's own assignment and review. */
export const reviewedFrom = (terms: ReturnType<typeof viewerTerms>): string => `submissions s LEFT JOIN review_aggregates ag ON ag.submission_id = s.id
       ${terms.joins}`;

/** What reviewColumns adds to a row (numeric comes back from PostgreSQL as text). */
export type ReviewColumns = {
  score: string | null;
  reviews_done: number;
  reviews_assigned: number;
  spread: string | null;
  disagreement: boolean;
  withheld: boolean;
};

/** A numeric column as the team reads it: rounded to two decimals. */
export const decimal = (value: string | null): number | null => (value === null ? null : Math.round(Number(value) * 100) / 100);

/** The aggregate of a row's review columns, as the inbox and a reviewer's own list answer it. */
export const aggregateOf = (row: Pick<ReviewColumns, 'score' | 'reviews_done' | 'reviews_assigned' | 'spread' | 'disagreement'>) => ({
  score: decimal(row.score),
  reviewsDone: row.reviews_done,
  reviewsAssigned: row.reviews_assigned,
  spread: decimal(row.spread),
  disagreement: row.disagreement,
});

/** The review columns of a row as the viewer may read them: the aggregate is null (no flag) where it is kept from them. */
export const reviewColumns = (terms: ReturnType<typeof viewerTerms>): string => {
  const hidden = terms.scoresHidden;
  return `${hidden} AS scores_hidden, CASE WHEN ${hidden} THEN NULL ELSE ag.score END AS score, COALESCE(ag.reviews_done, 0) AS reviews_done,
       COALESCE(ag.reviews_assigned, 0) AS reviews_assigned, CASE WHEN ${hidden} THEN NULL ELSE ag.spread END AS spread,
       COALESCE(ag.disagreement, false) AND NOT ${hidden} AS disagreement, ${terms.withheld} AS withheld,
       mine.member_id IS NOT NULL AS assigned, mine.declaration, ${terms.myVerdict} AS submitted`;
};

/** The conditions on `s` (and `ag`) of the filter for this viewer; `range` is the date condition on a column. */
export function submissionConditions(parameters: SqlParameters, filter: InboxFilter, viewer: Viewer, terms: ReturnType<typeof viewerTerms>, forms: readonly FormKey[]): string[] {
  // Only the conditions in use are written: PGlite plans every query afresh, and planning is a good part of its time.
  const conditions: string[] = [];
  if (filter.round) conditions.push(`s.round_id = ANY(${parameters.add(filter.round)}::bigint[])`);
  if (filter.since) conditions.push(`s.created_at >= ${parameters.add(filter.since)}`);
  if (filter.before) conditions.push(`s.created_at < ${parameters.add(filter.before)}`);
  if (filter.search) {
    const search = parameters.add(filter.search);
    conditions.push(answersMatch('s', search));
    const [blindRounds, hiddenKeys] = blindSearchParameters(viewer, forms);
    if (blindRounds.length > 0) conditions.push(blindSearchCondition('s', search, parameters.add(blindRounds), parameters.add(hiddenKeys)));
  }
  // A search never finds an application whose answers are withheld from the member.
  if (filter.search) conditions.push(`NOT ${terms.withheld}`);
  if (filter.statuses) conditions.push(`s.status = ANY(${parameters.add(filter.statuses)}::text[])`);
  if (filter.assignee) {
    const anyReviewer = 'SELECT 1 FROM review_assignments a WHERE a.submission_id = s.id';
    conditions.push(filter.assignee.memberId === null ? `NOT EXISTS (${anyReviewer})` : `EXISTS (${anyReviewer} AND a.member_id = ${parameters.add(filter.assignee.memberId)}::bigint)`);
  }
  for (const review of filter.review ?? []) {
    if (review === 'mine') conditions.push(`${terms.reviewing} AND s.status NOT IN ${CLOSED}`);
    if (review === 'missing-my-score') conditions.push(`${terms.reviewing} AND s.status NOT IN ${CLOSED} AND NOT ${terms.myVerdict}`);
    if (review === 'disagreement') conditions.push(`COALESCE(ag.disagreement, false) AND NOT ${terms.scoresHidden}`);
  }
  return conditions;
}

/** The ORDER BY of a sort over the listing's columns `score` (null where hidden), `created_at` and `id`. */
export function orderOf(sort: InboxSort | undefined): string {
  if (sort === 'score-desc') return 'score DESC NULLS LAST, created_at DESC, id DESC';
  if (sort === 'score-asc') return 'score ASC NULLS LAST, created_at DESC, id DESC';
  return 'created_at DESC, id DESC';
}
