/**
 * The grant of an approved application, declared once: the team's routes under
 * /api/team/applications/:id/grant and the grantee's under /api/applicant/applications/:reference/grant.
 * The server validates with these schemas and the pages take their types with `import type`.
 * Amounts travel as decimal strings in their currency ("1500.00", "0.25"; src/lib/money.ts), never
 * as numbers; dates as YYYY-MM-DD (UTC days).
 */
import { Type, type Static } from 'typebox';
import { groupThousands } from '../../lib/groupThousands';
import { Text } from './common';
import { GRANT_NOUNS, GRANT_STATES, MILESTONE_STATES, REPORT_DECISIONS } from '../../lib/grants';
import { AMOUNT_FORMAT_MESSAGE, CURRENCY_CODES } from '../../lib/money';

/** Longest milestone title, "what counts as done", cancel reason and review comment, in characters. */
export const MILESTONE_TITLE_MAX = 200;
export const MILESTONE_CRITERIA_MAX = 2000;
export const MILESTONES_MAX = 20;
export const CANCEL_REASON_MAX = 1000;
export const REVIEW_COMMENT_MAX = 5000;
/** A progress report: its text, its links (https only) and one optional file (the portal's answer-file checks). */
export const REPORT_TEXT_MAX = 5000;
export const REPORT_LINKS_MAX = 5;
export const REPORT_LINK_MAX_LENGTH = 2000;

const CURRENCY_MESSAGE = `La moneda debe ser una de: ${CURRENCY_CODES.join(', ')}.`;
const AMOUNT_MESSAGE = AMOUNT_FORMAT_MESSAGE;
const DATE_MESSAGE = 'Escribe la fecha como AAAA-MM-DD.';

export const CurrencyField = Type.Enum(CURRENCY_CODES, { errorMessage: CURRENCY_MESSAGE });
/**
 * An amount as text: the canonical decimal string the team's screens send ("12000.00", "1.5"), or as a
 * person writes it ("12.000,00"); the route reads it with src/lib/money.ts parseAmount, which refuses
 * a figure that reads two ways ("12.000") and too many decimals for the currency.
 */
export const AmountField = Text({ minLength: 1, maxLength: 64, errorMessage: AMOUNT_MESSAGE });
export const DateField = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', errorMessage: DATE_MESSAGE });

/* ---------- Team: creating, milestones, cancel, complete, review ---------- */

/**
 * POST /api/team/applications/:id/grant (admin): the approved amount, which may differ from the
 * requested one. 201 TeamGrant; 404 unknown application; 409 not approved, not a paying programme,
 * or a grant already exists; 400 a bad amount (too many decimals, zero or negative).
 * The decision route takes the same object as its optional `grant` to create it with the approval.
 */
export const GrantTerms = Type.Object(
  { amount: AmountField, currency: CurrencyField },
  { additionalProperties: false, errorMessage: { required: { amount: 'Escribe el monto aprobado.', currency: CURRENCY_MESSAGE } } },
);
export type GrantTerms = Static<typeof GrantTerms>;

/**
 * One milestone as the admin defines it. `id` names an existing milestone (kept, possibly changed);
 * without it the milestone is new. Exactly one of `amount` (decimal string in the grant's currency)
 * or `share` (percent of the grant, up to two decimals: "25", "33.5") gives what it releases.
 */
export const MilestoneInput = Type.Object(
  {
    id: Type.Optional(Text({ maxLength: 20 })),
    title: Text({ minLength: 1, maxLength: MILESTONE_TITLE_MAX, errorMessage: `El título del hito tiene entre 1 y ${groupThousands(MILESTONE_TITLE_MAX, '.')} caracteres.` }),
    doneCriteria: Text({ minLength: 1, maxLength: MILESTONE_CRITERIA_MAX, errorMessage: `El criterio de cumplimiento tiene entre 1 y ${groupThousands(MILESTONE_CRITERIA_MAX, '.')} caracteres.` }),
    dueDate: DateField,
    amount: Type.Optional(AmountField),
    share: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}(\\.[0-9]{1,2})?$', errorMessage: 'La parte es un porcentaje con hasta dos decimales, por ejemplo 25 o 33.5.' })),
  },
  { additionalProperties: false, errorMessage: { required: { title: 'Cada hito necesita un título.', doneCriteria: 'Cada hito necesita un criterio de cumplimiento.', dueDate: DATE_MESSAGE } } },
);
export type MilestoneInput = Static<typeof MilestoneInput>;

/**
 * POST /api/team/applications/:id/grant/milestones (admin): the whole list at once, in order.
 * The amounts add up exactly to the grant's; due dates are on or after the grant's creation day;
 * accepted milestones stay, unchanged; a milestone with reports is never removed. 200 TeamGrant;
 * 400 with the reason; 404 no grant; 409 the grant is not active.
 */
export const MilestonesBody = Type.Object(
  { milestones: Type.Array(MilestoneInput, { minItems: 1, maxItems: MILESTONES_MAX, errorMessage: `Define entre 1 y ${MILESTONES_MAX} hitos.` }) },
  { additionalProperties: false, errorMessage: { required: { milestones: `Define entre 1 y ${MILESTONES_MAX} hitos.` } } },
);
export type MilestonesBody = Static<typeof MilestonesBody>;

/** POST /api/team/applications/:id/grant/cancel (admin). 200 TeamGrant; 409 not active. */
export const CancelGrantBody = Type.Object(
  { reason: Text({ minLength: 1, maxLength: CANCEL_REASON_MAX, errorMessage: `Escribe el motivo de la cancelación (hasta ${groupThousands(CANCEL_REASON_MAX, '.')} caracteres).` }) },
  { additionalProperties: false, errorMessage: { required: { reason: 'Escribe el motivo de la cancelación.' } } },
);
export type CancelGrantBody = Static<typeof CancelGrantBody>;

/** POST /api/team/applications/:id/grant/complete (admin), body `{}`: only once every milestone is accepted. 200 TeamGrant; 409 otherwise. */

export const MilestoneParams = Type.Object({ id: Type.String(), milestoneId: Type.String({ maxLength: 20 }) });
export type MilestoneParams = Static<typeof MilestoneParams>;

/**
 * POST /api/team/applications/:id/grant/milestones/:milestoneId/review (reviewer, admin): the
 * decision on the report `version` (the latest, still undecided). A comment is required when asking
 * for changes. 200 TeamGrant; 404 unknown milestone; 409 not the latest undecided report.
 */
export const ReviewReportBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1, errorMessage: 'Indica la versión del informe.' }),
    decision: Type.Enum(REPORT_DECISIONS, { errorMessage: 'Elige «Aceptar» o «Pedir cambios».' }),
    comment: Type.Optional(Text({ maxLength: REVIEW_COMMENT_MAX, errorMessage: `El comentario tiene hasta ${groupThousands(REVIEW_COMMENT_MAX, '.')} caracteres.` })),
  },
  { additionalProperties: false, errorMessage: { required: { version: 'Indica la versión del informe.', decision: 'Elige «Aceptar» o «Pedir cambios».' } } },
);
export type ReviewReportBody = Static<typeof ReviewReportBody>;

/** GET …/grant/milestones/:milestoneId/reports/:version/file (team members who read the grant; the grantee under /api/applicant). */
export const ReportFileParams = Type.Object({ id: Type.String(), milestoneId: Type.String({ maxLength: 20 }), version: Type.String({ maxLength: 10 }) });
export type ReportFileParams = Static<typeof ReportFileParams>;

/* ---------- Reading ---------- */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ReportFile = Type.Object({ name: Type.String(), mediaType: Type.String(), size: Type.Integer() });
export type ReportFile = Static<typeof ReportFile>;

/** One version of a progress report; versions are never overwritten. */
export const MilestoneReport = Type.Object({
  version: Type.Integer(),
  body: Type.String(),
  links: Type.Array(Type.String()),
  file: Nullable(ReportFile),
  submittedAt: Type.String(),
  decision: Nullable(Type.Enum(REPORT_DECISIONS)),
  comment: Nullable(Type.String()),
  reviewedAt: Nullable(Type.String()),
});
export type MilestoneReport = Static<typeof MilestoneReport>;

export const TeamMilestoneReport = Type.Intersect([MilestoneReport, Type.Object({ reviewedBy: Nullable(Type.String()) })]);
export type TeamMilestoneReport = Static<typeof TeamMilestoneReport>;

const milestoneFields = {
  id: Type.String(),
  position: Type.Integer(),
  title: Type.String(),
  doneCriteria: Type.String(),
  dueDate: Type.String(),
  amount: Type.String(),
  /** The shown state: Vencido is derived from the due date. */
  state: Type.Enum(MILESTONE_STATES),
  stateLabel: Type.String(),
  acceptedAt: Nullable(Type.String()),
};

export const TeamMilestone = Type.Object({ ...milestoneFields, reports: Type.Array(TeamMilestoneReport) });
export type TeamMilestone = Static<typeof TeamMilestone>;

export const ApplicantMilestone = Type.Object({ ...milestoneFields, reports: Type.Array(MilestoneReport) });
export type ApplicantMilestone = Static<typeof ApplicantMilestone>;

/**
 * A payment recorded against the grant (filled by the payments module; an empty list until it
 * exists). `reference` is null where the reader may not see it (a bank reference for a reviewer).
 */
export const GrantPayment = Type.Object({
  id: Type.String(),
  milestoneId: Nullable(Type.String()),
  amount: Type.String(),
  currency: Type.Enum(CURRENCY_CODES),
  grantAmount: Type.String(),
  rate: Nullable(Type.String()),
  paidOn: Type.String(),
  method: Type.String(),
  reference: Nullable(Type.String()),
});
export type GrantPayment = Static<typeof GrantPayment>;

/** What the grantee sees of a payment: its date, amount and public reference (a transaction hash; never a bank reference). */
export const ApplicantGrantPayment = Type.Object({
  paidOn: Type.String(),
  amount: Type.String(),
  currency: Type.Enum(CURRENCY_CODES),
  milestoneId: Nullable(Type.String()),
  publicReference: Nullable(Type.String()),
});
export type ApplicantGrantPayment = Static<typeof ApplicantGrantPayment>;

const grantFields = {
  amount: Type.String(),
  currency: Type.Enum(CURRENCY_CODES),
  state: Type.Enum(GRANT_STATES),
  stateLabel: Type.String(),
  cancelReason: Nullable(Type.String()),
  createdAt: Type.String(),
  /** The sum paid, in the grant's currency ("0" until the payments module records one). */
  paid: Type.String(),
  outstanding: Type.String(),
  /** Today as the server compares due dates (YYYY-MM-DD, UTC). */
  today: Type.String(),
};

/** 200 from GET /api/team/applications/:id/grant (admin, reviewer, finance) and the team's grant actions; 404 when none. */
export const TeamGrant = Type.Object({
  id: Type.String(),
  reference: Type.String(),
  ...grantFields,
  createdBy: Nullable(Type.String()),
  milestones: Type.Array(TeamMilestone),
  payments: Type.Array(GrantPayment),
});
export type TeamGrant = Static<typeof TeamGrant>;

/** 200 from GET /api/applicant/applications/:reference/grant (the grantee only); 404 when none or not theirs. */
export const ApplicantGrant = Type.Object({
  reference: Type.String(),
  /** What the grantee's page calls it: "beca", "patrocinio" (a Small Grants event sponsorship) or "apoyo" (Devcon Grants); src/lib/grants.ts grantNounOf. */
  noun: Type.Enum(GRANT_NOUNS),
  ...grantFields,
  milestones: Type.Array(ApplicantMilestone),
  payments: Type.Array(ApplicantGrantPayment),
});
export type ApplicantGrant = Static<typeof ApplicantGrant>;

/* ---------- Applicant: a progress report ---------- */

export const ApplicantMilestoneParams = Type.Object({ reference: Type.String({ maxLength: 40 }), milestoneId: Type.String({ maxLength: 20 }) });
export type ApplicantMilestoneParams = Static<typeof ApplicantMilestoneParams>;

export const ApplicantReportFileParams = Type.Object({ reference: Type.String({ maxLength: 40 }), milestoneId: Type.String({ maxLength: 20 }), version: Type.String({ maxLength: 10 }) });
export type ApplicantReportFileParams = Static<typeof ApplicantReportFileParams>;

/**
 * POST /api/applicant/applications/:reference/grant/milestones/:milestoneId/reports: multipart/form-data
 * with the part `text` (1..REPORT_TEXT_MAX characters), optionally `links` (0..REPORT_LINKS_MAX https
 * URLs, one a line) and optionally one `file` (the answer file's size and type checks). 201 ApplicantGrant
 * (the milestone now Entregado, the report a new version); 404 not their grant or no such milestone;
 * 409 the milestone is accepted, already delivered and waiting for review, or the grant is not active.
 */
export const REPORT_PARTS = { text: 'text', links: 'links', file: 'file' } as const;
