import { ERASURE_DEADLINE_DAYS, type ErasureRequestList, type QuestionEmailPreview, type QuestionSent, type SatisfactionSummary } from '../../api/contracts/teamInformation';
import { programmes, REVIEWED_PROGRAMMES, type ReviewedProgrammeKey } from '../../config/programmes';
import { isReviewedForm } from '../../forms/definitions';
import type { WirePayload } from '../../forms/definitions/types';
import { applicationStatusLabels, informationRequestFrom, type ApplicationStatus } from '../../lib/applicationStatus';
import type { FinanceKeyring } from '../finance/encryption';
import { composeQuestionEmail, type OpenedForEmail } from '../mail/applicant';
import { referenceOf, type ComposedEmail } from '../mail/compose';
import { enqueueEmail } from '../mail/outbox';
import type { Queryable } from '../storage/database';
import type { ApplicationKey } from '../team/applications';
import { recordAudit } from '../team/audit';
import { hidesIdentity, redactPayload, type BlindContext } from '../team/blind';
import { changeApplicationStatus, type Actor } from '../team/review';
import { enqueueWebhookEvent } from '../webhooks/outbox';
import { labelsOf, resolveOpenFields, type OpenedFields } from './corrections';
import { readInformationRequests } from './read';
import type { OpenFields } from '../../api/contracts/revisions';

/**
 * The team's side of the portal: "Pedir información" (a question emailed to the applicant, who
 * answers in the portal), the satisfaction averages and the applicants' erasure requests.
 */

const iso = (value: Date | string): string => new Date(value).toISOString();

type Asked = { id: string; form: ReviewedProgrammeKey; payload: WirePayload; created_at: Date; status: ApplicationStatus; round_id: string | null };

async function askable(tx: Queryable, key: ApplicationKey, lock: boolean): Promise<Asked | null> {
  if (!isReviewedForm(key.form)) return null;
  const [row] = await tx.query<Asked>(`SELECT id::text AS id, form, payload, created_at, status, round_id::text AS round_id FROM submissions WHERE id = $1 AND form = $2${lock ? ' FOR UPDATE' : ''}`, [key.rowId, key.form]);
  return row ?? null;
}

export type QuestionPreviewOutcome =
  | { readonly status: 'not-found' }
  | { readonly status: 'not-askable'; readonly current: ApplicationStatus }
  | { readonly status: 'bad-fields'; readonly message: string }
  | { readonly status: 'ok'; readonly email: QuestionEmailPreview };

export const notAskableMessage = (status: ApplicationStatus): string =>
  `No se puede pedir información sobre una solicitud en estado «${applicationStatusLabels[status]}»: solo si está «Recibida», «En revisión» o «Información solicitada».`;

type Composed =
  | Exclude<QuestionPreviewOutcome, { status: 'ok' }>
  | { readonly status: 'ok'; readonly row: Asked; readonly opened: OpenedFields | null; readonly forEmail: OpenedForEmail | null; readonly email: ComposedEmail };

async function composeFor(tx: Queryable, key: ApplicationKey, question: string, openFields: OpenFields | undefined, lock: boolean): Promise<Composed> {
  const row = await askable(tx, key, lock);
  if (!row) return { status: 'not-found' };
  if (!informationRequestFrom.includes(row.status)) return { status: 'not-askable', current: row.status };
  const opened = resolveOpenFields(row.form, openFields);
  if (opened !== null && 'refused' in opened) return { status: 'bad-fields', message: opened.refused };
  const forEmail = opened ? { wholeApplication: opened.wholeApplication, labels: labelsOf(row.form, opened.fields) } : null;
  return { status: 'ok', row, opened, forEmail, email: composeQuestionEmail({ form: row.form, id: row.id, payload: row.payload, createdAt: new Date(row.created_at) }, question, forEmail) };
}

/**
 * The question email exactly as send queues it; for a member who reviews this application blind, with every identifying
 * answer (the greeting's first name) reading "Oculto", as the detail does (src/server/team/blind.ts).
 */
export async function previewQuestion(tx: Queryable, key: ApplicationKey, question: string, openFields: OpenFields | undefined, viewer: BlindContext): Promise<QuestionPreviewOutcome> {
  const composed = await composeFor(tx, key, question, openFields, false);
  if (composed.status !== 'ok') return composed;
  const { row } = composed;
  const email = hidesIdentity(viewer, row.round_id, row.status)
    ? composeQuestionEmail({ form: row.form, id: row.id, payload: redactPayload(row.form, row.payload), createdAt: new Date(row.created_at) }, question, composed.forEmail)
    : composed.email;
  return { status: 'ok', email: { subject: email.subject, body: email.text } };
}

export type QuestionSendOutcome = Exclude<QuestionPreviewOutcome, { status: 'ok' }> | { readonly status: 'sent'; readonly sent: QuestionSent };

/**
 * Stores the question (with the answers it opens for correction, if any), queues its email to the applicant,
 * moves the application to Información solicitada (it stays there for another round) and queues the webhook.
 * Call inside a transaction.
 */
export async function sendQuestion(
  tx: Queryable,
  input: { readonly key: ApplicationKey; readonly question: string; readonly openFields?: OpenFields | undefined; readonly actor: Actor; readonly keys: FinanceKeyring },
): Promise<QuestionSendOutcome> {
  const { key, actor } = input;
  const question = input.question.trim();
  const composed = await composeFor(tx, key, question, input.openFields, true);
  if (composed.status !== 'ok') return composed;
  const from = composed.row.status;
  await tx.query('INSERT INTO information_requests (submission_id, question, member_id, open_fields, opens_whole_application) VALUES ($1, $2, $3, $4, $5)', [
    key.rowId,
    question,
    actor.memberId,
    composed.opened ? [...composed.opened.fields] : null,
    composed.opened?.wholeApplication ?? false,
  ]);
  await enqueueEmail(tx, { ...composed.email, purpose: 'information-request' }, input.keys);
  if (from !== 'information_requested') await changeApplicationStatus(tx, { key, to: 'information_requested', actor, allowed: (current) => informationRequestFrom.includes(current) });
  await enqueueWebhookEvent(tx, { submissionId: key.rowId, type: 'application.information_requested', status: 'information_requested', previousStatus: from });
  // The target names the opened answers (field names: never an answer's value).
  const opened = composed.opened ? ` corrección: ${composed.opened.wholeApplication ? 'toda la solicitud' : composed.opened.fields.join(', ')}` : '';
  await recordAudit(tx, { actor: actor.email, action: 'request-information', target: `${referenceOf(key.form, key.rowId)}${opened}` });
  const requests = await readInformationRequests(tx, key.rowId, key.form);
  return { status: 'sent', sent: { status: 'information_requested', statusLabel: applicationStatusLabels.information_requested, request: requests[requests.length - 1]! } };
}

/** A response's file, if the response belongs to that request of that application. */
export async function readResponseFile(
  db: Queryable,
  key: ApplicationKey,
  requestId: string,
  responseId: string,
): Promise<{ bytes: Buffer; mediaType: string; originalName: string; status: ApplicationStatus; roundId: string | null } | null> {
  const [row] = await db.query<{ file_content: Uint8Array; file_media_type: string; file_original_name: string; status: ApplicationStatus; round_id: string | null }>(
    `SELECT p.file_content, p.file_media_type, p.file_original_name, s.status, s.round_id::text AS round_id FROM information_responses p JOIN information_requests r ON r.id = p.request_id
     JOIN submissions s ON s.id = r.submission_id
     WHERE p.id = $1 AND r.id = $2 AND s.id = $3 AND s.form = $4 AND p.file_content IS NOT NULL`,
    [responseId, requestId, key.rowId, key.form],
  );
  if (!row) return null;
  const content = row.file_content;
  return { bytes: Buffer.isBuffer(content) ? content : Buffer.from(content.buffer, content.byteOffset, content.byteLength), mediaType: row.file_media_type, originalName: row.file_original_name, status: row.status, roundId: row.round_id };
}

/** The applicants' ratings, per reviewed programme. */
export async function satisfactionSummary(db: Queryable): Promise<SatisfactionSummary> {
  const rows = await db.query<{ form: string; average: string | null; count: number }>(
    'SELECT s.form, avg(a.rating)::text AS average, count(*)::int AS count FROM application_satisfaction a JOIN submissions s ON s.id = a.submission_id GROUP BY s.form',
  );
  const byForm = new Map(rows.map((row) => [row.form, row]));
  return {
    programmes: REVIEWED_PROGRAMMES.map((form) => {
      const row = byForm.get(form);
      return { form, programme: programmes[form].name, average: row?.average ? Math.round(Number(row.average) * 100) / 100 : null, count: row?.count ?? 0 };
    }),
  };
}

/** The open erasure requests, oldest first, with the days left of the legal deadline (negative when overdue). */
export async function listErasureRequests(db: Queryable): Promise<ErasureRequestList> {
  const rows = await db.query<{ id: string; email: string; created_at: Date; days_left: number }>(
    `SELECT id::text AS id, email, created_at, (${ERASURE_DEADLINE_DAYS} - floor(extract(epoch FROM now() - created_at) / 86400))::int AS days_left
     FROM applicant_erasure_requests ORDER BY id`,
  );
  return { items: rows.map((row) => ({ id: row.id, email: row.email, requestedAt: iso(row.created_at), daysLeft: row.days_left })) };
}
