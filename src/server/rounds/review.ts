import type { RoundReviewBody, RoundReviewSetup } from '../../api/contracts/rounds';
import type { ReviewConfig } from '../../config/review';
import type { Database, Queryable } from '../storage/database';
import { recordAudit } from '../team/audit';
import type { Actor } from '../team/review';
import { refreshAggregate } from '../team/scoring/store';
import { fromStored, parsed, setupOf, type ReviewRow, type RoundReviewConfig } from './reviewSetup';
import { lockProgramme, readRound } from './store';

/** Changing a round's review set-up (POST /api/team/rounds/:roundId/review); reading it: ./reviewSetup.ts. */

export const REVIEW_MESSAGES = {
  notFound: 'No encontramos esa convocatoria.',
  duplicateCriterion: (key: string) => `Dos criterios usan la clave «${key}»: cada criterio necesita la suya.`,
  duplicateReason: (key: string) => `Dos motivos usan la clave «${key}»: cada motivo necesita la suya.`,
  locked:
    'Esta convocatoria ya tiene puntajes: agregar, quitar o cambiar el peso de un criterio cambiaría lo que significan. Para hacerlo, usa «recalcular», que vuelve a calcular todos los puntajes agregados de la convocatoria.',
} as const;

export type ReviewChangeOutcome =
  | { readonly status: 'changed'; readonly review: RoundReviewSetup; readonly scored: boolean; readonly recalculated: number }
  | { readonly status: 'refused'; readonly code: 400 | 404 | 409; readonly message: string };

/** Whether any reviewer has scored an application of the round: its rubric is then locked. */
export async function roundHasScores(db: Queryable, roundId: string): Promise<boolean> {
  const [row] = await db.query<{ scored: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM review_scores sc JOIN submissions s ON s.id = sc.submission_id WHERE s.round_id = $1) AS scored',
    [roundId],
  );
  return row!.scored;
}

function duplicate(items: ReadonlyArray<{ key: string }>): string | null {
  const seen = new Set<string>();
  for (const { key } of items) {
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return null;
}

/** Whether the change adds, removes or reweights a criterion (what changes past scores' meaning). */
const rubricChanged = (before: RoundReviewSetup, after: RoundReviewSetup): boolean =>
  before.criteria.length !== after.criteria.length ||
  before.criteria.some((criterion) => after.criteria.find((other) => other.key === criterion.key)?.weight !== criterion.weight);

/** "antes: {…} · después: {…}", only the fields that changed. */
function auditedChange(before: RoundReviewSetup, after: RoundReviewSetup): string {
  const fields = (Object.keys(after) as Array<keyof RoundReviewSetup>).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  const pick = (setup: RoundReviewSetup) => JSON.stringify(Object.fromEntries(fields.map((field) => [field, setup[field]])));
  return `antes: ${pick(before)} · después: ${pick(after)}`;
}

/**
 * Recomputes every reviewer's total of the round's applications under the new rubric (Σ weight·score / Σ weight over the
 * criteria the reviewer scored that the rubric still has) and every aggregate. How many applications were recomputed.
 */
async function recalculateRound(tx: Queryable, roundId: string, review: RoundReviewConfig, fallback: ReviewConfig): Promise<number> {
  const weights = new Map(review.criteria.map((criterion) => [criterion.key, criterion.weight]));
  const verdicts = await tx.query<{ submission_id: string; member_id: string }>(
    'SELECT v.submission_id::text AS submission_id, v.member_id::text AS member_id FROM review_verdicts v JOIN submissions s ON s.id = v.submission_id WHERE s.round_id = $1 ORDER BY v.submission_id, v.member_id',
    [roundId],
  );
  for (const verdict of verdicts) {
    const scores = await tx.query<{ criterion: string; score: number }>('SELECT criterion, score FROM review_scores WHERE submission_id = $1 AND member_id = $2', [verdict.submission_id, verdict.member_id]);
    let weighted = 0;
    let total = 0;
    for (const { criterion, score } of scores) {
      const weight = weights.get(criterion);
      if (weight === undefined) continue;
      weighted += weight * Number(score);
      total += weight;
    }
    // A reviewer who scored none of the criteria the rubric keeps has no total left: their verdict is withdrawn.
    if (total === 0) await tx.query('DELETE FROM review_verdicts WHERE submission_id = $1 AND member_id = $2', [verdict.submission_id, verdict.member_id]);
    else await tx.query('UPDATE review_verdicts SET total = $3 WHERE submission_id = $1 AND member_id = $2', [verdict.submission_id, verdict.member_id, weighted / total]);
  }
  const submissions = await tx.query<{ id: string }>(
    'SELECT s.id::text AS id FROM submissions s WHERE s.round_id = $1 AND EXISTS (SELECT 1 FROM review_assignments a WHERE a.submission_id = s.id) ORDER BY s.id',
    [roundId],
  );
  for (const { id } of submissions) await refreshAggregate(tx, id, fallback);
  return submissions.length;
}

/**
 * Changes a round's set-up. With scores in the round, wording, blind, reasons, reviewers per application and the
 * threshold change freely (audited before and after); adding, removing or reweighting a criterion is refused 409 unless
 * `recalculate`, which applies it and recomputes every aggregate of the round (audited with how many applications).
 */
export async function changeRoundReview(database: Database, input: { roundId: string; body: RoundReviewBody; actor: Actor; fallback: ReviewConfig }): Promise<ReviewChangeOutcome> {
  const { recalculate = false, ...wanted } = input.body;
  const after: RoundReviewSetup = setupOf(fromStored(wanted));
  const repeatedCriterion = duplicate(after.criteria);
  if (repeatedCriterion !== null) return { status: 'refused', code: 400, message: REVIEW_MESSAGES.duplicateCriterion(repeatedCriterion) };
  const repeatedReason = duplicate(after.reasons.approved) ?? duplicate(after.reasons.rejected);
  if (repeatedReason !== null) return { status: 'refused', code: 400, message: REVIEW_MESSAGES.duplicateReason(repeatedReason) };
  const found = await readRound(database, input.roundId);
  if (!found) return { status: 'refused', code: 404, message: REVIEW_MESSAGES.notFound };
  return database.transaction(async (tx) => {
    await lockProgramme(tx, found.programme);
    const [row] = await tx.query<ReviewRow>('SELECT programme, review FROM rounds WHERE id = $1 FOR UPDATE', [found.id]);
    if (!row) return { status: 'refused', code: 404, message: REVIEW_MESSAGES.notFound };
    const before = setupOf(parsed(row, input.fallback));
    const scored = await roundHasScores(tx, found.id);
    const reshaped = rubricChanged(before, after);
    if (scored && reshaped && !recalculate) return { status: 'refused', code: 409, message: REVIEW_MESSAGES.locked };
    await tx.query('UPDATE rounds SET review = $2::jsonb, updated_at = now() WHERE id = $1', [found.id, JSON.stringify(after)]);
    const thresholdChanged = before.disagreementThreshold !== after.disagreementThreshold;
    // The threshold decides Desacuerdo in every stored aggregate; a reshaped rubric every reviewer's total.
    let recalculated = 0;
    if (scored && reshaped) recalculated = await recalculateRound(tx, found.id, fromStored(after), input.fallback);
    else if (scored && thresholdChanged) await recalculateRound(tx, found.id, fromStored(after), input.fallback);
    const what = scored && reshaped ? `recalcular: ${recalculated} ${recalculated === 1 ? 'solicitud recalculada' : 'solicitudes recalculadas'} · ` : '';
    await recordAudit(tx, { actor: input.actor.email, action: 'edit-round', target: `convocatoria ${found.id} (${found.programme}) · revisión · ${what}${auditedChange(before, after)}` });
    return { status: 'changed', review: after, scored, recalculated };
  });
}
