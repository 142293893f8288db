/**
 * The team side of the applicant portal under /api/team: requests for information, the applicant's
 * message with a decision, satisfaction and erasure requests. Declared once for the server's
 * validation and the team pages' `import type`.
 */
import { Type, type Static } from 'typebox';
import { groupThousands } from '../../lib/groupThousands';
import { Text } from './common';
import { DecisionMessage, InformationResponse, ReviewedForm, SatisfactionAnswer, StatusReply } from './applicant';
import { OpenedCorrection, OpenFields } from './revisions';

/** Longest question to an applicant, and longest message to an applicant with a decision. */
export const QUESTION_MAX = 4000;
export const APPLICANT_MESSAGE_MAX = 4000;

const QUESTION_MESSAGE = `Escribe la pregunta: entre 1 y ${groupThousands(QUESTION_MAX, '.')} caracteres.`;

/**
 * POST /api/team/applications/:id/information-request/preview and …/send (reviewers and admins). openFields
 * (optional) opens answers of the application for correction (src/api/contracts/revisions.ts); the email
 * names them.
 */
export const QuestionBody = Type.Object(
  { question: Text({ minLength: 1, maxLength: QUESTION_MAX, pattern: '\\S', errorMessage: QUESTION_MESSAGE }), openFields: Type.Optional(OpenFields) },
  { errorMessage: { required: { question: QUESTION_MESSAGE } } },
);
export type QuestionBody = Static<typeof QuestionBody>;

/** 200 from …/information-request/preview: the email exactly as send queues it. */
export const QuestionEmailPreview = Type.Object({ subject: Type.String(), body: Type.String() });
export type QuestionEmailPreview = Static<typeof QuestionEmailPreview>;

/** A response as the team sees it: fileLink is the path of the response file's download, or null. */
export const TeamInformationResponse = Type.Object({
  ...InformationResponse.properties,
  id: Type.String(),
  fileLink: Type.Union([Type.String(), Type.Null()]),
});
export type TeamInformationResponse = Static<typeof TeamInformationResponse>;

export const TeamInformationRequest = Type.Object({
  id: Type.String(),
  question: Type.String(),
  askedAt: Type.String(),
  askedBy: Type.Union([Type.String(), Type.Null()]),
  /** The answers it opened for correction; null for a question only. */
  correction: Type.Union([OpenedCorrection, Type.Null()]),
  responses: Type.Array(TeamInformationResponse),
});
export type TeamInformationRequest = Static<typeof TeamInformationRequest>;

/** 200 from …/information-request/send: the request as stored and the new status (Información solicitada). */
export const QuestionSent = Type.Object({ ...StatusReply.properties, request: TeamInformationRequest });
export type QuestionSent = Static<typeof QuestionSent>;

/**
 * GET /api/team/applications/:id/information-requests/:requestId/responses/:responseId/file: the
 * file of a response (the link each TeamInformationResponse carries).
 */
export const ResponseFileParams = Type.Object({
  id: Type.String({ maxLength: 40 }),
  requestId: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }),
  responseId: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }),
});
export type ResponseFileParams = Static<typeof ResponseFileParams>;

/** What GET /api/team/applications/:id adds to a reviewed application's detail. */
export const ApplicantSideOfApplication = Type.Object({
  informationRequests: Type.Array(TeamInformationRequest),
  satisfaction: Type.Union([SatisfactionAnswer, Type.Null()]),
  decisionMessage: Type.Union([DecisionMessage, Type.Null()]),
  withdrawal: Type.Union([Type.Object({ reason: Type.Union([Type.String(), Type.Null()]), at: Type.String() }), Type.Null()]),
});
export type ApplicantSideOfApplication = Static<typeof ApplicantSideOfApplication>;

/** GET /api/team/satisfaction (members): per reviewed programme, the average rating (null with none) and how many. */
export const SatisfactionSummary = Type.Object({
  programmes: Type.Array(Type.Object({ form: ReviewedForm, programme: Type.String(), average: Type.Union([Type.Number(), Type.Null()]), count: Type.Integer() })),
});
export type SatisfactionSummary = Static<typeof SatisfactionSummary>;

/** Days an erasure request may wait (LGPD art. 19). */
export const ERASURE_DEADLINE_DAYS = 15;

/** GET /api/team/data-rights/erasure-requests (admins): open requests, oldest first; daysLeft may be negative (overdue). */
export const ErasureRequestList = Type.Object({
  items: Type.Array(Type.Object({ id: Type.String(), email: Type.String(), requestedAt: Type.String(), daysLeft: Type.Integer() })),
});
export type ErasureRequestList = Static<typeof ErasureRequestList>;
