import { isReviewedForm } from '../../forms/definitions';
import type { FormKey, WirePayload } from '../../forms/definitions/types';
import { applicationStatusLabels, canMoveTo, isApplicationStatus, type ApplicationStatus } from '../../lib/applicationStatus';
import type { FinanceKeyring } from '../finance/encryption';
import { PAYMENT_DETAILS_FORM } from '../finance/versions';
import { paymentDetailsOfSubmission } from '../finance/views';
import { addGrantee } from '../grantees';
import { referenceOf, type ComposedEmail, type StoredApplication } from '../mail/compose';
import { composeDecisionEmail, composeGranteeIdEmail, isDecisionStatus, paysOut, type DecisionStatus, type ReviewedForm } from '../mail/decisions';
import { enqueueEmail } from '../mail/outbox';
import type { Queryable } from '../storage/database';
import { enqueueWebhookEvent } from '../webhooks/outbox';
import { answersBySection, UNREADABLE_PAYMENT_DETAILS, type ApplicationDetail, type ApplicationKey } from './applications';
import type { ApplicantSideOfApplication } from '../../api/contracts/teamInformation';
import { readApplicantSide } from '../applicant/read';
import { recordAudit } from './audit';
import type { Role } from './roles';
import type { ReviewConfig } from '../../config/review';
import { reviewOfApplication } from '../rounds/reviewSetup';
import { decisionReasonOf } from './scoring/rubric';

/**
 * The review workflow of an application (schema: migration 9): its status and the
 * history of every change, the member it is assigned to, and the team's internal notes.
 * changeApplicationStatus is the one place a status changes; everything that must happen with a
 * change (history row, audit entry, notices) happens there, in the caller's transaction.
 */

export const REVIEW_MESSAGES = {
  notFound: 'No encontramos esa solicitud.',
  sameStatus: 'Ya está en ese estado.',
  reasonRequired: 'Para aprobar o rechazar, usa la decisión con un motivo.',
  notAllowed: (from: ApplicationStatus, to: ApplicationStatus) => `No se puede pasar de ${applicationStatusLabels[from]} a ${applicationStatusLabels[to]}.`,
} as const;

/** Who acts: a signed-in member (the audit names their email, the history their id). */
export type Actor = { readonly memberId: string; readonly email: string };

/** Who changes a status: a member, or the applicant in the portal (no member id; the audit names APPLICANT_ACTOR). */
export type StatusActor = { readonly memberId: string | null; readonly email: string };

/** A status change as recorded: what a hook (webhooks, notices) needs to know about it. */
export type StatusChange = {
  readonly submissionId: string;
  readonly form: FormKey;
  readonly reference: string;
  readonly from: ApplicationStatus;
  readonly to: ApplicationStatus;
  readonly at: Date;
  readonly actor: StatusActor;
};

export type StatusChangeOutcome = { readonly changed: true; readonly change: StatusChange } | { readonly changed: false; readonly reference: string; readonly reason: string };

/**
 * Moves one application to `to` if the workflow allows it: locks its row, updates the status,
 * appends the history row and the audit entry (`change-status`, "PG-000001: Recibida → En revisión").
 * Call inside a transaction (`tx`); a refusal changes nothing and says why in Spanish. `allowed`
 * replaces the members' workflow for the moves only a question or the applicant makes
 * (src/server/applicant/information.ts).
 */
export async function changeApplicationStatus(
  tx: Queryable,
  input: {
    readonly key: ApplicationKey;
    readonly to: ApplicationStatus;
    readonly actor: StatusActor;
    readonly allowed?: (from: ApplicationStatus) => boolean;
    /** Required to approve or reject: the reason's key (src/server/team/scoring/store.ts checked it) and the message to the applicant. */
    readonly decision?: { readonly reason: string; readonly applicantMessage: string | null };
  },
): Promise<StatusChangeOutcome> {
  const { key, to, actor, decision } = input;
  const reference = referenceOf(key.form, key.rowId);
  if (!isReviewedForm(key.form)) return { changed: false, reference, reason: REVIEW_MESSAGES.notFound };
  if (isDecisionStatus(to) && !decision) return { changed: false, reference, reason: REVIEW_MESSAGES.reasonRequired };
  const [row] = await tx.query<{ status: string }>('SELECT status FROM submissions WHERE id = $1 AND form = $2 FOR UPDATE', [key.rowId, key.form]);
  if (!row || !isApplicationStatus(row.status)) return { changed: false, reference, reason: REVIEW_MESSAGES.notFound };
  const from = row.status;
  if (from === to) return { changed: false, reference, reason: REVIEW_MESSAGES.sameStatus };
  if (!(input.allowed ?? ((current: ApplicationStatus) => canMoveTo(current, to)))(from)) return { changed: false, reference, reason: REVIEW_MESSAGES.notAllowed(from, to) };
  const [updated] = await tx.query<{ at: Date }>('UPDATE submissions SET status = $2, status_changed_at = now() WHERE id = $1 RETURNING status_changed_at AS at', [key.rowId, to]);
  await tx.query(
    'INSERT INTO application_status_history (submission_id, from_status, to_status, member_id, created_at, reason, applicant_message) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [key.rowId, from, to, actor.memberId, updated!.at, decision?.reason ?? null, decision?.applicantMessage ?? null],
  );
  await recordAudit(tx, { actor: actor.email, action: 'change-status', target: `${reference}: ${applicationStatusLabels[from]} → ${applicationStatusLabels[to]}` });
  await enqueueWebhookEvent(tx, { submissionId: key.rowId, type: 'application.status_changed', status: to, previousStatus: from });
  return { changed: true, change: { submissionId: key.rowId, form: key.form, reference, from, to, at: new Date(updated!.at), actor } };
}

/** The receipt in the history of a new submission (from nothing, by nobody): call in the storing transaction. */
export async function recordReceipt(tx: Queryable, submissionId: string): Promise<void> {
  await tx.query("INSERT INTO application_status_history (submission_id, from_status, to_status, member_id) VALUES ($1, NULL, 'received', NULL)", [submissionId]);
}

/* ---------- Reading the review of an application ---------- */

export type MemberRef = { id: string; email: string };
type DecisionReason = { key: string; label: string };

export type ReviewState = ApplicantSideOfApplication & {
  status: ApplicationStatus;
  statusChangedAt: string;
  assignee: MemberRef | null;
  reviewers: MemberRef[];
  history: Array<{ from: ApplicationStatus | null; to: ApplicationStatus; by: string | null; at: string; reason?: DecisionReason }>;
  notes: Array<{ id: string; body: string; by: string; at: string }>;
  decisionEmails: Array<{ status: DecisionStatus; queuedAt: string; sentAt: string | null; by: string }>;
  grantee: { issuedAt: string; issuedBy: string | null; revokedAt: string | null } | null;
};

const iso = (value: Date | string): string => new Date(value).toISOString();

const answerText = (payload: WirePayload, name: string): string => (typeof payload[name] === 'string' ? String(payload[name]).trim() : '');

/** The review of a submission (status, history, assignee, notes, decision emails, grantee); null when it does not exist. */
export async function readReview(db: Queryable, submissionId: string, config: ReviewConfig): Promise<ReviewState | null> {
  const [head] = await db.query<{ form: FormKey; status: ApplicationStatus; status_changed_at: Date }>('SELECT form, status, status_changed_at FROM submissions WHERE id = $1', [submissionId]);
  if (!head) return null;
  const setup = await reviewOfApplication(db, submissionId, config);
  const reviewers = await db.query<MemberRef>(
    `SELECT m.id::text AS id, m.email FROM review_assignments a JOIN team_members m ON m.id = a.member_id
     WHERE a.submission_id = $1 ORDER BY a.assigned_at, a.member_id`,
    [submissionId],
  );
  const history = await db.query<{ from_status: ApplicationStatus | null; to_status: ApplicationStatus; email: string | null; created_at: Date; reason: string | null }>(
    `SELECT h.from_status, h.to_status, m.email, h.created_at, h.reason FROM application_status_history h LEFT JOIN team_members m ON m.id = h.member_id
     WHERE h.submission_id = $1 ORDER BY h.id`,
    [submissionId],
  );
  const notes = await db.query<{ id: string; body: string; email: string; created_at: Date }>(
    `SELECT n.id::text AS id, n.body, m.email, n.created_at FROM application_notes n JOIN team_members m ON m.id = n.member_id
     WHERE n.submission_id = $1 ORDER BY n.id`,
    [submissionId],
  );
  const decisions = await db.query<{ status: DecisionStatus; created_at: Date; sent_at: Date | null; email: string }>(
    `SELECT d.status, d.created_at, o.sent_at, m.email FROM application_decision_emails d
     JOIN mail_outbox o ON o.id = d.outbox_id JOIN team_members m ON m.id = d.member_id
     WHERE d.submission_id = $1 ORDER BY d.id`,
    [submissionId],
  );
  const [grantee] = await db.query<{ created_at: Date; revoked_at: Date | null; email: string | null }>(
    `SELECT g.created_at, g.revoked_at, m.email FROM grantees g LEFT JOIN team_members m ON m.id = g.issued_by
     WHERE g.submission_id = $1 ORDER BY g.id DESC LIMIT 1`,
    [submissionId],
  );
  return {
    ...(await readApplicantSide(db, submissionId)),
    status: head.status,
    statusChangedAt: iso(head.status_changed_at),
    assignee: reviewers[0] ?? null,
    reviewers,
    history: history.map((row) => {
      const reason = decisionReasonOf(setup?.reasons, row.to_status, row.reason);
      return { from: row.from_status, to: row.to_status, by: row.email, at: iso(row.created_at), ...(reason ? { reason } : {}) };
    }),
    notes: notes.map((row) => ({ id: row.id, body: row.body, by: row.email, at: iso(row.created_at) })),
    decisionEmails: decisions.map((row) => ({ status: row.status, queuedAt: iso(row.created_at), sentAt: row.sent_at ? iso(row.sent_at) : null, by: row.email })),
    grantee: grantee ? { issuedAt: iso(grantee.created_at), issuedBy: grantee.email, revokedAt: grantee.revoked_at ? iso(grantee.revoked_at) : null } : null,
  };
}

/* ---------- Assignees and notes (several reviewers: src/server/team/scoring/store.ts) ---------- */

/** The members an application can be assigned to: active reviewers and admins with a passkey. */
export async function listAssignees(db: Queryable): Promise<Array<{ id: string; email: string; role: Role }>> {
  return db.query<{ id: string; email: string; role: Role }>(
    `SELECT m.id::text AS id, m.email, m.role FROM team_members m
     WHERE m.revoked_at IS NULL AND m.role IN ('reviewer', 'admin') AND EXISTS (SELECT 1 FROM team_passkeys p WHERE p.member_id = m.id)
     ORDER BY lower(m.email)`,
  );
}

/** Adds an internal note (the caller has checked its text), audited `add-note` by reference only: the note stays out of the log. */
export async function addNote(tx: Queryable, input: { readonly key: ApplicationKey; readonly body: string; readonly actor: Actor }): Promise<ReviewState['notes'][number] | null> {
  const { key, body, actor } = input;
  if (!isReviewedForm(key.form)) return null;
  const [row] = await tx.query<{ id: string; created_at: Date }>(
    `INSERT INTO application_notes (submission_id, member_id, body)
     SELECT s.id, $3, $4 FROM submissions s WHERE s.id = $1 AND s.form = $2
     RETURNING id::text AS id, created_at`,
    [key.rowId, key.form, actor.memberId, body],
  );
  if (!row) return null;
  await recordAudit(tx, { actor: actor.email, action: 'add-note', target: referenceOf(key.form, key.rowId) });
  return { id: row.id, body, by: actor.email, at: iso(row.created_at) };
}

/* ---------- Decision emails ---------- */

type ReviewedApplication = StoredApplication & { readonly form: ReviewedForm; readonly status: ApplicationStatus };

async function readReviewed(tx: Queryable, key: ApplicationKey, lock: boolean): Promise<ReviewedApplication | null> {
  if (!isReviewedForm(key.form)) return null;
  const [row] = await tx.query<{ payload: WirePayload; created_at: Date; status: ApplicationStatus }>(
    `SELECT payload, created_at, status FROM submissions WHERE id = $1 AND form = $2${lock ? ' FOR UPDATE' : ''}`,
    [key.rowId, key.form],
  );
  return row ? { form: key.form, id: key.rowId, payload: row.payload, createdAt: new Date(row.created_at), status: row.status } : null;
}

export type DecisionPreview = { readonly status: 'ok'; readonly email: ComposedEmail } | { readonly status: 'not-found' } | { readonly status: 'no-decision'; readonly current: ApplicationStatus };

/** The message to the applicant the current decision was made with (its history row), if any. */
async function messageOfDecision(tx: Queryable, submissionId: string): Promise<string | null> {
  const [row] = await tx.query<{ applicant_message: string | null }>(
    `SELECT h.applicant_message FROM application_status_history h JOIN submissions s ON s.id = h.submission_id
     WHERE h.submission_id = $1 AND h.to_status = s.status ORDER BY h.id DESC LIMIT 1`,
    [submissionId],
  );
  return row?.applicant_message ?? null;
}

/**
 * The decision email the application's current status calls for, exactly as send would queue it:
 * with the member's message, or (undefined) the message the decision was made with.
 */
export async function previewDecisionEmail(tx: Queryable, key: ApplicationKey, applicantMessage: string | null | undefined, lock = false): Promise<DecisionPreview> {
  const application = await readReviewed(tx, key, lock);
  if (!application) return { status: 'not-found' };
  if (!isDecisionStatus(application.status)) return { status: 'no-decision', current: application.status };
  const message = applicantMessage === undefined ? await messageOfDecision(tx, key.rowId) : applicantMessage;
  return { status: 'ok', email: composeDecisionEmail(application, application.status, message) };
}

export type DecisionSendOutcome = { readonly status: 'queued'; readonly queuedAt: string } | { readonly status: 'not-found' } | { readonly status: 'changed' } | { readonly status: 'already-sent' };

/**
 * Queues the decision email a member previewed, through the outbox (purpose 'decision'): only if
 * the application still calls for exactly that email, and only once per decision (a second send
 * of the same decision since the status last changed is refused). Audited `send-decision-email`.
 */
export async function sendDecisionEmail(
  tx: Queryable,
  input: {
    readonly key: ApplicationKey;
    readonly previewed: { subject: string; text: string };
    /** The message to the applicant it was previewed with (undefined: the decision's own): also shown in the portal. */
    readonly applicantMessage: string | null | undefined;
    readonly actor: Actor;
    readonly keys: FinanceKeyring;
  },
): Promise<DecisionSendOutcome> {
  const { key, previewed, actor } = input;
  const given = input.applicantMessage === undefined ? await messageOfDecision(tx, key.rowId) : input.applicantMessage;
  const applicantMessage = given?.trim() ? given.trim() : null;
  const preview = await previewDecisionEmail(tx, key, applicantMessage, true);
  if (preview.status === 'not-found') return { status: 'not-found' };
  if (preview.status === 'no-decision' || preview.email.subject !== previewed.subject || preview.email.text !== previewed.text) return { status: 'changed' };
  const [already] = await tx.query(
    `SELECT 1 FROM application_decision_emails d JOIN submissions s ON s.id = d.submission_id
     WHERE d.submission_id = $1 AND d.status = s.status AND d.created_at >= s.status_changed_at`,
    [key.rowId],
  );
  if (already) return { status: 'already-sent' };
  const outboxId = await enqueueEmail(tx, { ...preview.email, purpose: 'decision' }, input.keys);
  const [row] = await tx.query<{ created_at: Date; status: string }>(
    `INSERT INTO application_decision_emails (submission_id, status, outbox_id, member_id, applicant_message)
     SELECT id, status, $2, $3, $4 FROM submissions WHERE id = $1 RETURNING created_at, status`,
    [key.rowId, outboxId, actor.memberId, applicantMessage],
  );
  await recordAudit(tx, { actor: actor.email, action: 'send-decision-email', target: `${referenceOf(key.form, key.rowId)}: ${applicationStatusLabels[row!.status as ApplicationStatus]}` });
  return { status: 'queued', queuedAt: iso(row!.created_at) };
}

/* ---------- Grantee IDs issued from an application ---------- */

export type IssueGranteeOutcome = { readonly status: 'issued'; readonly issuedAt: string } | { readonly status: 'not-found' } | { readonly status: 'not-approved' } | { readonly status: 'no-payout' };

/**
 * 'Emitir el ID de seguridad (Security Grantee ID)': on an approved grant application, revokes the application's current
 * grantee (a re-issue), creates a new one with the ID hashed as `npm run grantees` does, and queues
 * the one email that carries the ID. The ID leaves this function only inside that email: it is in
 * no answer, log or audit entry. Audited `issue-grantee-id` or `reissue-grantee-id`.
 */
export async function issueGranteeId(tx: Queryable, input: { readonly key: ApplicationKey; readonly actor: Actor; readonly siteOrigin: string; readonly keys: FinanceKeyring }): Promise<IssueGranteeOutcome> {
  const { key, actor, siteOrigin } = input;
  const application = await readReviewed(tx, key, true);
  if (!application) return { status: 'not-found' };
  if (application.status !== 'approved') return { status: 'not-approved' };
  if (!paysOut(application.form)) return { status: 'no-payout' };
  const revoked = await tx.query('UPDATE grantees SET revoked_at = now() WHERE submission_id = $1 AND revoked_at IS NULL RETURNING id', [key.rowId]);
  const reference = referenceOf(key.form, key.rowId);
  const name = [answerText(application.payload, 'firstName'), answerText(application.payload, 'lastName')].filter(Boolean).join(' ');
  const { grantee, securityId } = await addGrantee(tx, `${reference} ${name}`.trim(), { submissionId: key.rowId, issuedBy: actor.memberId });
  const reissued = revoked.length > 0;
  await enqueueEmail(tx, { ...composeGranteeIdEmail(application, { securityId, siteOrigin, reissued }), purpose: 'grantee-id' }, input.keys);
  await recordAudit(tx, { actor: actor.email, action: reissued ? 'reissue-grantee-id' : 'issue-grantee-id', target: reference });
  return { status: 'issued', issuedAt: iso(grantee.created_at) };
}


/* ---------- Payment details of the grantees issued from an application ---------- */

export type PaymentDetailsVersion = {
  version: number;
  reference: string;
  receivedAt: string;
  sections: ApplicationDetail['sections'];
  /** Set (and no answers) when this version could not be decrypted. */
  unreadable?: string;
};

/**
 * Every version of the payment details sent with the grantee IDs issued from a submission, newest
 * first, decrypted with the keyring. Finance only: the caller checks the role and audits each version.
 */
export async function readPaymentDetails(db: Queryable, submissionId: string, keyring: FinanceKeyring): Promise<PaymentDetailsVersion[]> {
  return (await paymentDetailsOfSubmission(db, submissionId, keyring)).map((version) => {
    const head = { version: version.version, reference: version.reference, receivedAt: iso(version.createdAt) };
    if (version.payload === null) return { ...head, sections: [], unreadable: UNREADABLE_PAYMENT_DETAILS };
    return { ...head, sections: answersBySection(PAYMENT_DETAILS_FORM, version.payload) };
  });
}
