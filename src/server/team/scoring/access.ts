import type { Queryable } from '../../storage/database';
import { seesScoring, type Role } from '../roles';

/**
 * Who may read what of an application's review. Every read of scores goes through scoreVisibility
 * (the detail here, the inbox's CSV too); every route about one application goes through
 * withheldFrom (src/server/team/routes/scoring.ts hooks it in front of them all).
 */

export type Declaration = 'none' | 'conflict';

/** A member's standing on one application: assigned or not, their declaration, whether they submitted scores. */
export type Standing = { readonly assigned: boolean; readonly declaration: Declaration | null; readonly submitted: boolean };

export const NOT_ASSIGNED: Standing = { assigned: false, declaration: null, submitted: false };

export type ScoreVisibility = {
  /** The rubric, their own assignment and scores. */
  readonly own: boolean;
  /** The other reviewers' scores and comments, and the aggregate. */
  readonly others: boolean;
  /** Every reviewer's declaration, conflict reasons included. */
  readonly declarations: boolean;
};

const NOTHING: ScoreVisibility = { own: false, others: false, declarations: false };

/**
 * What a member sees of an application's scores: finance nothing; a member who declared a conflict
 * nothing; an admin everything; anyone else their own, and the others' (with the aggregate) only
 * once they have submitted their own.
 */
export function scoreVisibility(role: Role, standing: Standing): ScoreVisibility {
  if (!seesScoring(role) || standing.declaration === 'conflict') return NOTHING;
  if (role === 'admin') return { own: true, others: true, declarations: true };
  return { own: true, others: standing.submitted, declarations: false };
}

/** A member may score when assigned, declared no conflict, and the application is not decided. */
export const mayScore = (standing: Standing, status: string): boolean => standing.assigned && standing.declaration === 'none' && status !== 'approved' && status !== 'rejected';

/** The member's standing on many submissions at once (a listing, a CSV): those not listed are NOT_ASSIGNED. */
export async function standingsOf(db: Queryable, submissionIds: readonly string[], memberId: string): Promise<Map<string, Standing>> {
  const rows = await db.query<{ submission_id: string; declaration: Declaration | null; submitted: boolean }>(
    `SELECT a.submission_id::text AS submission_id, a.declaration,
            EXISTS (SELECT 1 FROM review_verdicts v WHERE v.submission_id = a.submission_id AND v.member_id = a.member_id) AS submitted
     FROM review_assignments a WHERE a.submission_id = ANY($1::bigint[]) AND a.member_id = $2`,
    [submissionIds, memberId],
  );
  return new Map(rows.map((row) => [row.submission_id, { assigned: true, declaration: row.declaration, submitted: row.submitted }]));
}

/** The member's standing on one submission. */
export async function standingOf(db: Queryable, submissionId: string, memberId: string): Promise<Standing> {
  return (await standingsOf(db, [submissionId], memberId)).get(submissionId) ?? NOT_ASSIGNED;
}

/**
 * Why a member gets only the reference of an application: 'declare' while assigned and not yet
 * declared, 'recused' once they declared a conflict (for good); null when nothing is withheld.
 */
export async function withheldFrom(db: Queryable, submissionId: string, memberId: string): Promise<'declare' | 'recused' | null> {
  const standing = await standingOf(db, submissionId, memberId);
  if (!standing.assigned) return null;
  if (standing.declaration === null) return 'declare';
  return standing.declaration === 'conflict' ? 'recused' : null;
}

export const WITHHELD_MESSAGES = {
  declare: 'Antes de ver esta solicitud, declara si tienes un conflicto de interés.',
  recused: 'Declaraste un conflicto de interés con esta solicitud: no puedes verla ni actuar sobre ella.',
} as const;
