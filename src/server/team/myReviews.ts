import type { MyReviewItem, MyReviews } from '../../api/contracts/teamApplications';
import { programmes } from '../../config/programmes';
import type { FormKey } from '../../forms/definitions/types';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import { referenceOf } from '../mail/compose';
import type { RoundScope } from '../rounds/filter';
import type { Queryable } from '../storage/database';
import { aggregateOf } from './inboxFilter';
import type { Role } from './roles';

type Row = {
  form: FormKey;
  id: string;
  created_at: Date;
  status: ApplicationStatus;
  assigned_at: Date;
  declaration: 'none' | 'conflict' | null;
  scored_at: Date | null;
  score: string | null;
  reviews_done: number | null;
  reviews_assigned: number | null;
  spread: string | null;
  disagreement: boolean | null;
};

const CLOSED: readonly ApplicationStatus[] = ['approved', 'rejected', 'withdrawn'];


/**
 * A member's own reviews, oldest application first: `pending` (assigned, not scored by them, still open; declared
 * no conflict or not declared yet), `scored` (they sent their scores) and `recused` (they declared a conflict: the
 * reference only), of some rounds (their ids) or of all (null). The aggregate follows the detail's gate: a reviewer reads it once they have scored, an admin always.
 */
export async function listMyReviews(db: Queryable, member: { readonly memberId: string; readonly role: Role }, round: RoundScope = null): Promise<MyReviews> {
  const rows = await db.query<Row>(
    `SELECT s.form, s.id::text AS id, s.created_at, s.status, a.assigned_at, a.declaration, v.updated_at AS scored_at,
            ag.score::text AS score, ag.reviews_done, ag.reviews_assigned, ag.spread::text AS spread, ag.disagreement
     FROM review_assignments a JOIN submissions s ON s.id = a.submission_id
     LEFT JOIN review_verdicts v ON v.submission_id = a.submission_id AND v.member_id = a.member_id
     LEFT JOIN review_aggregates ag ON ag.submission_id = a.submission_id
     WHERE a.member_id = $1 AND ($2::bigint[] IS NULL OR s.round_id = ANY($2::bigint[]))
     ORDER BY s.created_at, s.id`,
    [member.memberId, round],
  );
  const result: MyReviews = { pending: [], scored: [], recused: [] };
  for (const row of rows) {
    const reference = referenceOf(row.form, row.id);
    const head = { id: reference, reference, form: row.form };
    if (row.declaration === 'conflict') {
      result.recused.push(head);
      continue;
    }
    const scored = row.scored_at !== null;
    if (!scored && CLOSED.includes(row.status)) continue;
    const item: MyReviewItem = {
      ...head,
      programme: programmes[row.form].name,
      submittedAt: row.created_at.toISOString(),
      assignedAt: row.assigned_at.toISOString(),
      status: row.status,
      declaration: row.declaration,
      scoredAt: row.scored_at?.toISOString() ?? null,
      aggregate:
        scored || member.role === 'admin'
          ? aggregateOf({ score: row.score, reviews_done: row.reviews_done ?? 0, reviews_assigned: row.reviews_assigned ?? 0, spread: row.spread, disagreement: row.disagreement ?? false })
          : null,
    };
    (scored ? result.scored : result.pending).push(item);
  }
  return result;
}
