import type { ApplicantInformationRequest, DecisionMessage, SatisfactionAnswer } from '../../api/contracts/applicant';
import type { ApplicantSideOfApplication, TeamInformationRequest } from '../../api/contracts/teamInformation';
import { referenceOf } from '../mail/compose';
import { openedCorrectionOf } from './corrections';
import type { Queryable } from '../storage/database';
import type { FormKey } from '../../forms/definitions/types';

/**
 * What the applicant portal adds to an application (migration 13), read for both sides: the team's
 * detail view (readApplicantSide) and the applicant's own page (src/server/applicant/service.ts).
 */

const iso = (value: Date | string): string => new Date(value).toISOString();

/** Where the team downloads a response's file (src/server/team/informationRoutes.ts). */
export const responseFilePath = (reference: string, requestId: string, responseId: string): string =>
  `/api/team/applications/${reference}/information-requests/${requestId}/responses/${responseId}/file`;

/** Every question asked about a submission, oldest first, each with its answers. */
export async function readInformationRequests(db: Queryable, submissionId: string, form: FormKey): Promise<TeamInformationRequest[]> {
  const requests = await db.query<{ id: string; question: string; email: string | null; created_at: Date; open_fields: string[] | null; opens_whole_application: boolean }>(
    `SELECT r.id::text AS id, r.question, m.email, r.created_at, r.open_fields, r.opens_whole_application FROM information_requests r LEFT JOIN team_members m ON m.id = r.member_id
     WHERE r.submission_id = $1 ORDER BY r.id`,
    [submissionId],
  );
  const responses = await db.query<{ id: string; request_id: string; body: string; file_original_name: string | null; created_at: Date }>(
    `SELECT p.id::text AS id, p.request_id::text AS request_id, p.body, p.file_original_name, p.created_at
     FROM information_responses p JOIN information_requests r ON r.id = p.request_id WHERE r.submission_id = $1 ORDER BY p.id`,
    [submissionId],
  );
  const reference = referenceOf(form, submissionId);
  return requests.map((request) => ({
    id: request.id,
    question: request.question,
    askedAt: iso(request.created_at),
    askedBy: request.email,
    correction: openedCorrectionOf(request.open_fields, request.opens_whole_application),
    responses: responses
      .filter((response) => response.request_id === request.id)
      .map((response) => ({
        id: response.id,
        text: response.body,
        fileName: response.file_original_name,
        fileLink: response.file_original_name === null ? null : responseFilePath(reference, request.id, response.id),
        at: iso(response.created_at),
      })),
  }));
}

/** The same, as the applicant sees it: no member, no team links. */
export const forApplicant = (requests: readonly TeamInformationRequest[]): ApplicantInformationRequest[] =>
  requests.map((request) => ({
    id: request.id,
    question: request.question,
    askedAt: request.askedAt,
    correction: request.correction,
    responses: request.responses.map((response) => ({ text: response.text, fileName: response.fileName, at: response.at })),
  }));

export async function readSatisfaction(db: Queryable, submissionId: string): Promise<SatisfactionAnswer | null> {
  const [row] = await db.query<{ rating: number; comment: string | null; created_at: Date }>('SELECT rating, comment, created_at FROM application_satisfaction WHERE submission_id = $1', [
    submissionId,
  ]);
  return row ? { rating: Number(row.rating), comment: row.comment, at: iso(row.created_at) } : null;
}

/**
 * The team's message with the current decision: the latest since the status last changed, from the
 * decision itself (its history row) or from a decision email that carried one.
 */
export async function readDecisionMessage(db: Queryable, submissionId: string): Promise<DecisionMessage | null> {
  const [row] = await db.query<{ applicant_message: string; created_at: Date }>(
    `SELECT applicant_message, created_at FROM (
       SELECT d.applicant_message, d.created_at, 1 AS rank FROM application_decision_emails d JOIN submissions s ON s.id = d.submission_id
       WHERE d.submission_id = $1 AND d.status = s.status AND d.created_at >= s.status_changed_at AND d.applicant_message IS NOT NULL
       UNION ALL
       SELECT h.applicant_message, h.created_at, 0 AS rank FROM application_status_history h JOIN submissions s ON s.id = h.submission_id
       WHERE h.id = (SELECT max(id) FROM application_status_history WHERE submission_id = $1) AND h.to_status = s.status AND h.applicant_message IS NOT NULL
     ) messages ORDER BY created_at DESC, rank DESC LIMIT 1`,
    [submissionId],
  );
  return row ? { text: row.applicant_message, at: iso(row.created_at) } : null;
}

export async function readWithdrawal(db: Queryable, submissionId: string): Promise<ApplicantSideOfApplication['withdrawal']> {
  const [row] = await db.query<{ reason: string | null; created_at: Date }>('SELECT reason, created_at FROM application_withdrawals WHERE submission_id = $1', [submissionId]);
  return row ? { reason: row.reason, at: iso(row.created_at) } : null;
}

/** What the team's detail view of an application gains from the portal. */
export async function readApplicantSide(db: Queryable, submissionId: string): Promise<ApplicantSideOfApplication> {
  const [head] = await db.query<{ form: FormKey }>('SELECT form FROM submissions WHERE id = $1', [submissionId]);
  return {
    informationRequests: head ? await readInformationRequests(db, submissionId, head.form) : [],
    satisfaction: await readSatisfaction(db, submissionId),
    decisionMessage: await readDecisionMessage(db, submissionId),
    withdrawal: await readWithdrawal(db, submissionId),
  };
}
