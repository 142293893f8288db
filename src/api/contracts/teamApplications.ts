/**
 * The inbox: the list with its filter, one application's detail, and the CSV export's filter.
 * Query values stay strings (the team API does not coerce types): each filter is checked by its
 * pattern here; whether a day exists at all is checked by the route.
 */
import { Type, type Static } from 'typebox';
import { programmes } from '../../config/programmes';
import { APPLICATION_STATUSES } from '../../lib/applicationStatus';
import { AnswerSection, FormKeyField, MemberRef, Moment, Status } from './common';
import { ApplicantSideOfApplication } from './teamInformation';
import { PaymentDetailsVersion } from './teamFinance';
import { ReviewState } from './teamReview';
import { RestrictedApplication, ScoringPart } from './teamScoring';

const BAD_DATE = 'Las fechas van en formato AAAA-MM-DD.';
const BAD_FORM = 'Ese programa no existe.';

/** Empty, or one of the alternatives: an empty query value means "no filter". */
const emptyOr = (alternatives: string): string => `^(?:|${alternatives})$`;
const statusCode = `(?:${APPLICATION_STATUSES.join('|')})`;

const Day = Type.String({ pattern: emptyOr('\\d{4}-\\d{2}-\\d{2}'), errorMessage: BAD_DATE });
const Form = Type.String({ pattern: emptyOr(Object.keys(programmes).join('|')), errorMessage: BAD_FORM });
const Search = Type.String({ maxLength: 200, errorMessage: 'La búsqueda puede tener hasta 200 caracteres.' });
/** 1 to 999999, leading zeros allowed. */
export const PageField = Type.String({ pattern: emptyOr('(?=\\d{1,6}$)0*[1-9]\\d*'), errorMessage: 'La página debe ser un número entero positivo.' });

/**
 * The inbox's filter; the CSV export takes the same one (and requires `form`). The order of the properties is
 * the order the refusals are given in when several values are wrong.
 */
export const InboxQuery = Type.Object({
  status: Type.Optional(Type.String({ pattern: emptyOr(`${statusCode}(?:,${statusCode})*`), errorMessage: `El estado debe ser uno de: ${APPLICATION_STATUSES.join(', ')}.` })),
  assignee: Type.Optional(Type.String({ pattern: emptyOr('me|none|[1-9]\\d{0,17}'), errorMessage: 'El filtro de asignación debe ser me, none o el id de un miembro.' })),
  form: Type.Optional(Form),
  q: Type.Optional(Search),
  page: Type.Optional(PageField),
  from: Type.Optional(Day),
  to: Type.Optional(Day),
});
export type InboxQuery = Static<typeof InboxQuery>;

/** How the list and the detail name an application. */
const ApplicationHead = {
  /** The reference, e.g. PG-000123: applications are addressed by it. */
  id: Type.String(),
  reference: Type.String(),
  form: FormKeyField,
};

export const ApplicationSummary = Type.Object({
  ...ApplicationHead,
  name: Type.String(),
  organisation: Type.String(),
  submittedAt: Moment,
  hasFile: Type.Boolean(),
  /** Null on grantee finance records, which are not reviewed. */
  status: Type.Union([Status, Type.Null()]),
  assignee: Type.Union([MemberRef, Type.Null()]),
});
export type ApplicationSummary = Static<typeof ApplicationSummary>;

export const ApplicationPage = Type.Object({ items: Type.Array(ApplicationSummary), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() });
export type ApplicationPage = Static<typeof ApplicationPage>;

export const ApplicationFile = Type.Object({ name: Type.String(), mediaType: Type.String(), size: Type.Integer() });
export type ApplicationFile = Static<typeof ApplicationFile>;

/**
 * One application. The review fields are present on applications and absent on grantee finance
 * records; `paymentDetails` is sent to the finance role only (absent, not empty, for the others).
 */
export const ApplicationDetail = Type.Object({
  ...ApplicationHead,
  programme: Type.String(),
  submittedAt: Moment,
  sections: Type.Array(AnswerSection),
  file: Type.Union([ApplicationFile, Type.Null()]),
  /** Grantee finance only: set (and no answers) when the stored payment details could not be decrypted. */
  unreadable: Type.Optional(Type.String()),
  ...Type.Partial(ReviewState).properties,
  /** Reviewed applications: the questions to the applicant and their answers, the decision message, withdrawal and rating. */
  ...Type.Partial(ApplicantSideOfApplication).properties,
  paymentDetails: Type.Optional(Type.Array(PaymentDetailsVersion)),
  /** Reviewed applications, for reviewers and admins (never finance): the rubric, the scores the member may see, the aggregate. */
  scoring: Type.Optional(ScoringPart),
});
export type ApplicationDetail = Static<typeof ApplicationDetail>;

/** GET /applications/:id: the detail, or only the reference for an assigned member who has not declared or is recused. */
export const ApplicationAnswer = Type.Union([RestrictedApplication, ApplicationDetail]);
export type ApplicationAnswer = Static<typeof ApplicationAnswer>;

