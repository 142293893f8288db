/**
 * The inbox: the list with its filter, one application's detail, and the CSV export's filter.
 * Query values stay strings (the team API does not coerce types): each filter is checked by its
 * pattern here; whether a day exists at all is checked by the route.
 */
import { Type, type Static } from 'typebox';
import { programmes } from '../../config/programmes';
import { APPLICATION_STATUSES } from '../../lib/applicationStatus';
import { AnswerSection, FormKeyField, MemberRef, Moment, RoundFilter, Status, Text } from './common';
import { ApplicantSideOfApplication } from './teamInformation';
import { PaymentDetailsVersion } from './teamFinance';
import { ReviewState } from './teamReview';
import { RestrictedApplication, ReviewAggregate, ScoringPart } from './teamScoring';

const BAD_DATE = 'Las fechas van en formato AAAA-MM-DD.';
const BAD_FORM = 'Ese programa no existe.';

/** Empty, or one of the alternatives: an empty query value means "no filter". */
const emptyOr = (alternatives: string): string => `^(?:|${alternatives})$`;
const statusCode = `(?:${APPLICATION_STATUSES.join('|')})`;

/** The inbox's review filters ("Me toca revisar", "Falta mi puntaje", "Desacuerdo"). */
export const REVIEW_FILTERS = ['mine', 'missing-my-score', 'disagreement'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
const reviewFilter = `(?:${REVIEW_FILTERS.join('|')})`;
/** The inbox's orders: by arrival (newest first), by score. */
export const INBOX_SORTS = ['submitted', 'score-desc', 'score-asc'] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

const Day = Type.String({ pattern: emptyOr('\\d{4}-\\d{2}-\\d{2}'), errorMessage: BAD_DATE });
const Form = Type.String({ pattern: emptyOr(Object.keys(programmes).join('|')), errorMessage: BAD_FORM });
const Search = Text({ maxLength: 200, errorMessage: 'La búsqueda puede tener hasta 200 caracteres.' });
/** 1 to 999999, leading zeros allowed. */
export const PageField = Type.String({ pattern: emptyOr('(?=\\d{1,6}$)0*[1-9]\\d*'), errorMessage: 'La página debe ser un número entero positivo.' });

/** `GET /api/team/my-reviews?round=`: a reviewer's own list, of one round or of all. */
export const MyReviewsQuery = Type.Object({ round: Type.Optional(RoundFilter) });
export type MyReviewsQuery = Static<typeof MyReviewsQuery>;

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
  /**
   * The review filters, any of them together (comma-separated): `mine` ("Me toca revisar": assigned to me, no conflict
   * declared, not decided), `missing-my-score` ("Falta mi puntaje": assigned to me, no conflict declared, my scores not
   * sent), `disagreement` ("Desacuerdo").
   */
  review: Type.Optional(Type.String({ pattern: emptyOr(`${reviewFilter}(?:,${reviewFilter})*`), errorMessage: `El filtro de revisión debe ser uno de: ${REVIEW_FILTERS.join(', ')}.` })),
  /** `submitted` (newest first, the default), `score-desc` or `score-asc` (applications without a score last either way). */
  sort: Type.Optional(Type.String({ pattern: emptyOr(INBOX_SORTS.join('|')), errorMessage: `El orden debe ser uno de: ${INBOX_SORTS.join(', ')}.` })),
  round: Type.Optional(RoundFilter),
});
export type InboxQuery = Static<typeof InboxQuery>;

/** What blind review puts in place of an identifying answer (and of the list's name and organisation). */
export const HIDDEN_ANSWER = 'Oculto';

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
  /** Every reviewer assigned to the application (the `assignee` filter matches any of them); empty on grantee finance. */
  reviewers: Type.Array(MemberRef),
  /** The aggregate of the reviewers' scores; null on grantee finance. */
  aggregate: Type.Union([ReviewAggregate, Type.Null()]),
  /** True when blind review hides the identifying answers from this member: `name` and `organisation` then read "Oculto". */
  blind: Type.Boolean(),
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
  /** The answers of the current version. */
  sections: Type.Array(AnswerSection),
  /** Reviewed applications: the current version's number (1: as sent; each correction adds one, GET …/versions lists them). */
  version: Type.Optional(Type.Integer({ minimum: 1 })),
  file: Type.Union([ApplicationFile, Type.Null()]),
  /** Grantee finance only: set (and no answers) when the stored payment details could not be decrypted. */
  unreadable: Type.Optional(Type.String()),
  ...Type.Partial(ReviewState).properties,
  /** Reviewed applications: the questions to the applicant and their answers, the decision message, withdrawal and rating. */
  ...Type.Partial(ApplicantSideOfApplication).properties,
  paymentDetails: Type.Optional(Type.Array(PaymentDetailsVersion)),
  /** Reviewed applications, for reviewers and admins (never finance): the rubric, the scores the member may see, the aggregate. */
  scoring: Type.Optional(ScoringPart),
  /** Present and true when blind review hides the identifying answers (and the file's name) from this member. */
  blind: Type.Optional(Type.Boolean()),
  /**
   * Reviewed applications: the rejected or withdrawn application this one was sent again from ("Solicitud anterior"),
   * and those sent again from this one ("Solicitud nueva"), by reference; null and [] when none (migration 24). With blind
   * review hiding this application's identity, each reference reads HIDDEN_ANSWER (the other may be decided, so not hidden).
   */
  reapplication: Type.Optional(Type.Object({ previous: Type.Union([Type.String(), Type.Null()]), later: Type.Array(Type.String()) })),
});
export type ApplicationDetail = Static<typeof ApplicationDetail>;

/** GET /applications/:id: the detail, or only the reference for an assigned member who has not declared or is recused. */
export const ApplicationAnswer = Type.Union([RestrictedApplication, ApplicationDetail]);
export type ApplicationAnswer = Static<typeof ApplicationAnswer>;

/**
 * A reviewer's own work (GET /api/team/my-reviews): the applications assigned to them, oldest first, in three
 * groups. `pending`: not decided and not scored yet by them (`declaration` null: they have still to declare a
 * conflict or its absence). `scored`: they sent their scores (decided ones included). `recused`: they declared a
 * conflict, so only the reference is given.
 */
export const MyReviewItem = Type.Object({
  ...ApplicationHead,
  programme: Type.String(),
  submittedAt: Moment,
  assignedAt: Moment,
  status: Status,
  declaration: Type.Union([Type.Literal('none'), Type.Null()]),
  /** When they sent their scores (last change); null in `pending`. */
  scoredAt: Type.Union([Moment, Type.Null()]),
  /** Null until they have sent their own scores (admins always read it), as in the application's detail. */
  aggregate: Type.Union([ReviewAggregate, Type.Null()]),
});
export type MyReviewItem = Static<typeof MyReviewItem>;

export const MyReviews = Type.Object({
  pending: Type.Array(MyReviewItem),
  scored: Type.Array(MyReviewItem),
  recused: Type.Array(Type.Object({ ...ApplicationHead })),
});
export type MyReviews = Static<typeof MyReviews>;

