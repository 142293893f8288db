import type {
  ApplicantApplicationDetail,
  ApplicantApplicationList,
  ApplicantApplicationSummary,
  InformationResponseCreated,
  SatisfactionAnswer,
  StatusReply,
} from '../../api/contracts/applicant';
import { programmes } from '../../config/programmes';
import { formDefinitions, isReviewedForm } from '../../forms/definitions';
import { paymentDetailsReceivedAt } from '../finance/views';
import type { WirePayload } from '../../forms/definitions/types';
import { applicationStatusLabels, isSettled, type ApplicationStatus } from '../../lib/applicationStatus';
import { APPLICANT_ACTOR } from '../../lib/team';
import { applicantCopyOf, buildBundle, type ApplicantDataExport } from '../dataRights/bundle';
import { collectRecords, normaliseEmail } from '../dataRights/records';
import type { FinanceKeyring } from '../finance/encryption';
import { composeResponseNotice, composeRevisionCopy, composeRevisionNotice, composeWithdrawalNotice } from '../mail/applicant';
import type { CorrectionRefused, CorrectionValues } from '../../api/contracts/revisions';
import { labelsOf, planCorrection, storeVersion } from './corrections';
import { referenceOf } from '../mail/compose';
import { isDecisionStatus, type ReviewedForm } from '../mail/decisions';
import { enqueueEmail } from '../mail/outbox';
import type { Database, Queryable } from '../storage/database';
import type { StoredFile } from '../storage/files';
import { answersBySection, parseReference } from '../team/applications';
import { recordAudit } from '../team/audit';
import { changeApplicationStatus } from '../team/review';
import { enqueueWebhookEvent } from '../webhooks/outbox';
import { grantNounOf } from '../../lib/grants';
import { grantProgressOf, nextStepOf, NO_GRANT_PROGRESS } from './nextStep';
import { forApplicant, readDecisionMessage, readInformationRequests, readSatisfaction } from './read';
import { canBeSentAgain, programmeTakesApplications } from './reapplyRules';

/**
 * The applicant's side of their applications. An applicant is an email address (the session's);
 * their applications are those whose `email` answer is that address in any letter case. Every
 * function takes the address and a reference and finds nothing (null, 'not-found') for a reference
 * that is not theirs, exactly as for one that does not exist. Each action is audited under
 * APPLICANT_ACTOR, by reference: the address stays out of the log.
 */

const APPLICANT = { memberId: null, email: APPLICANT_ACTOR } as const;

const iso = (value: Date | string): string => new Date(value).toISOString();

export type OwnedRow = {
  id: string;
  form: ReviewedForm;
  payload: WirePayload;
  created_at: Date;
  status: ApplicationStatus;
  file_original_name: string | null;
  file_sha256: string | null;
  version: number;
};

const OWNED_COLUMNS = 'id::text AS id, form, payload, created_at, status, file_original_name, file_sha256, version';
/** The portal's one ownership rule, in SQL: the `email` answer, trimmed and lower-cased, is the session's address. */
const OWNED_BY = "lower(btrim(payload->>'email')) = $1";

/** The submission a reference names if it is the address's (locked for an action); null otherwise. */
export async function ownedApplication(db: Queryable, email: string, reference: string, lock = false): Promise<OwnedRow | null> {
  const key = parseReference(reference);
  if (!key || !isReviewedForm(key.form)) return null;
  const [row] = await db.query<OwnedRow>(`SELECT ${OWNED_COLUMNS} FROM submissions WHERE ${OWNED_BY} AND id = $2 AND form = $3${lock ? ' FOR UPDATE' : ''}`, [email, key.rowId, key.form]);
  return row ?? null;
}

const answerText = (payload: WirePayload, name: string): string => (typeof payload[name] === 'string' ? String(payload[name]).trim() : '');

function summaryOf(row: OwnedRow): ApplicantApplicationSummary {
  const programme = programmes[row.form].name;
  return {
    reference: referenceOf(row.form, row.id),
    form: row.form,
    programme,
    // The project's or the event's name, as the applicant wrote it; the programme when the form asks for neither.
    title: answerText(row.payload, 'projectName') || answerText(row.payload, 'eventName') || programme,
    submittedAt: iso(row.created_at),
    status: row.status,
    statusLabel: applicationStatusLabels[row.status],
  };
}

/** Whether an address has any application: only then is a sign-in link sent. */
export async function hasApplications(db: Queryable, email: string): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM submissions WHERE ${OWNED_BY} LIMIT 1`, [email])).length > 0;
}

export async function listOwnApplications(db: Queryable, email: string): Promise<ApplicantApplicationList> {
  const rows = await db.query<OwnedRow>(`SELECT ${OWNED_COLUMNS} FROM submissions WHERE ${OWNED_BY} ORDER BY created_at DESC, id DESC`, [email]);
  return { items: rows.map(summaryOf) };
}

/** `now`: the moment that says whether the programme takes applications ("Volver a solicitar"). */
export async function readOwnApplication(db: Database, email: string, reference: string, now: Date): Promise<ApplicantApplicationDetail | null> {
  const row = await ownedApplication(db, email, reference);
  if (!row) return null;
  const history = await db.query<{ to_status: ApplicationStatus; created_at: Date }>('SELECT to_status, created_at FROM application_status_history WHERE submission_id = $1 ORDER BY id', [row.id]);
  const payments = await paymentDetailsReceivedAt(db, row.id);
  const satisfaction = await readSatisfaction(db, row.id);
  const progress = row.status === 'approved' ? await grantProgressOf(db, row.id, grantNounOf(row.form, row.payload.projectCategory)) : NO_GRANT_PROGRESS;
  await recordAudit(db, { actor: APPLICANT_ACTOR, action: 'applicant-view', target: referenceOf(row.form, row.id) });
  const requests = await readInformationRequests(db, row.id, row.form);
  // The correction form starts from the current version's values, while a request has opened answers and no decision is taken.
  const correcting = !isSettled(row.status) && requests.some((request) => request.correction !== null && request.correction.fields.length > 0);
  return {
    ...summaryOf(row),
    steps: history.map((step) => ({ status: step.to_status, label: applicationStatusLabels[step.to_status], at: iso(step.created_at) })),
    nextStep: nextStepOf(row.form, row.status, progress),
    decisionMessage: await readDecisionMessage(db, row.id),
    answers: answersBySection(row.form, row.payload),
    version: Number(row.version),
    correctionValues: correcting ? formDefinitions[row.form].fromPayload(row.payload) : null,
    fileName: row.file_sha256 ? (row.file_original_name ?? null) : null,
    informationRequests: forApplicant(requests),
    canWithdraw: !isSettled(row.status),
    satisfaction,
    canRate: isDecisionStatus(row.status) && satisfaction === null,
    paymentDetailsReceived: payments.map((at) => ({ at: iso(at) })),
    canReapply: canBeSentAgain(row.status) && (await programmeTakesApplications(db, row.form, now)),
  };
}

/** The first reviewer assigned to the application, while active and not recused: the one told of the applicant's answer or withdrawal. */
async function assigneeOf(tx: Queryable, submissionId: string): Promise<string | null> {
  const [row] = await tx.query<{ email: string }>(
    `SELECT m.email FROM review_assignments a JOIN team_members m ON m.id = a.member_id
     WHERE a.submission_id = $1 AND m.revoked_at IS NULL AND a.declaration IS DISTINCT FROM 'conflict' ORDER BY a.assigned_at, a.member_id LIMIT 1`,
    [submissionId],
  );
  return row?.email ?? null;
}

type Notices = { readonly siteOrigin: string; readonly keys: FinanceKeyring };

export type ResponseOutcome =
  | { readonly status: 'not-found' }
  | { readonly status: 'settled' }
  | { readonly status: 'refused'; readonly body: CorrectionRefused }
  | { readonly status: 'created'; readonly created: InformationResponseCreated };

/**
 * Stores the applicant's answer to one of the team's questions (its file as the forms store theirs:
 * sniffed type, cleaned name, hash), beside the application's answers, never over them. With a
 * correction of the answers the request opened (src/server/applicant/corrections.ts), checked before
 * anything is written, the answer brings version n+1 of the application, in the same transaction: audited,
 * `application.revised` queued, the assigned member told what changed and the applicant sent their copy.
 * If the application was waiting (Información solicitada) it goes back to En revisión; the assigned
 * member is told. Call inside a transaction.
 */
export async function respondToRequest(
  tx: Queryable,
  input: Notices & {
    readonly email: string;
    readonly reference: string;
    readonly requestId: string;
    readonly text: string;
    readonly upload: StoredFile | null;
    readonly corrections: CorrectionValues | null;
  },
): Promise<ResponseOutcome> {
  const row = await ownedApplication(tx, input.email, input.reference, true);
  const [request] = row
    ? await tx.query<{ open_fields: string[] | null }>('SELECT open_fields FROM information_requests WHERE id = $1 AND submission_id = $2', [input.requestId, row.id])
    : [];
  if (!row || !request) return { status: 'not-found' };
  if (isSettled(row.status)) return { status: 'settled' };
  const plan = input.corrections === null ? null : planCorrection(row.form, row.payload, request.open_fields ?? [], input.corrections);
  if (plan?.status === 'refused') return { status: 'refused', body: plan.body };
  const { upload } = input;
  const [stored] = await tx.query<{ id: string; created_at: Date }>(
    `INSERT INTO information_responses (request_id, body, file_content, file_original_name, file_media_type, file_size, file_sha256)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id, created_at`,
    [input.requestId, input.text, upload?.bytes ?? null, upload?.originalName ?? null, upload?.mediaType ?? null, upload?.size ?? null, upload?.sha256 ?? null],
  );
  const key = { form: row.form, rowId: row.id };
  const reference = referenceOf(row.form, row.id);
  let status = row.status;
  if (status === 'information_requested') {
    const change = await changeApplicationStatus(tx, { key, to: 'in_review', actor: APPLICANT, allowed: (from) => from === 'information_requested' });
    if (change.changed) status = 'in_review';
  }
  await enqueueWebhookEvent(tx, { submissionId: row.id, type: 'application.information_received', status, previousStatus: row.status });
  const assignee = await assigneeOf(tx, row.id);
  await recordAudit(tx, { actor: APPLICANT_ACTOR, action: 'applicant-respond', target: reference });
  let version = Number(row.version);
  if (plan?.status === 'changed') {
    version = await storeVersion(tx, { submissionId: row.id, responseId: stored!.id, payload: plan.payload });
    const changed = labelsOf(row.form, plan.changed);
    await enqueueWebhookEvent(tx, { submissionId: row.id, type: 'application.revised', status, previousStatus: status });
    if (assignee) await enqueueEmail(tx, { ...composeRevisionNotice(assignee, reference, version, changed, input.siteOrigin), purpose: 'revision-notice' }, input.keys);
    const revised = { form: row.form, id: row.id, payload: plan.payload, createdAt: new Date(row.created_at) };
    await enqueueEmail(tx, { ...composeRevisionCopy(revised, version, changed), purpose: 'revision-copy' }, input.keys);
    // The target names the version, never an answer.
    await recordAudit(tx, { actor: APPLICANT_ACTOR, action: 'applicant-revise', target: `${reference} versión ${version}` });
  } else if (assignee) {
    await enqueueEmail(tx, { ...composeResponseNotice(assignee, reference, input.siteOrigin), purpose: 'information-response-notice' }, input.keys);
  }
  return {
    status: 'created',
    created: {
      response: { text: input.text, fileName: upload?.originalName ?? null, at: iso(stored!.created_at) },
      status,
      statusLabel: applicationStatusLabels[status],
      version,
      revised: plan?.status === 'changed',
    },
  };
}

export type WithdrawOutcome = { readonly status: 'not-found' } | { readonly status: 'settled' } | { readonly status: 'withdrawn'; readonly reply: StatusReply };

/** Withdraws an application that has no decision yet, with the applicant's reason if given; the assigned member is told. */
export async function withdrawApplication(tx: Queryable, input: Notices & { readonly email: string; readonly reference: string; readonly reason: string | null }): Promise<WithdrawOutcome> {
  const row = await ownedApplication(tx, input.email, input.reference, true);
  if (!row) return { status: 'not-found' };
  const key = { form: row.form, rowId: row.id };
  const change = await changeApplicationStatus(tx, { key, to: 'withdrawn', actor: APPLICANT, allowed: (from) => !isSettled(from) });
  if (!change.changed) return { status: 'settled' };
  await tx.query('INSERT INTO application_withdrawals (submission_id, reason) VALUES ($1, $2)', [row.id, input.reason]);
  await enqueueWebhookEvent(tx, { submissionId: row.id, type: 'application.withdrawn', status: 'withdrawn', previousStatus: row.status });
  const reference = change.change.reference;
  const assignee = await assigneeOf(tx, row.id);
  if (assignee) await enqueueEmail(tx, { ...composeWithdrawalNotice(assignee, reference, input.siteOrigin), purpose: 'withdrawal-notice' }, input.keys);
  await recordAudit(tx, { actor: APPLICANT_ACTOR, action: 'applicant-withdraw', target: reference });
  return { status: 'withdrawn', reply: { status: 'withdrawn', statusLabel: applicationStatusLabels.withdrawn } };
}

export type RateOutcome = { readonly status: 'not-found' } | { readonly status: 'no-decision' } | { readonly status: 'already-rated' } | { readonly status: 'rated'; readonly answer: SatisfactionAnswer };

/** The applicant's one rating of the process, after a decision. */
export async function rateProcess(tx: Queryable, input: { readonly email: string; readonly reference: string; readonly rating: number; readonly comment: string | null }): Promise<RateOutcome> {
  const row = await ownedApplication(tx, input.email, input.reference, true);
  if (!row) return { status: 'not-found' };
  if (!isDecisionStatus(row.status)) return { status: 'no-decision' };
  const [stored] = await tx.query<{ created_at: Date }>(
    'INSERT INTO application_satisfaction (submission_id, rating, comment) VALUES ($1, $2, $3) ON CONFLICT (submission_id) DO NOTHING RETURNING created_at',
    [row.id, input.rating, input.comment],
  );
  if (!stored) return { status: 'already-rated' };
  await recordAudit(tx, { actor: APPLICANT_ACTOR, action: 'applicant-rate', target: referenceOf(row.form, row.id) });
  return { status: 'rated', answer: { rating: input.rating, comment: input.comment, at: iso(stored.created_at) } };
}

/** The applicant's copy of their data: the team's data-rights export of the address (same collection, same bundle), as applicantCopyOf trims it. */
export async function exportOwnData(database: Database, email: string): Promise<ApplicantDataExport> {
  return database.transaction(async (tx) => {
    const records = await collectRecords(tx, { email });
    const { document } = await buildBundle(tx, normaliseEmail(email), records, null);
    await recordAudit(tx, { actor: APPLICANT_ACTOR, action: 'applicant-export', target: records.references.join(' ') });
    return applicantCopyOf(document);
  });
}

/** A request that the admins erase the address's data (they act in "Datos personales"). One open request per address. */
export async function requestErasure(db: Database, email: string): Promise<{ requestedAt: string }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.query<{ created_at: Date }>('SELECT created_at FROM applicant_erasure_requests WHERE email = $1 ORDER BY id LIMIT 1', [email]);
    const requestedAt = existing
      ? existing.created_at
      : (await tx.query<{ created_at: Date }>('INSERT INTO applicant_erasure_requests (email) VALUES ($1) RETURNING created_at', [email]))[0]!.created_at;
    await recordAudit(tx, { actor: APPLICANT_ACTOR, action: 'applicant-erasure-request' });
    return { requestedAt: iso(requestedAt) };
  });
}
