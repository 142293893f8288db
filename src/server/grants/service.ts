import type { ApplicantGrant, GrantTerms, MilestoneInput, MilestoneReport, TeamGrant, TeamMilestoneReport } from '../../api/contracts/grants';
import type { WirePayload } from '../../forms/definitions/types';
import { grantNounOf, grantStateLabelOf, grantStateLabels, isGrantProgramme, milestoneStateLabels, milestoneStateOn, type GrantState, type ReportDecision, type StoredMilestoneState } from '../../lib/grants';
import { formatAmount, minorFromDatabase, parseAmount, toDecimalString, type Currency } from '../../lib/money';
import { formatDay } from '../../lib/grantText';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import type { FormKey } from '../../forms/definitions/types';
import type { FinanceKeyring } from '../finance/encryption';
import { referenceOf, type StoredApplication } from '../mail/compose';
import { composeChangesRequested, composeMilestonesDefined, composeReportAccepted } from '../mail/grants';
import { enqueue } from '../outbox/enqueue';
import type { Queryable } from '../storage/database';
import type { StoredFile } from '../storage/files';
import { safeDownloadName, type ApplicationKey } from '../team/applications';
import { extensionOfMediaType } from '../fileType';
import { recordAudit } from '../team/audit';
import type { Actor } from '../team/review';
import type { Role } from '../team/roles';
import { applicantPaymentsOf, paidTotalOf, teamPaymentsOf } from './payments';
import { scheduleReminders } from './reminders';

/**
 * The grant of an approved application: its amount (exact, src/lib/money.ts), its milestones and
 * the grantee's progress reports on them. Every change happens in the caller's transaction, checks
 * everything before it writes anything (a refusal stores nothing), is audited, and queues its emails,
 * reminders and webhooks in the same transaction. Vencido is derived from the due date when read,
 * with the database's clock (the outbox's too).
 */

export const GRANT_MESSAGES = {
  notFound: 'No encontramos esa beca.',
  milestoneNotFound: 'No encontramos ese hito en la beca.',
  notApproved: 'Solo una solicitud Aprobada puede tener una beca.',
  notPaying: 'Office Hours no otorga fondos: sus solicitudes no tienen beca.',
  exists: 'Esta solicitud ya tiene una beca.',
  notActive: 'La beca no está activa: ya no admite cambios.',
  amountOrShare: 'Cada hito lleva un monto o una parte (%), no ambos ni ninguno.',
  notComplete: 'Solo se completa una beca con hitos y todos ellos aceptados.',
  commentNeeded: 'Escribe qué cambios pides: el comentario es obligatorio.',
  notLatest: 'Solo se revisa la última versión del informe, y una sola vez.',
  milestoneAccepted: 'Este hito ya fue aceptado: no recibe más informes.',
  grantOnlyOnApproval: 'El monto de la beca solo se indica al aprobar.',
  inReview: 'El informe de este hito está en revisión: podrás enviar otro si el equipo pide cambios.',
  badReportText: 'Escribe tu informe: entre 1 y 5.000 caracteres.',
  badReportForm: 'Envía solo el informe (text), los enlaces (links, uno por línea) y, si quieres, un archivo (file).',
} as const;

export type Refusal = { readonly status: 'refused'; readonly code: 400 | 404 | 409; readonly message: string };
const refuse = (code: Refusal['code'], message: string): Refusal => ({ status: 'refused', code, message });

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

type GrantRow = {
  id: string;
  submission_id: string;
  form: FormKey;
  payload: WirePayload;
  submitted_at: Date;
  amount: string;
  currency: Currency;
  state: GrantState;
  cancel_reason: string | null;
  created_at: Date;
  created_day: string;
  created_by: string | null;
  today: string;
};

const GRANT_SELECT = `SELECT g.id::text AS id, g.submission_id::text AS submission_id, s.form, s.payload, s.created_at AS submitted_at,
    g.amount::text AS amount, g.currency, g.state, g.cancel_reason, g.created_at,
    to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created_day, m.email AS created_by,
    to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS today
  FROM grants g JOIN submissions s ON s.id = g.submission_id LEFT JOIN team_members m ON m.id = g.created_by`;

async function grantOfSubmission(db: Queryable, submissionId: string, lock = false): Promise<GrantRow | null> {
  const [row] = await db.query<GrantRow>(`${GRANT_SELECT} WHERE g.submission_id = $1${lock ? ' FOR UPDATE OF g' : ''}`, [submissionId]);
  return row ?? null;
}

async function grantById(db: Queryable, grantId: string, lock = false): Promise<GrantRow | null> {
  const [row] = await db.query<GrantRow>(`${GRANT_SELECT} WHERE g.id = $1${lock ? ' FOR UPDATE OF g' : ''}`, [grantId]);
  return row ?? null;
}

const applicationOf = (grant: GrantRow): StoredApplication => ({ form: grant.form, id: grant.submission_id, payload: grant.payload, createdAt: new Date(grant.submitted_at) });
const referenceOfGrant = (grant: GrantRow): string => referenceOf(grant.form, grant.submission_id);

type MilestoneRow = { id: string; position: number; title: string; done_criteria: string; due_date: string; amount: string; state: StoredMilestoneState; accepted_at: Date | null; reports: number };

async function milestonesOf(db: Queryable, grantId: string): Promise<MilestoneRow[]> {
  return db.query<MilestoneRow>(
    `SELECT m.id::text AS id, m.position, m.title, m.done_criteria, to_char(m.due_date, 'YYYY-MM-DD') AS due_date, m.amount::text AS amount, m.state, m.accepted_at,
            (SELECT count(*)::int FROM milestone_reports r WHERE r.milestone_id = m.id) AS reports
     FROM grant_milestones m WHERE m.grant_id = $1 ORDER BY m.position, m.id`,
    [grantId],
  );
}

type ReportRow = {
  milestone_id: string;
  version: number;
  body: string;
  links: string[];
  file_original_name: string | null;
  file_media_type: string | null;
  file_size: number | null;
  submitted_at: Date;
  decision: ReportDecision | null;
  comment: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
};

async function reportsOf(db: Queryable, grantId: string): Promise<ReportRow[]> {
  return db.query<ReportRow>(
    `SELECT r.milestone_id::text AS milestone_id, r.version, r.body, r.links, r.file_original_name, r.file_media_type, r.file_size, r.submitted_at,
            r.decision, r.comment, t.email AS reviewed_by, r.reviewed_at
     FROM milestone_reports r JOIN grant_milestones m ON m.id = r.milestone_id LEFT JOIN team_members t ON t.id = r.reviewed_by
     WHERE m.grant_id = $1 ORDER BY r.milestone_id, r.version`,
    [grantId],
  );
}

function reportOf(row: ReportRow): MilestoneReport {
  return {
    version: row.version,
    body: row.body,
    links: row.links,
    file: row.file_original_name !== null ? { name: row.file_original_name, mediaType: row.file_media_type ?? '', size: row.file_size ?? 0 } : null,
    submittedAt: iso(row.submitted_at),
    decision: row.decision,
    comment: row.comment,
    reviewedAt: isoOrNull(row.reviewed_at),
  };
}

/** The parts both views share: amounts as decimal strings, states with their labels, Vencido derived. */
async function grantView<Report>(db: Queryable, grant: GrantRow, paid: bigint, report: (row: ReportRow) => Report) {
  const [milestones, reports] = await Promise.all([milestonesOf(db, grant.id), reportsOf(db, grant.id)]);
  const amount = minorFromDatabase(grant.amount);
  const outstanding = amount > paid ? amount - paid : 0n;
  return {
    reference: referenceOfGrant(grant),
    amount: toDecimalString(amount, grant.currency),
    currency: grant.currency,
    state: grant.state,
    stateLabel: grantStateLabels[grant.state],
    cancelReason: grant.cancel_reason,
    createdAt: iso(grant.created_at),
    paid: toDecimalString(paid, grant.currency),
    outstanding: toDecimalString(outstanding, grant.currency),
    today: grant.today,
    milestones: milestones.map((row) => {
      const state = milestoneStateOn(row.state, row.due_date, grant.today);
      return {
        id: row.id,
        position: row.position,
        title: row.title,
        doneCriteria: row.done_criteria,
        dueDate: row.due_date,
        amount: toDecimalString(minorFromDatabase(row.amount), grant.currency),
        state,
        stateLabel: milestoneStateLabels[state],
        acceptedAt: isoOrNull(row.accepted_at),
        reports: reports.filter((candidate) => candidate.milestone_id === row.id).map(report),
      };
    }),
  };
}

/** The team's view of an application's grant; null when it has none. */
export async function readTeamGrant(db: Queryable, key: ApplicationKey, role: Role): Promise<TeamGrant | null> {
  const grant = await grantOfSubmission(db, key.rowId);
  if (!grant || grant.form !== key.form) return null;
  const { payments, paid } = await teamPaymentsOf(db, grant.id, role);
  const view = await grantView(db, grant, paid, (row): TeamMilestoneReport => ({ ...reportOf(row), reviewedBy: row.reviewed_by }));
  return { id: grant.id, ...view, createdBy: grant.created_by, payments: [...payments] };
}

/** The grantee's view of their application's grant (`submissionId` already checked as theirs); null when none. */
export async function readApplicantGrant(db: Queryable, submissionId: string): Promise<ApplicantGrant | null> {
  const grant = await grantOfSubmission(db, submissionId);
  if (!grant) return null;
  const { payments, paid } = await applicantPaymentsOf(db, grant.id);
  const view = await grantView(db, grant, paid, reportOf);
  const noun = grantNounOf(grant.form, grant.payload.projectCategory);
  return { ...view, noun, stateLabel: grantStateLabelOf(grant.state, noun), payments: [...payments] };
}

/* ---------- Creating ---------- */

export type CreateOutcome = Refusal | { readonly status: 'created'; readonly grantId: string };

/**
 * Creates the grant of an approved application of a paying programme; the amount may differ from
 * the one requested. Used by its own route and by the decision that approves with an amount, in
 * that decision's transaction (after the status change).
 */
export async function createGrant(tx: Queryable, input: { readonly key: ApplicationKey; readonly terms: GrantTerms; readonly actor: Actor; readonly keys: FinanceKeyring }): Promise<CreateOutcome> {
  const { key, terms, actor } = input;
  const amount = parseAmount(terms.amount, terms.currency);
  if (!amount.ok) return refuse(400, amount.message);
  const [application] = await tx.query<{ status: ApplicationStatus }>('SELECT status FROM submissions WHERE id = $1 AND form = $2 FOR UPDATE', [key.rowId, key.form]);
  if (!application) return refuse(404, GRANT_MESSAGES.notFound);
  if (!isGrantProgramme(key.form)) return refuse(409, GRANT_MESSAGES.notPaying);
  if (application.status !== 'approved') return refuse(409, GRANT_MESSAGES.notApproved);
  if (await grantOfSubmission(tx, key.rowId)) return refuse(409, GRANT_MESSAGES.exists);
  const [created] = await tx.query<{ id: string }>('INSERT INTO grants (submission_id, amount, currency, created_by) VALUES ($1, $2, $3, $4) RETURNING id::text AS id', [
    key.rowId,
    amount.minor.toString(),
    terms.currency,
    actor.memberId,
  ]);
  const reference = referenceOf(key.form, key.rowId);
  await enqueue(tx, { kind: 'webhook', key: `grant:${created!.id}:created`, payload: { submissionId: key.rowId, type: 'grant.created', status: 'approved', previousStatus: 'approved' } }, input.keys);
  await recordAudit(tx, { actor: actor.email, action: 'create-grant', target: `${reference} ${formatAmount(amount.minor, terms.currency)}` });
  return { status: 'created', grantId: created!.id };
}

/* ---------- Milestones ---------- */

/** A real calendar day as YYYY-MM-DD (the schema checks the shape, not 2026-02-30). */
const isCalendarDay = (value: string): boolean => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

type PlannedMilestone = { readonly id: string | null; readonly title: string; readonly doneCriteria: string; readonly dueDate: string; readonly amount: bigint };

function planMilestones(grant: GrantRow, inputs: readonly MilestoneInput[]): Refusal | PlannedMilestone[] {
  const total = minorFromDatabase(grant.amount);
  const planned: PlannedMilestone[] = [];
  for (const [index, input] of inputs.entries()) {
    const name = `El hito ${index + 1}`;
    const title = input.title.trim();
    const doneCriteria = input.doneCriteria.trim();
    if (title === '') return refuse(400, `${name} necesita un título.`);
    if (doneCriteria === '') return refuse(400, `${name} necesita un criterio de cumplimiento.`);
    if (!isCalendarDay(input.dueDate)) return refuse(400, `${name}: la fecha ${input.dueDate} no existe.`);
    if (input.dueDate < grant.created_day) return refuse(400, `${name}: la fecha límite no puede ser anterior a la creación de la beca (${formatDay(grant.created_day)}).`);
    if ((input.amount === undefined) === (input.share === undefined)) return refuse(400, `${name}: ${GRANT_MESSAGES.amountOrShare}`);
    let amount: bigint;
    if (input.amount !== undefined) {
      const parsed = parseAmount(input.amount, grant.currency);
      if (!parsed.ok) return refuse(400, `${name}: ${parsed.message}`);
      amount = parsed.minor;
    } else {
      // Percent with up to two decimals, as hundredths of a percent: exact integer arithmetic.
      const [whole = '0', fraction = ''] = (input.share ?? '').split('.');
      const basisPoints = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
      if (basisPoints <= 0n || basisPoints > 10_000n) return refuse(400, `${name}: la parte debe ser mayor que 0 % y como máximo 100 %.`);
      if ((total * basisPoints) % 10_000n !== 0n) return refuse(400, `${name}: el ${input.share} % de ${formatAmount(total, grant.currency)} no da un monto exacto; escribe el monto.`);
      amount = (total * basisPoints) / 10_000n;
    }
    planned.push({ id: input.id ?? null, title, doneCriteria, dueDate: input.dueDate, amount });
  }
  const sum = planned.reduce((acc, milestone) => acc + milestone.amount, 0n);
  if (sum !== total) {
    return refuse(400, `Los montos de los hitos suman ${formatAmount(sum, grant.currency)} y la beca es de ${formatAmount(total, grant.currency)}: deben sumar exactamente lo mismo.`);
  }
  return planned;
}

export type GrantOutcome = Refusal | { readonly status: 'ok' };

/**
 * Replaces the grant's milestones with `inputs`, in order: a milestone with an id is kept (and
 * changed), one without is new, one left out is removed. An accepted milestone stays exactly as it
 * is and a milestone with reports is never removed. New and moved due dates get their reminders;
 * the first definition emails the grantee the list.
 */
export async function defineMilestones(tx: Queryable, input: { readonly key: ApplicationKey; readonly milestones: readonly MilestoneInput[]; readonly actor: Actor; readonly keys: FinanceKeyring }): Promise<GrantOutcome> {
  const grant = await grantOfSubmission(tx, input.key.rowId, true);
  if (!grant || grant.form !== input.key.form) return refuse(404, GRANT_MESSAGES.notFound);
  if (grant.state !== 'active') return refuse(409, GRANT_MESSAGES.notActive);
  const plan = planMilestones(grant, input.milestones);
  if (!Array.isArray(plan)) return plan;
  const existing = new Map((await milestonesOf(tx, grant.id)).map((row) => [row.id, row]));
  const named = new Set<string>();
  for (const milestone of plan) {
    if (milestone.id === null) continue;
    if (!existing.has(milestone.id) || named.has(milestone.id)) return refuse(400, 'Uno de los hitos ya no existe en esta beca. Recarga la página.');
    named.add(milestone.id);
  }
  for (const row of existing.values()) {
    const kept = plan.find((milestone) => milestone.id === row.id);
    if (row.state === 'accepted') {
      const same = kept && kept.title === row.title && kept.doneCriteria === row.done_criteria && kept.dueDate === row.due_date && kept.amount === minorFromDatabase(row.amount);
      if (!same) return refuse(400, `El hito «${row.title}» ya fue aceptado: no se puede quitar ni cambiar.`);
    } else if (!kept && row.reports > 0) {
      return refuse(400, `El hito «${row.title}» tiene informes de avance: no se puede quitar.`);
    }
  }
  // Everything checked: now write.
  const removed = [...existing.keys()].filter((id) => !named.has(id));
  if (removed.length > 0) await tx.query('DELETE FROM grant_milestones WHERE id = ANY($1::bigint[])', [removed]);
  const application = applicationOf(grant);
  for (const [position, milestone] of plan.entries()) {
    let id = milestone.id;
    if (id === null) {
      const [created] = await tx.query<{ id: string }>(
        'INSERT INTO grant_milestones (grant_id, position, title, done_criteria, due_date, amount) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id',
        [grant.id, position + 1, milestone.title, milestone.doneCriteria, milestone.dueDate, milestone.amount.toString()],
      );
      id = created!.id;
    } else {
      await tx.query('UPDATE grant_milestones SET position = $2, title = $3, done_criteria = $4, due_date = $5, amount = $6 WHERE id = $1', [
        id,
        position + 1,
        milestone.title,
        milestone.doneCriteria,
        milestone.dueDate,
        milestone.amount.toString(),
      ]);
    }
    if (existing.get(id)?.state !== 'accepted') {
      await scheduleReminders(tx, { application, milestone: { id, title: milestone.title, dueDate: milestone.dueDate }, today: grant.today, keys: input.keys });
    }
  }
  // The grantee's page promises a notice when the milestones are first defined: one email, ever (its key).
  if (existing.size === 0 && plan.length > 0) {
    const email = { ...composeMilestonesDefined({ application, milestones: plan }), purpose: 'milestones-defined' };
    await enqueue(tx, { kind: 'mail', key: `grant-milestones:${grant.id}:defined`, payload: email }, input.keys);
  }
  await recordAudit(tx, { actor: input.actor.email, action: 'define-milestones', target: `${referenceOfGrant(grant)} ${plan.length} hitos` });
  return { status: 'ok' };
}

/* ---------- Cancel, complete, settle ---------- */

export async function cancelGrant(tx: Queryable, input: { readonly key: ApplicationKey; readonly reason: string; readonly actor: Actor }): Promise<GrantOutcome> {
  const grant = await grantOfSubmission(tx, input.key.rowId, true);
  if (!grant || grant.form !== input.key.form) return refuse(404, GRANT_MESSAGES.notFound);
  if (grant.state !== 'active') return refuse(409, GRANT_MESSAGES.notActive);
  const reason = input.reason.trim();
  if (reason === '') return refuse(400, 'Escribe el motivo de la cancelación.');
  await tx.query("UPDATE grants SET state = 'cancelled', cancel_reason = $2, state_changed_at = now() WHERE id = $1", [grant.id, reason]);
  await recordAudit(tx, { actor: input.actor.email, action: 'cancel-grant', target: referenceOfGrant(grant) });
  return { status: 'ok' };
}

async function markCompleted(tx: Queryable, grant: GrantRow, actor: string, keys: FinanceKeyring): Promise<void> {
  await tx.query("UPDATE grants SET state = 'completed', state_changed_at = now() WHERE id = $1", [grant.id]);
  await enqueue(tx, { kind: 'webhook', key: `grant:${grant.id}:completed`, payload: { submissionId: grant.submission_id, type: 'grant.completed', status: 'approved', previousStatus: 'approved' } }, keys);
  await recordAudit(tx, { actor, action: 'complete-grant', target: referenceOfGrant(grant) });
}

const allAccepted = (milestones: readonly MilestoneRow[]): boolean => milestones.length > 0 && milestones.every((row) => row.state === 'accepted');

/**
 * An admin closes a grant whose milestones are all accepted (a last payment made outside the
 * system, say); a grant fully paid closes by itself (settleGrant).
 */
export async function completeGrant(tx: Queryable, input: { readonly key: ApplicationKey; readonly actor: Actor; readonly keys: FinanceKeyring }): Promise<GrantOutcome> {
  const grant = await grantOfSubmission(tx, input.key.rowId, true);
  if (!grant || grant.form !== input.key.form) return refuse(404, GRANT_MESSAGES.notFound);
  if (grant.state !== 'active') return refuse(409, GRANT_MESSAGES.notActive);
  if (!allAccepted(await milestonesOf(tx, grant.id))) return refuse(409, GRANT_MESSAGES.notComplete);
  await markCompleted(tx, grant, input.actor.email, input.keys);
  return { status: 'ok' };
}

/**
 * Completes an active grant once every milestone is accepted and nothing is outstanding; true when
 * it did. Called after a milestone is accepted and after a payment is recorded, in that transaction.
 */
export async function settleGrant(tx: Queryable, grantId: string, actor: { readonly email: string }, keys: FinanceKeyring): Promise<boolean> {
  const grant = await grantById(tx, grantId, true);
  if (!grant || grant.state !== 'active') return false;
  if (!allAccepted(await milestonesOf(tx, grant.id))) return false;
  if ((await paidTotalOf(tx, grant.id)) < minorFromDatabase(grant.amount)) return false;
  await markCompleted(tx, grant, actor.email, keys);
  return true;
}

/* ---------- Reports ---------- */

async function milestoneOf(tx: Queryable, grantId: string, milestoneId: string): Promise<MilestoneRow | null> {
  if (!/^[0-9]{1,18}$/.test(milestoneId)) return null;
  return (await milestonesOf(tx, grantId)).find((row) => row.id === milestoneId) ?? null;
}

/** The reviewer's decision on the latest report of a milestone; the grantee is emailed either way. */
export async function reviewReport(
  tx: Queryable,
  input: { readonly key: ApplicationKey; readonly milestoneId: string; readonly version: number; readonly decision: ReportDecision; readonly comment: string | undefined; readonly actor: Actor; readonly keys: FinanceKeyring },
): Promise<GrantOutcome> {
  const grant = await grantOfSubmission(tx, input.key.rowId, true);
  if (!grant || grant.form !== input.key.form) return refuse(404, GRANT_MESSAGES.notFound);
  const milestone = await milestoneOf(tx, grant.id, input.milestoneId);
  if (!milestone) return refuse(404, GRANT_MESSAGES.milestoneNotFound);
  if (grant.state !== 'active') return refuse(409, GRANT_MESSAGES.notActive);
  const comment = input.comment?.trim() ?? '';
  if (input.decision === 'changes_requested' && comment === '') return refuse(400, GRANT_MESSAGES.commentNeeded);
  const [latest] = await tx.query<{ version: number; decision: ReportDecision | null }>(
    'SELECT version, decision FROM milestone_reports WHERE milestone_id = $1 ORDER BY version DESC LIMIT 1',
    [milestone.id],
  );
  if (!latest || latest.version !== input.version || latest.decision !== null) return refuse(409, GRANT_MESSAGES.notLatest);
  await tx.query('UPDATE milestone_reports SET decision = $3, comment = $4, reviewed_by = $5, reviewed_at = now() WHERE milestone_id = $1 AND version = $2', [
    milestone.id,
    input.version,
    input.decision,
    comment === '' ? null : comment,
    input.actor.memberId,
  ]);
  const accepted = input.decision === 'accepted';
  await tx.query(`UPDATE grant_milestones SET state = $2, accepted_at = ${accepted ? 'now()' : 'NULL'} WHERE id = $1`, [milestone.id, input.decision]);
  const mail = { application: applicationOf(grant), milestone: { title: milestone.title, dueDate: milestone.due_date }, version: input.version };
  const email = accepted ? { ...composeReportAccepted(mail), purpose: 'milestone-report-accepted' } : { ...composeChangesRequested({ ...mail, comment }), purpose: 'milestone-report-changes' };
  await enqueue(tx, { kind: 'mail', key: `milestone-report:${milestone.id}:${input.version}`, payload: email }, input.keys);
  if (accepted) {
    const webhook = { submissionId: grant.submission_id, type: 'grant.milestone_accepted', status: 'approved', previousStatus: 'approved' } as const;
    await enqueue(tx, { kind: 'webhook', key: `grant-milestone:${milestone.id}:accepted`, payload: webhook }, input.keys);
  }
  await recordAudit(tx, { actor: input.actor.email, action: 'review-report', target: `${referenceOfGrant(grant)} hito «${milestone.title}» v${input.version}: ${accepted ? 'aceptado' : 'cambios pedidos'}` });
  if (accepted) await settleGrant(tx, grant.id, input.actor, input.keys);
  return { status: 'ok' };
}

/**
 * The grantee's progress report on a milestone of their grant (`submissionId` already checked as
 * theirs): a new version, never over an earlier one; the milestone becomes Entregado.
 */
export async function submitReport(
  tx: Queryable,
  input: { readonly submissionId: string; readonly milestoneId: string; readonly text: string; readonly links: readonly string[]; readonly upload: StoredFile | null; readonly auditActor: string },
): Promise<GrantOutcome> {
  const grant = await grantOfSubmission(tx, input.submissionId, true);
  const milestone = grant ? await milestoneOf(tx, grant.id, input.milestoneId) : null;
  if (!grant || !milestone) return refuse(404, GRANT_MESSAGES.milestoneNotFound);
  if (grant.state !== 'active') return refuse(409, GRANT_MESSAGES.notActive);
  if (milestone.state === 'accepted') return refuse(409, GRANT_MESSAGES.milestoneAccepted);
  if (milestone.state === 'delivered') return refuse(409, GRANT_MESSAGES.inReview);
  const { upload } = input;
  await tx.query(
    `INSERT INTO milestone_reports (milestone_id, version, body, links, file_content, file_original_name, file_media_type, file_size, file_sha256)
     VALUES ($1, (SELECT COALESCE(max(version), 0) + 1 FROM milestone_reports WHERE milestone_id = $1), $2, $3::jsonb, $4, $5, $6, $7, $8)`,
    [milestone.id, input.text, JSON.stringify(input.links), upload?.bytes ?? null, upload?.originalName ?? null, upload?.mediaType ?? null, upload?.size ?? null, upload?.sha256 ?? null],
  );
  await tx.query("UPDATE grant_milestones SET state = 'delivered' WHERE id = $1", [milestone.id]);
  await recordAudit(tx, { actor: input.auditActor, action: 'applicant-report', target: `${referenceOfGrant(grant)} hito «${milestone.title}»` });
  return { status: 'ok' };
}

/** A report file's name wherever it is downloaded (the team's and the grantee's routes, the data-rights copies): PG-000001-hito-7-v2-informe.pdf. */
export const reportFileName = (reference: string, milestoneId: string, version: string | number, originalName: string, mediaType: string): string =>
  safeDownloadName(`${reference}-hito-${milestoneId}-v${version}`, originalName, extensionOfMediaType(mediaType));

/** A report's file, if that version of that milestone of the application's grant has one. */
export async function readReportFile(db: Queryable, key: ApplicationKey, milestoneId: string, version: string): Promise<{ bytes: Buffer; mediaType: string; originalName: string } | null> {
  if (!/^[0-9]{1,18}$/.test(milestoneId) || !/^[0-9]{1,9}$/.test(version)) return null;
  const [row] = await db.query<{ file_content: Uint8Array; file_media_type: string; file_original_name: string }>(
    `SELECT r.file_content, r.file_media_type, r.file_original_name FROM milestone_reports r JOIN grant_milestones m ON m.id = r.milestone_id JOIN grants g ON g.id = m.grant_id
     JOIN submissions s ON s.id = g.submission_id
     WHERE g.submission_id = $1 AND s.form = $4 AND m.id = $2 AND r.version = $3 AND r.file_content IS NOT NULL`,
    [key.rowId, milestoneId, Number(version), key.form],
  );
  if (!row) return null;
  const content = row.file_content;
  return { bytes: Buffer.isBuffer(content) ? content : Buffer.from(content.buffer, content.byteOffset, content.byteLength), mediaType: row.file_media_type, originalName: row.file_original_name };
}

/** A grant refused inside a larger transaction (the approving decision): thrown so the whole transaction rolls back. */
export class GrantRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/** createGrant for a caller whose transaction must store nothing when the grant is refused: throws GrantRefused. */
export async function createGrantOrThrow(tx: Queryable, input: Parameters<typeof createGrant>[1]): Promise<string> {
  const outcome = await createGrant(tx, input);
  if (outcome.status === 'refused') throw new GrantRefused(outcome);
  return outcome.grantId;
}
