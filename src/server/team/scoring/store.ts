import type { ReviewAggregate, ReviewerAssignment, ReviewerScores, ScoringPart, ScoresBody } from '../../../api/contracts/teamScoring';
import type { ReviewConfig } from '../../../config/review';
import { isReviewedForm } from '../../../forms/definitions';
import { applicationStatusLabels, type ApplicationStatus } from '../../../lib/applicationStatus';
import { referenceOf } from '../../mail/compose';
import type { Queryable } from '../../storage/database';
import type { ApplicationKey } from '../applications';
import { recordAudit } from '../audit';
import { changeApplicationStatus, listAssignees, type Actor, type MemberRef } from '../review';
import type { Role } from '../roles';
import { mayScore, scoreVisibility, standingOf, type Declaration } from './access';
import { aggregateReviews, reviewerTotal } from './aggregate';
import { reviewOfApplication } from '../../rounds/reviewSetup';

/**
 * Reviewers, declarations, scores and decisions of an application (schema: migration 15). Every
 * write refreshes review_aggregates in the caller's transaction; every refusal is decided before
 * the first write, so a refused request stores nothing.
 */

export const SCORING_MESSAGES = {
  notAssignable: 'Solo se puede asignar a revisores o administradores activos.',
  notAssigned: 'Esta solicitud no te fue asignada.',
  undeclared: 'Antes de puntuar, declara si tienes un conflicto de interés.',
  recused: 'Declaraste un conflicto de interés con esta solicitud: no puedes puntuarla.',
  alreadyDeclared: 'Ya declaraste que no tienes conflicto con esta solicitud.',
  decided: 'La solicitud ya está decidida: los puntajes no cambian.',
  unknownCriterion: (key: string) => `El criterio «${key}» no está en la rúbrica de este programa.`,
  twice: (label: string) => `El criterio «${label}» tiene más de un puntaje.`,
  missing: (labels: readonly string[]) => `Falta el puntaje de: ${labels.join(', ')}.`,
  tooManyPerApplication: 'Hay menos revisores elegidos que revisores por solicitud.',
  alreadyReviewers: 'Ya tiene a todos los revisores elegidos.',
  settled: 'La solicitud ya está cerrada: no se asignan revisores.',
  recusedDecider: 'Declaraste un conflicto de interés con esta solicitud: no puedes decidirla.',
  nothingToConfirm: 'Todavía no enviaste tus puntajes de esta solicitud: no hay nada que confirmar.',
  alreadyCurrent: (version: number) => `Tus puntajes ya son sobre la versión actual (versión ${version}).`,
} as const;

const iso = (value: Date | string): string => new Date(value).toISOString();
const SETTLED: readonly string[] = ['approved', 'rejected', 'withdrawn'];

type AssignmentRow = {
  member_id: string;
  email: string;
  assigned_at: Date;
  declaration: Declaration | null;
  conflict_reason: string | null;
  declared_at: Date | null;
  submitted: boolean;
};

async function assignmentsOf(db: Queryable, submissionId: string): Promise<AssignmentRow[]> {
  return db.query<AssignmentRow>(
    `SELECT a.member_id::text AS member_id, m.email, a.assigned_at, a.declaration, a.conflict_reason, a.declared_at,
            EXISTS (SELECT 1 FROM review_verdicts v WHERE v.submission_id = a.submission_id AND v.member_id = a.member_id) AS submitted
     FROM review_assignments a JOIN team_members m ON m.id = a.member_id
     WHERE a.submission_id = $1 ORDER BY a.assigned_at, a.member_id`,
    [submissionId],
  );
}

const assignmentOf = (row: AssignmentRow, withReason: boolean): ReviewerAssignment => ({
  member: { id: row.member_id, email: row.email },
  assignedAt: iso(row.assigned_at),
  declaration: row.declaration,
  declaredAt: row.declared_at ? iso(row.declared_at) : null,
  ...(withReason ? { conflictReason: row.conflict_reason } : {}),
  submitted: row.submitted,
});

/** Every submitted review of a submission, scores in rubric order (criteria the rubric no longer has last). */
async function reviewsOf(db: Queryable, submissionId: string, order: readonly string[]): Promise<ReviewerScores[]> {
  const verdicts = await db.query<{ member_id: string; email: string; recommendation: ReviewerScores['recommendation']; total: string; submitted_at: Date; updated_at: Date; version: number }>(
    `SELECT v.member_id::text AS member_id, m.email, v.recommendation, v.total::text AS total, v.submitted_at, v.updated_at, v.version
     FROM review_verdicts v JOIN team_members m ON m.id = v.member_id WHERE v.submission_id = $1 ORDER BY v.submitted_at, v.member_id`,
    [submissionId],
  );
  const scores = await db.query<{ member_id: string; criterion: string; score: number; comment: string | null }>(
    'SELECT member_id::text AS member_id, criterion, score, comment FROM review_scores WHERE submission_id = $1',
    [submissionId],
  );
  const rank = (criterion: string) => (order.includes(criterion) ? order.indexOf(criterion) : order.length);
  return verdicts.map((verdict) => ({
    member: { id: verdict.member_id, email: verdict.email },
    scores: scores
      .filter((row) => row.member_id === verdict.member_id)
      .sort((a, b) => rank(a.criterion) - rank(b.criterion) || a.criterion.localeCompare(b.criterion))
      .map((row) => ({ criterion: row.criterion, score: Number(row.score), comment: row.comment })),
    recommendation: verdict.recommendation,
    total: Number(verdict.total),
    submittedAt: iso(verdict.submitted_at),
    updatedAt: iso(verdict.updated_at),
    version: Number(verdict.version),
  }));
}

const EMPTY_AGGREGATE: ReviewAggregate = { score: null, reviewsDone: 0, reviewsAssigned: 0, spread: null, disagreement: false };

export async function readAggregate(db: Queryable, submissionId: string): Promise<ReviewAggregate> {
  const [row] = await db.query<{ score: string | null; reviews_done: number; reviews_assigned: number; spread: string | null; disagreement: boolean }>(
    'SELECT score::text AS score, reviews_done, reviews_assigned, spread::text AS spread, disagreement FROM review_aggregates WHERE submission_id = $1',
    [submissionId],
  );
  if (!row) return EMPTY_AGGREGATE;
  return {
    score: row.score === null ? null : Number(row.score),
    reviewsDone: Number(row.reviews_done),
    reviewsAssigned: Number(row.reviews_assigned),
    spread: row.spread === null ? null : Number(row.spread),
    disagreement: row.disagreement,
  };
}

/** Recomputes the submission's row of review_aggregates from its assignments and verdicts, at its round's Desacuerdo threshold (call in the writing transaction). */
export async function refreshAggregate(tx: Queryable, submissionId: string, config: ReviewConfig): Promise<ReviewAggregate> {
  const rows = await tx.query<{ declaration: Declaration | null; total: string | null }>(
    `SELECT a.declaration, v.total::text AS total FROM review_assignments a
     LEFT JOIN review_verdicts v ON v.submission_id = a.submission_id AND v.member_id = a.member_id WHERE a.submission_id = $1`,
    [submissionId],
  );
  const aggregate = aggregateReviews(
    rows.map((row) => ({ recused: row.declaration === 'conflict', total: row.total === null ? null : Number(row.total) })),
    (await reviewOfApplication(tx, submissionId, config))?.disagreementThreshold ?? config.disagreementThreshold,
  );
  await tx.query(
    `INSERT INTO review_aggregates (submission_id, score, reviews_done, reviews_assigned, spread, disagreement) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (submission_id) DO UPDATE SET score = EXCLUDED.score, reviews_done = EXCLUDED.reviews_done, reviews_assigned = EXCLUDED.reviews_assigned,
       spread = EXCLUDED.spread, disagreement = EXCLUDED.disagreement`,
    [submissionId, aggregate.score, aggregate.reviewsDone, aggregate.reviewsAssigned, aggregate.spread, aggregate.disagreement],
  );
  return aggregate;
}

/* ---------- Reading ---------- */

export type Viewer = { readonly memberId: string; readonly role: Role };

/** The scoring part of an application's detail as `viewer` may see it (scoreVisibility); null for finance. */
export async function readScoring(db: Queryable, key: ApplicationKey, status: ApplicationStatus, viewer: Viewer, config: ReviewConfig): Promise<ScoringPart | null> {
  const review = await reviewOfApplication(db, key.rowId, config);
  if (!review) return null;
  const standing = await standingOf(db, key.rowId, viewer.memberId);
  const visible = scoreVisibility(viewer.role, standing);
  if (!visible.own) return null;
  const assignments = await assignmentsOf(db, key.rowId);
  const own = assignments.find((row) => row.member_id === viewer.memberId);
  const reviews = await reviewsOf(
    db,
    key.rowId,
    review.criteria.map((criterion) => criterion.key),
  );
  return {
    rubric: {
      criteria: review.criteria.map((criterion) => ({ ...criterion, meanings: [...criterion.meanings] })),
      blind: review.blind,
      reasons: { approved: [...review.reasons.approved], rejected: [...review.reasons.rejected] },
      disagreementThreshold: review.disagreementThreshold,
    },
    mine: {
      assignment: own ? { assignedAt: iso(own.assigned_at), declaration: own.declaration, declaredAt: own.declared_at ? iso(own.declared_at) : null } : null,
      scores: reviews.find((entry) => entry.member.id === viewer.memberId) ?? null,
    },
    canScore: mayScore(standing, status),
    others: visible.others ? reviews.filter((entry) => entry.member.id !== viewer.memberId) : null,
    aggregate: visible.others ? await readAggregate(db, key.rowId) : null,
    assignments: visible.declarations ? assignments.map((row) => assignmentOf(row, true)) : null,
  };
}

/* ---------- Assigning ---------- */

/** Locks a reviewed submission's row; its status, or null when there is none. */
async function lockSubmission(tx: Queryable, key: ApplicationKey): Promise<ApplicationStatus | null> {
  return (await lockedHead(tx, key))?.status ?? null;
}

/** Locks a reviewed submission's row; its status and current version (migration 23), or null when there is none. */
async function lockedHead(tx: Queryable, key: ApplicationKey): Promise<{ status: ApplicationStatus; version: number } | null> {
  if (!isReviewedForm(key.form)) return null;
  const [row] = await tx.query<{ status: ApplicationStatus; version: number }>('SELECT status, version FROM submissions WHERE id = $1 AND form = $2 FOR UPDATE', [key.rowId, key.form]);
  return row ? { status: row.status, version: Number(row.version) } : null;
}

export type ReviewersOutcome =
  | { readonly status: 'set'; readonly assignments: ReviewerAssignment[]; readonly aggregate: ReviewAggregate }
  | { readonly status: 'not-found' }
  | { readonly status: 'not-assignable' };

/**
 * Sets an application's reviewers to `memberIds` (active reviewers and admins with a passkey):
 * the others are removed with their scores, except those who declared a conflict, who stay recused
 * for good. Audited `assign-reviewers` with the reviewers' addresses.
 */
export async function setReviewers(tx: Queryable, input: { readonly key: ApplicationKey; readonly memberIds: readonly string[]; readonly actor: Actor; readonly config: ReviewConfig }): Promise<ReviewersOutcome> {
  const { key, actor, config } = input;
  if ((await lockSubmission(tx, key)) === null) return { status: 'not-found' };
  const wanted = [...new Set(input.memberIds)];
  const assignable = new Map((await listAssignees(tx)).map((member) => [member.id, member]));
  if (!wanted.every((id) => assignable.has(id))) return { status: 'not-assignable' };
  await tx.query(`DELETE FROM review_assignments WHERE submission_id = $1 AND declaration IS DISTINCT FROM 'conflict' AND NOT (member_id = ANY($2::bigint[]))`, [key.rowId, wanted]);
  for (const id of wanted) {
    await tx.query('INSERT INTO review_assignments (submission_id, member_id, assigned_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [key.rowId, id, actor.memberId]);
  }
  const aggregate = await refreshAggregate(tx, key.rowId, config);
  const assignments = await assignmentsOf(tx, key.rowId);
  const names = wanted.map((id) => assignable.get(id)!.email);
  await recordAudit(tx, { actor: actor.email, action: 'assign-reviewers', target: `${referenceOf(key.form, key.rowId)}: ${names.length > 0 ? names.join(', ') : 'sin revisores'}` });
  return { status: 'set', assignments: assignments.map((row) => assignmentOf(row, true)), aggregate };
}

export type RoundRobinEntry = { reference: string; assigned: MemberRef[]; reason?: string };

/**
 * Round-robin: the applications, in the order given, each get the next `perApplication` of the
 * chosen reviewers who are not on it yet (null: the application's round's reviewers per application, at most all chosen). One transaction; rows are locked in id order first so two
 * bulk assignments cannot deadlock. Null when a chosen member cannot be assigned (nothing stored).
 */
export async function assignRoundRobin(
  tx: Queryable,
  input: { readonly keys: ReadonlyArray<{ reference: string; key: ApplicationKey | null }>; readonly memberIds: readonly string[]; readonly perApplication: number | null; readonly actor: Actor; readonly config: ReviewConfig },
): Promise<RoundRobinEntry[] | null> {
  const { actor, config, perApplication } = input;
  const members = [...new Set(input.memberIds)];
  const assignable = new Map((await listAssignees(tx)).map((member) => [member.id, member]));
  if (!members.every((id) => assignable.has(id))) return null;
  const statuses = new Map<string, ApplicationStatus | null>();
  const locking = input.keys.flatMap((entry) => (entry.key ? [entry.key] : [])).sort((a, b) => Number(a.rowId) - Number(b.rowId));
  for (const key of locking) statuses.set(key.rowId, await lockSubmission(tx, key));
  let next = 0;
  const results: RoundRobinEntry[] = [];
  const seen = new Set<string>();
  for (const { reference, key } of input.keys) {
    if (seen.has(reference)) continue;
    seen.add(reference);
    const status = key ? statuses.get(key.rowId) : null;
    if (!key || !status) {
      results.push({ reference, assigned: [], reason: 'No encontramos esa solicitud.' });
      continue;
    }
    if (SETTLED.includes(status)) {
      results.push({ reference, assigned: [], reason: SCORING_MESSAGES.settled });
      continue;
    }
    const present = new Set((await tx.query<{ id: string }>('SELECT member_id::text AS id FROM review_assignments WHERE submission_id = $1', [key.rowId])).map((row) => row.id));
    const assigned: MemberRef[] = [];
    const wanted = perApplication ?? (await reviewOfApplication(tx, key.rowId, config))?.reviewersPerApplication ?? 1;
    // The turn moves on past every reviewer considered, given the application or already on it.
    for (let tried = 0; tried < members.length && assigned.length < wanted; tried += 1) {
      const id = members[next]!;
      next = (next + 1) % members.length;
      if (present.has(id)) continue;
      assigned.push({ id, email: assignable.get(id)!.email });
      present.add(id);
    }
    for (const member of assigned) {
      await tx.query('INSERT INTO review_assignments (submission_id, member_id, assigned_by) VALUES ($1, $2, $3)', [key.rowId, member.id, actor.memberId]);
    }
    if (assigned.length === 0) {
      results.push({ reference, assigned, reason: SCORING_MESSAGES.alreadyReviewers });
      continue;
    }
    await refreshAggregate(tx, key.rowId, config);
    await recordAudit(tx, { actor: actor.email, action: 'assign-reviewers', target: `${reference}: + ${assigned.map((member) => member.email).join(', ')}` });
    results.push({ reference, assigned });
  }
  return results;
}

/* ---------- Declaring ---------- */

export type DeclarationOutcome =
  | { readonly status: 'declared'; readonly declaration: Declaration; readonly declaredAt: string }
  | { readonly status: 'not-found' }
  | { readonly status: 'refused'; readonly code: 403 | 409; readonly message: string };

/**
 * An assigned member's declaration: no conflict, or a conflict with a short reason. A conflict
 * recuses them for good (their scores, if any, are withdrawn from the aggregate); "no conflict" is
 * declared once, and can later become a conflict. Audited `declare-interest` with the reference and
 * "sin conflicto" or "conflicto", never the reason (it may name a person).
 */
export async function declare(tx: Queryable, input: { readonly key: ApplicationKey; readonly conflict: string | null; readonly actor: Actor; readonly config: ReviewConfig }): Promise<DeclarationOutcome> {
  const { key, conflict, actor, config } = input;
  if ((await lockSubmission(tx, key)) === null) return { status: 'not-found' };
  const [row] = await tx.query<{ declaration: Declaration | null }>('SELECT declaration FROM review_assignments WHERE submission_id = $1 AND member_id = $2 FOR UPDATE', [key.rowId, actor.memberId]);
  if (!row) return { status: 'refused', code: 403, message: SCORING_MESSAGES.notAssigned };
  if (row.declaration === 'conflict') return { status: 'refused', code: 403, message: SCORING_MESSAGES.recused };
  if (row.declaration === 'none' && conflict === null) return { status: 'refused', code: 409, message: SCORING_MESSAGES.alreadyDeclared };
  const declaration: Declaration = conflict === null ? 'none' : 'conflict';
  const [updated] = await tx.query<{ declared_at: Date }>(
    'UPDATE review_assignments SET declaration = $3, conflict_reason = $4, declared_at = now() WHERE submission_id = $1 AND member_id = $2 RETURNING declared_at',
    [key.rowId, actor.memberId, declaration, conflict],
  );
  if (declaration === 'conflict') {
    await tx.query('DELETE FROM review_verdicts WHERE submission_id = $1 AND member_id = $2', [key.rowId, actor.memberId]);
    await tx.query('DELETE FROM review_scores WHERE submission_id = $1 AND member_id = $2', [key.rowId, actor.memberId]);
  }
  await refreshAggregate(tx, key.rowId, config);
  await recordAudit(tx, { actor: actor.email, action: 'declare-interest', target: `${referenceOf(key.form, key.rowId)}: ${declaration === 'conflict' ? 'conflicto' : 'sin conflicto'}` });
  return { status: 'declared', declaration, declaredAt: iso(updated!.declared_at) };
}

/* ---------- Scoring ---------- */

export type ScoresOutcome =
  | { readonly status: 'scored'; readonly mine: ReviewerScores; readonly aggregate: ReviewAggregate }
  | { readonly status: 'not-found' }
  | { readonly status: 'refused'; readonly code: 400 | 403 | 409; readonly message: string };

/** The refusal of a set of scores against the rubric, or the scores by criterion. */
function checkScores(criteria: ReadonlyArray<{ key: string; label: string }>, body: ScoresBody): string | Map<string, { score: number; comment: string | null }> {
  const labels = new Map(criteria.map((criterion) => [criterion.key, criterion.label]));
  const given = new Map<string, { score: number; comment: string | null }>();
  for (const entry of body.scores) {
    if (!labels.has(entry.criterion)) return SCORING_MESSAGES.unknownCriterion(entry.criterion);
    if (given.has(entry.criterion)) return SCORING_MESSAGES.twice(labels.get(entry.criterion)!);
    const comment = entry.comment?.trim() ? entry.comment.trim() : null;
    given.set(entry.criterion, { score: entry.score, comment });
  }
  const missing = criteria.filter((criterion) => !given.has(criterion.key)).map((criterion) => criterion.label);
  return missing.length > 0 ? SCORING_MESSAGES.missing(missing) : given;
}

/**
 * Stores (or replaces) an assigned, declared-no-conflict member's scores: every criterion of the
 * programme's rubric once, and a recommendation; refused once the application is decided. Audited
 * `submit-scores` the first time and `change-scores` after.
 */
type Scorable = { readonly review: NonNullable<Awaited<ReturnType<typeof reviewOfApplication>>>; readonly version: number; readonly standing: Awaited<ReturnType<typeof standingOf>> };

/** The application locked, if the actor may score it now; the refusal otherwise. */
async function scorable(tx: Queryable, key: ApplicationKey, actor: Actor, config: ReviewConfig): Promise<Scorable | Exclude<ScoresOutcome, { status: 'scored' }>> {
  const review = isReviewedForm(key.form) ? await reviewOfApplication(tx, key.rowId, config) : null;
  const head = review ? await lockedHead(tx, key) : null;
  if (!review || head === null) return { status: 'not-found' };
  const standing = await standingOf(tx, key.rowId, actor.memberId);
  if (!standing.assigned) return { status: 'refused', code: 403, message: SCORING_MESSAGES.notAssigned };
  if (standing.declaration === 'conflict') return { status: 'refused', code: 403, message: SCORING_MESSAGES.recused };
  if (standing.declaration === null) return { status: 'refused', code: 403, message: SCORING_MESSAGES.undeclared };
  if (!mayScore(standing, head.status)) return { status: 'refused', code: 409, message: SCORING_MESSAGES.decided };
  return { review, version: head.version, standing };
}

export async function submitScores(tx: Queryable, input: { readonly key: ApplicationKey; readonly body: ScoresBody; readonly actor: Actor; readonly config: ReviewConfig }): Promise<ScoresOutcome> {
  const { key, body, actor, config } = input;
  const allowed = await scorable(tx, key, actor, config);
  if ('status' in allowed) return allowed;
  const { review, standing } = allowed;
  const scores = checkScores(review.criteria, body);
  if (typeof scores === 'string') return { status: 'refused', code: 400, message: scores };
  const total = reviewerTotal(review.criteria, Object.fromEntries([...scores].map(([criterion, entry]) => [criterion, entry.score])));
  await tx.query('DELETE FROM review_scores WHERE submission_id = $1 AND member_id = $2', [key.rowId, actor.memberId]);
  for (const [criterion, entry] of scores) {
    await tx.query('INSERT INTO review_scores (submission_id, member_id, criterion, score, comment) VALUES ($1, $2, $3, $4, $5)', [key.rowId, actor.memberId, criterion, entry.score, entry.comment]);
  }
  await tx.query(
    `INSERT INTO review_verdicts (submission_id, member_id, recommendation, total, version) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (submission_id, member_id) DO UPDATE SET recommendation = EXCLUDED.recommendation, total = EXCLUDED.total, version = EXCLUDED.version, updated_at = now()`,
    [key.rowId, actor.memberId, body.recommendation, total, allowed.version],
  );
  const aggregate = await refreshAggregate(tx, key.rowId, config);
  await recordAudit(tx, { actor: actor.email, action: standing.submitted ? 'change-scores' : 'submit-scores', target: referenceOf(key.form, key.rowId) });
  const mine = (await reviewsOf(tx, key.rowId, review.criteria.map((criterion) => criterion.key))).find((entry) => entry.member.id === actor.memberId)!;
  return { status: 'scored', mine, aggregate };
}

/**
 * A reviewer keeps the scores they gave on an earlier version of the application (issue 52): the scores, the
 * recommendation and their dates stay as they are, now marked with the current version. Audited `confirm-scores`
 * with the reference and the version.
 */
export async function confirmScores(tx: Queryable, input: { readonly key: ApplicationKey; readonly actor: Actor; readonly config: ReviewConfig }): Promise<ScoresOutcome> {
  const { key, actor, config } = input;
  const allowed = await scorable(tx, key, actor, config);
  if ('status' in allowed) return allowed;
  const [verdict] = await tx.query<{ version: number }>('SELECT version FROM review_verdicts WHERE submission_id = $1 AND member_id = $2', [key.rowId, actor.memberId]);
  if (!verdict) return { status: 'refused', code: 409, message: SCORING_MESSAGES.nothingToConfirm };
  if (Number(verdict.version) === allowed.version) return { status: 'refused', code: 409, message: SCORING_MESSAGES.alreadyCurrent(allowed.version) };
  await tx.query('UPDATE review_verdicts SET version = $3 WHERE submission_id = $1 AND member_id = $2', [key.rowId, actor.memberId, allowed.version]);
  await recordAudit(tx, { actor: actor.email, action: 'confirm-scores', target: `${referenceOf(key.form, key.rowId)} versión ${allowed.version}` });
  const mine = (await reviewsOf(tx, key.rowId, allowed.review.criteria.map((criterion) => criterion.key))).find((entry) => entry.member.id === actor.memberId)!;
  return { status: 'scored', mine, aggregate: await readAggregate(tx, key.rowId) };
}

/* ---------- Deciding ---------- */

export type DecisionOutcome =
  | { readonly status: 'decided'; readonly reason: { key: string; label: string }; readonly applicantMessage: string | null; readonly decidedAt: string }
  | { readonly status: 'not-found' }
  | { readonly status: 'refused'; readonly code: 400 | 403 | 409; readonly message: string };

/**
 * Approves or rejects an application with a reason from the programme's list and an optional message
 * to the applicant (the decision email and the applicant's page carry it): through
 * changeApplicationStatus, which stores both on the history row. Audited `decide` with the
 * reference, the status and the reason's label.
 */
export async function decide(
  tx: Queryable,
  input: { readonly key: ApplicationKey; readonly to: 'approved' | 'rejected'; readonly reason: string; readonly applicantMessage: string | null; readonly actor: Actor; readonly config: ReviewConfig },
): Promise<DecisionOutcome> {
  const { key, to, actor, config } = input;
  const review = isReviewedForm(key.form) ? await reviewOfApplication(tx, key.rowId, config) : null;
  if (!review || (await lockSubmission(tx, key)) === null) return { status: 'not-found' };
  if ((await standingOf(tx, key.rowId, actor.memberId)).declaration === 'conflict') return { status: 'refused', code: 403, message: SCORING_MESSAGES.recusedDecider };
  const reason = review.reasons[to].find((entry) => entry.key === input.reason);
  if (!reason) return { status: 'refused', code: 400, message: `Elige un motivo: ${review.reasons[to].map((entry) => entry.label).join('; ')}.` };
  const applicantMessage = input.applicantMessage?.trim() ? input.applicantMessage.trim() : null;
  const outcome = await changeApplicationStatus(tx, { key, to, actor, decision: { reason: reason.key, applicantMessage } });
  if (!outcome.changed) return { status: 'refused', code: 409, message: outcome.reason };
  await recordAudit(tx, { actor: actor.email, action: 'decide', target: `${outcome.change.reference}: ${applicationStatusLabels[to]} — ${reason.label}` });
  return { status: 'decided', reason: { key: reason.key, label: reason.label }, applicantMessage, decidedAt: outcome.change.at.toISOString() };
}
