/**
 * The applicant portal's routes under /api/applicant, declared once: the server validates with these
 * schemas (Fastify's TypeBox provider) and the pages under /mi-solicitud/ take their request and
 * answer types from them with `import type`. An applicant signs in with a single-use emailed link
 * and reaches only the applications whose `email` answer is theirs.
 */
import { Type, type Static } from 'typebox';
import { groupThousands } from '../../lib/groupThousands';
import { Text } from './common';
import { REVIEWED_PROGRAMMES } from '../../config/programmes';
import { APPLICATION_STATUSES } from '../../lib/applicationStatus';
import { CorrectionValues, OpenedCorrection } from './revisions';

/** Longest answer to a request for information, in characters. */
export const RESPONSE_TEXT_MAX = 32768;
/** Largest file attached to an answer, in bytes (the forms' own limit). */
export const RESPONSE_FILE_MAX_BYTES = 4 * 1024 * 1024;
/** Longest reason given with a withdrawal. */
export const WITHDRAWAL_REASON_MAX = 2000;
/** Longest comment given with a satisfaction rating. */
export const SATISFACTION_COMMENT_MAX = 2000;
/** The sign-in cookie of an applicant (never the team's). */
export const APPLICANT_COOKIE = '__Host-solicitante';
/** The page the emailed link opens; the token follows in the fragment (#…), never in the path or query. */
export const APPLICANT_SIGN_IN_PATH = '/mi-solicitud/entrar/';
/** The portal's home, which every email to an applicant ends with. */
export const APPLICANT_PORTAL_PATH = '/mi-solicitud/';

const EMAIL_MESSAGE = 'Escribe un correo electrónico válido.';

/** `{ error }`: every refusal, with a Spanish message to show as is. */
export const ApplicantError = Type.Object({ error: Type.String() });
export type ApplicantError = Static<typeof ApplicantError>;

/* ---------- Signing in ---------- */

/** POST /api/applicant/link: JSON. */
export const LinkBody = Type.Object(
  { email: Type.String({ maxLength: 254, format: 'email', errorMessage: EMAIL_MESSAGE }) },
  { errorMessage: { required: { email: EMAIL_MESSAGE } } },
);
export type LinkBody = Static<typeof LinkBody>;

/** 202, the same body whether or not the address has applications. 429 (per client) is an ApplicantError. */
export const LinkAccepted = Type.Object({ message: Type.String() });
export type LinkAccepted = Static<typeof LinkAccepted>;

const LINK_MESSAGE = 'El enlace no es válido. Pide uno nuevo.';

/** POST /api/applicant/session: the token from the link's fragment. 400 malformed, 410 used or expired. */
export const SessionBody = Type.Object(
  { token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', errorMessage: LINK_MESSAGE }) },
  { errorMessage: { required: { token: LINK_MESSAGE } } },
);
export type SessionBody = Static<typeof SessionBody>;

/** 200 from POST /api/applicant/session (with the cookie set) and GET /api/applicant/me (401 when signed out). */
export const ApplicantSession = Type.Object({ email: Type.String() });
export type ApplicantSession = Static<typeof ApplicantSession>;

/**
 * 200 from GET /api/applicant/session, the portal's "who is signed in?": always 200, so a signed-out
 * visitor's probe logs nothing in the browser's console (Chrome logs every 401). The other routes
 * still answer 401 without a session.
 */
export const ApplicantSignedIn = Type.Union([Type.Object({ signedIn: Type.Literal(true), email: Type.String() }), Type.Object({ signedIn: Type.Literal(false) })]);
export type ApplicantSignedIn = Static<typeof ApplicantSignedIn>;

/* ---------- Applications ---------- */

export const ApplicationStatusCode = Type.Enum(APPLICATION_STATUSES);
export const ReviewedForm = Type.Enum(REVIEWED_PROGRAMMES);

/** One row of GET /api/applicant/applications (newest first). title: the project's or the event's name. */
export const ApplicantApplicationSummary = Type.Object({
  reference: Type.String(),
  form: ReviewedForm,
  programme: Type.String(),
  title: Type.String(),
  submittedAt: Type.String(),
  status: ApplicationStatusCode,
  statusLabel: Type.String(),
});
export type ApplicantApplicationSummary = Static<typeof ApplicantApplicationSummary>;

export const ApplicantApplicationList = Type.Object({ items: Type.Array(ApplicantApplicationSummary) });
export type ApplicantApplicationList = Static<typeof ApplicantApplicationList>;

const REFERENCE_MESSAGE = 'No encontramos esa solicitud.';

export const ReferenceParams = Type.Object({ reference: Type.String({ maxLength: 40, errorMessage: REFERENCE_MESSAGE }) });
export type ReferenceParams = Static<typeof ReferenceParams>;

export const RequestParams = Type.Object({
  reference: Type.String({ maxLength: 40, errorMessage: REFERENCE_MESSAGE }),
  requestId: Type.String({ pattern: '^[1-9][0-9]{0,17}$', errorMessage: 'No encontramos esa pregunta.' }),
});
export type RequestParams = Static<typeof RequestParams>;

/** A status the application passed through, in the team's words, with its date. */
export const StatusStep = Type.Object({ status: ApplicationStatusCode, label: Type.String(), at: Type.String() });
export type StatusStep = Static<typeof StatusStep>;

/** Every answer as sent, under its form label, in the form's section order (the team's detail view's own sections). */
export const AnswerSections = Type.Array(
  Type.Object({ title: Type.String(), answers: Type.Array(Type.Object({ name: Type.String(), label: Type.String(), value: Type.String() })) }),
);
export type AnswerSections = Static<typeof AnswerSections>;

export const InformationResponse = Type.Object({ text: Type.String(), fileName: Type.Union([Type.String(), Type.Null()]), at: Type.String() });
export type InformationResponse = Static<typeof InformationResponse>;

export const ApplicantInformationRequest = Type.Object({
  id: Type.String(),
  question: Type.String(),
  askedAt: Type.String(),
  /** The answers this request opened for correction (labels and rules from the form definition); null for a question only. */
  correction: Type.Union([OpenedCorrection, Type.Null()]),
  responses: Type.Array(InformationResponse),
});
export type ApplicantInformationRequest = Static<typeof ApplicantInformationRequest>;

export const DecisionMessage = Type.Object({ text: Type.String(), at: Type.String() });
export type DecisionMessage = Static<typeof DecisionMessage>;

export const SatisfactionAnswer = Type.Object({
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  comment: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
});
export type SatisfactionAnswer = Static<typeof SatisfactionAnswer>;

/** GET /api/applicant/applications/:reference; the same 404 for another's reference and a missing one. */
export const ApplicantApplicationDetail = Type.Object({
  ...ApplicantApplicationSummary.properties,
  steps: Type.Array(StatusStep),
  /** What happens next, from the programme's configuration; null when it holds nothing to promise. */
  nextStep: Type.Union([Type.String(), Type.Null()]),
  decisionMessage: Type.Union([DecisionMessage, Type.Null()]),
  /** The answers of the current version (version 1 is the application as sent). */
  answers: AnswerSections,
  version: Type.Integer({ minimum: 1 }),
  /**
   * While a request has opened answers and the application has no decision (nor was withdrawn): every value of
   * the current version as the public form holds it (FormValues: what the correction form starts from, and what
   * the rules of visibility read); null otherwise: nothing can be corrected.
   */
  correctionValues: Type.Union([CorrectionValues, Type.Null()]),
  fileName: Type.Union([Type.String(), Type.Null()]),
  informationRequests: Type.Array(ApplicantInformationRequest),
  canWithdraw: Type.Boolean(),
  satisfaction: Type.Union([SatisfactionAnswer, Type.Null()]),
  canRate: Type.Boolean(),
  /** Payment details sent with a grantee ID: only that a version arrived and when, never the values. */
  paymentDetailsReceived: Type.Array(Type.Object({ at: Type.String() })),
  /**
   * Rejected or withdrawn, and a round of the same programme takes applications now: the page offers "Volver a solicitar",
   * the programme's apply page with `?desde=<reference>` (src/config/routes.ts: applyRoutes, REAPPLY_PARAM).
   */
  canReapply: Type.Boolean(),
});
export type ApplicantApplicationDetail = Static<typeof ApplicantApplicationDetail>;

/**
 * POST /api/applicant/applications/:reference/requests/:requestId/response: multipart/form-data with
 * the part `text` (1..RESPONSE_TEXT_MAX characters), optionally one `file` (≤ RESPONSE_FILE_MAX_BYTES,
 * the forms' file types) and, for a request that opened answers, optionally `corrections`: JSON text of
 * CorrectionValues (src/api/contracts/revisions.ts; a refusal by the form's rules answers 400 CorrectionRefused).
 * The parts the page appends to its FormData:
 */
export type InformationResponseParts = { text: string; file?: File; corrections?: string };

/**
 * 201 from the response route: the answer as stored, the application's status (back to En revisión) and
 * its version: `revised` when this answer's correction created it.
 */
export const InformationResponseCreated = Type.Object({
  response: InformationResponse,
  status: ApplicationStatusCode,
  statusLabel: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  revised: Type.Boolean(),
});
export type InformationResponseCreated = Static<typeof InformationResponseCreated>;

/** POST …/withdraw: JSON; 409 once a decision is taken. */
export const WithdrawBody = Type.Object({
  reason: Type.Optional(Text({ maxLength: WITHDRAWAL_REASON_MAX, errorMessage: `El motivo puede tener hasta ${groupThousands(WITHDRAWAL_REASON_MAX, '.')} caracteres.` })),
});
export type WithdrawBody = Static<typeof WithdrawBody>;

/** 200 from …/withdraw. */
export const StatusReply = Type.Object({ status: ApplicationStatusCode, statusLabel: Type.String() });
export type StatusReply = Static<typeof StatusReply>;

const RATING_MESSAGE = 'Elige una valoración del 1 al 5.';

/** POST …/satisfaction: JSON; only after a decision, once (409 the second time). 201 answers a SatisfactionAnswer. */
export const SatisfactionBody = Type.Object(
  {
    rating: Type.Integer({ minimum: 1, maximum: 5, errorMessage: RATING_MESSAGE }),
    comment: Type.Optional(Text({ maxLength: SATISFACTION_COMMENT_MAX, errorMessage: `El comentario puede tener hasta ${groupThousands(SATISFACTION_COMMENT_MAX, '.')} caracteres.` })),
  },
  { errorMessage: { required: { rating: RATING_MESSAGE } } },
);
export type SatisfactionBody = Static<typeof SatisfactionBody>;

/* ---------- Reapplying ---------- */

/**
 * GET /api/applicant/applications/:reference/prefill (signed in): the answers of a rejected or withdrawn application of
 * the session's address, as its form's values (the field names and the texts the public form holds), to fill the
 * programme's public form. Never the file nor the captcha. 404 (REFERENCE_MESSAGE) for another's reference or a missing
 * one; 409 (REAPPLY_MESSAGES.notSettled) when the application is neither rejected nor withdrawn. Nothing is sent: the
 * applicant presses submit on the public form, whose POST then carries `?desde=<reference>` (REAPPLY_PARAM).
 *
 * The form endpoints (POST /api/project-grants, …) with `?desde=<reference>` link the new application to that one when
 * the applicant's session (the same cookie, path /) owns it, it is rejected or withdrawn, it is of the same programme and
 * the new application's email is the session's; otherwise they answer the ApplicantError below and store nothing:
 * 401 signedOut, 404 notFound, 409 notSettled / otherProgramme / otherEmail.
 */
export const ApplicationPrefill = Type.Object({
  reference: Type.String(),
  form: ReviewedForm,
  values: Type.Record(Type.String(), Type.String()),
  /** The file sent with it, by name, so the page can say it is not copied; null when none. */
  fileName: Type.Union([Type.String(), Type.Null()]),
});
export type ApplicationPrefill = Static<typeof ApplicationPrefill>;

/** The refusals of a prefill and of a submission naming an earlier application (Spanish: the portal's language). */
export const REAPPLY_MESSAGES = {
  signedOut: 'Para volver a solicitar desde tu solicitud anterior, entra antes en Mi solicitud con el enlace que te enviamos. No se guardó nada.',
  notFound: 'No encontramos esa solicitud anterior entre las tuyas. No se guardó nada.',
  notSettled: 'Solo puedes volver a solicitar desde una solicitud rechazada o retirada. No se guardó nada.',
  otherProgramme: 'La solicitud anterior es de otro programa: vuelve a solicitar desde el formulario de su programa. No se guardó nada.',
  otherEmail: 'El correo de la nueva solicitud debe ser el mismo con que entraste en Mi solicitud. No se guardó nada.',
  malformed: 'La referencia de la solicitud anterior no es válida. No se guardó nada.',
} as const;

/* ---------- Own data ---------- */

/**
 * GET /api/applicant/data: a JSON download (Content-Disposition attachment), the team's data-rights
 * export of this address (src/server/dataRights/bundle.ts) with payment details reduced to their
 * existence and date. Typed there (DataRightsExport); the page only offers it as a download.
 */

/** POST /api/applicant/erasure-request: JSON `{}` (other keys are ignored). 202 with the message to show. */
export const ErasureRequestBody = Type.Object({});
export type ErasureRequestBody = Static<typeof ErasureRequestBody>;

export const ErasureRequested = Type.Object({ message: Type.String(), requestedAt: Type.String() });
export type ErasureRequested = Static<typeof ErasureRequested>;
