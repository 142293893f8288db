/**
 * Corrections and versions of an application (issue 52), declared once for the server and the pages
 * (`import type`):
 * - "Pedir información" may open answers for correction: QuestionBody.openFields (teamInformation.ts);
 * - the applicant sees the opened answers on their detail (ApplicantApplicationDetail.version,
 *   .correctionValues and each request's openFields, applicant.ts) and sends the correction with their
 *   answer (the multipart part CORRECTIONS_PART of the response route);
 * - the team reads every version's changes (GET /api/team/applications/:id/versions) and a reviewer
 *   confirms scores given on an earlier version (POST /api/team/applications/:id/scores/confirm).
 * Which answers can be opened: src/forms/definitions/corrections.ts (not the file, the captcha or `email`).
 */
import { Type, type Static } from 'typebox';
import { Text } from './common';

/** The value of QuestionBody.openFields that opens every correctable answer. */
export const OPEN_WHOLE_APPLICATION = 'all';
/** How the team's screens and the request email name it. */
export const WHOLE_APPLICATION_LABEL = 'toda la solicitud';

const OPEN_FIELDS_MESSAGE = 'Elige las respuestas que quieres abrir para corrección, o «toda la solicitud».';

/**
 * What "Pedir información" opens: field names of the application's form (each one a correctable field,
 * src/forms/definitions/corrections.ts; otherwise 400 naming it), or OPEN_WHOLE_APPLICATION. Absent or an
 * empty list: a question only, as before.
 */
export const OpenFields = Type.Union(
  [Type.Literal(OPEN_WHOLE_APPLICATION), Type.Array(Text({ minLength: 1, maxLength: 60 }), { maxItems: 100, uniqueItems: true })],
  { errorMessage: OPEN_FIELDS_MESSAGE },
);
export type OpenFields = Static<typeof OpenFields>;

/**
 * A request's opened answers, as both sides read it (TeamInformationRequest and ApplicantInformationRequest
 * carry it as `correction`, null for a question only): the field names in the form's order (the whole
 * application resolved to its correctable fields when asked) and whether it was "toda la solicitud".
 */
export const OpenedCorrection = Type.Object({ fields: Type.Array(Type.String()), wholeApplication: Type.Boolean() });
export type OpenedCorrection = Static<typeof OpenedCorrection>;

/**
 * The multipart part of POST /api/applicant/applications/:reference/requests/:requestId/response that
 * carries a correction: JSON text of an object field name → the value as the public form holds it
 * (FormValues: the typed text, an option's value, 'Yes'/'No'), only the request's opened fields. The
 * server merges them into the current version's values, checks them with the form definition's own rules
 * and messages (the forms are in English: their messages stay English), and stores version n+1 with the
 * answer, atomically. Absent, or an object with no changed value: an answer without a new version.
 */
export const CORRECTIONS_PART = 'corrections';
export const CorrectionValues = Type.Record(Type.String(), Type.String());
export type CorrectionValues = Static<typeof CorrectionValues>;

/**
 * Every 400 of the response route. For a correction the form's rules refuse, `error` is the first refused field's
 * own message (the form's, in its language) and `fields` holds each refused field's message by name, for the form to show
 * under the fields. Other refusals carry `error` only (an ApplicantError): a field not opened, a change that
 * would change an answer not opened, an unreadable correction (400); an application already decided or
 * withdrawn (409); someone else's application (404).
 */
export const CorrectionRefused = Type.Object({ error: Type.String(), fields: Type.Optional(Type.Record(Type.String(), Type.String())) });
export type CorrectionRefused = Static<typeof CorrectionRefused>;

/** One changed answer: its label in the form, before and after, as the detail shows answers ("Oculto" under blind review). */
export const AnswerChange = Type.Object({ field: Type.String(), label: Type.String(), before: Type.String(), after: Type.String() });
export type AnswerChange = Static<typeof AnswerChange>;

/**
 * A version of the application. Version 1 is the application as sent (no request, no changes); each
 * later one was sent by the applicant answering `requestId`, asked by `askedBy` (null if that member was
 * removed) at `askedAt`, and lists each answer that differs from the version before it.
 */
export const ApplicationVersion = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  createdAt: Type.String(),
  requestId: Type.Union([Type.String(), Type.Null()]),
  question: Type.Union([Type.String(), Type.Null()]),
  askedBy: Type.Union([Type.String(), Type.Null()]),
  askedAt: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Array(AnswerChange),
});
export type ApplicationVersion = Static<typeof ApplicationVersion>;

/**
 * GET /api/team/applications/:id/versions (every member who may read the application; 404 otherwise):
 * the current version's number and every version, oldest first.
 */
export const ApplicationVersions = Type.Object({ current: Type.Integer({ minimum: 1 }), versions: Type.Array(ApplicationVersion) });
export type ApplicationVersions = Static<typeof ApplicationVersions>;

/**
 * POST /api/team/applications/:id/scores/confirm: JSON `{}` (EmptyBody, common.ts). An assigned reviewer
 * (no conflict declared) whose submitted scores were given on an earlier version keeps them as they are, now
 * marked with the current version (audited). 200 answers ScoresResult (teamScoring.ts, `mine.version`); 409
 * with no scores, scores already on the current version, or a decided application; 403 for a member who may
 * not score it; 404 for an application they may not read.
 */
export const SCORES_CONFIRM_PATH = 'scores/confirm';
