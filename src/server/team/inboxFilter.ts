import type { InboxSort, ReviewFilter } from '../../api/contracts/teamApplications';
import type { FormKey } from '../../forms/definitions/types';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import { answersMatch } from '../storage/search';
import { blindSearchCondition, blindSearchParameters, type BlindContext } from './blind';

/**
 * The inbox's filter as SQL over `submissions s LEFT JOIN review_aggregates ag`: the one definition the team's list
 * (src/server/team/applications.ts) and every CSV of it (src/server/export/applications.ts, the team route and the
 * CLI) read, so the export holds exactly what the screen lists.
 */

/** Who asks: their member id (null for the operator's CLI), role and the programmes that review blind. */
export type Viewer = BlindContext & { readonly memberId: string | null };

/** The operator at the command line: reads everything, as an admin does, and is nobody's reviewer. */
export const OPERATOR: Viewer = { memberId: null, role: 'admin', blindForms: [] };

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
};

/** Whether a filter leaves grantee finance out: it has no review status, reviewers or scores. */
export const reviewOnly = (filter: InboxFilter): boolean => filter.statuses != null || filter.assignee != null || (filter.review?.length ?? 0) > 0;

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

/** SQL expressions about the viewer and one application `s`. */
export function viewerTerms(parameters: SqlParameters, viewer: Viewer) {
  const me = parameters.add(viewer.memberId);
  const role = parameters.add(viewer.role);
  const myAssignment = `SELECT 1 FROM review_assignments mine WHERE mine.submission_id = s.id AND mine.member_id = ${me}::bigint`;
  const myVerdict = `EXISTS (SELECT 1 FROM review_verdicts v WHERE v.submission_id = s.id AND v.member_id = ${me}::bigint)`;
  /** They declared a conflict on it: they get its reference and nothing else. */
  const recused = `EXISTS (${myAssignment} AND mine.declaration = 'conflict')`;
  /** Assigned to them and not recused. */
  const reviewing = `EXISTS (${myAssignment} AND mine.declaration IS DISTINCT FROM 'conflict')`;
  /**
   * Whether the aggregate is kept from them: finance reads nothing of scores; a reviewer reads the others' scores
   * (and so the aggregate) only once they have sent theirs; admins read all (the gate of the application's detail).
   */
  const scoresHidden = `(${role} = 'finance' OR (${role} = 'reviewer' AND (${recused} OR NOT ${myVerdict})))`;
  return { recused, reviewing, myVerdict, scoresHidden };
}

/** The conditions on `s` (and `ag`) of the filter for this viewer; `range` is the date condition on a column. */
export function submissionConditions(parameters: SqlParameters, filter: InboxFilter, viewer: Viewer, terms: ReturnType<typeof viewerTerms>, forms: readonly FormKey[]): string[] {
  const search = parameters.add(filter.search ?? null);
  const [blindForms, hiddenKeys] = blindSearchParameters(viewer, forms);
  const conditions = [
    `(${parameters.add(filter.since)}::timestamptz IS NULL OR s.created_at >= $${parameters.values.length})`,
    `(${parameters.add(filter.before ?? null)}::timestamptz IS NULL OR s.created_at < $${parameters.values.length})`,
    answersMatch('s', search),
    blindSearchCondition('s', search, parameters.add(blindForms), parameters.add(hiddenKeys)),
  ];
  // A search never finds an application its recused reviewer may not read.
  if (filter.search) conditions.push(`NOT ${terms.recused}`);
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
