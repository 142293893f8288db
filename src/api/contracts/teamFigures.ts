/**
 * The team's figures (Cifras, issue 51): per programme and round, how applications arrive, how long they wait, what
 * was decided, approved and paid, the grants' follow-up, each reviewer's load and the applicants' ratings. Admins
 * and, read-only, reviewers (finance 403). Every figure carries the inbox filter of the applications behind it.
 */
import { Type, type Static } from 'typebox';
import { REVIEWED_PROGRAMMES } from '../../config/programmes';
import { APPLICATION_STATUSES } from '../../lib/applicationStatus';
import { CURRENCY_CODES } from '../../lib/money';
import { FormKeyField, MemberRef, Moment, RoundFilter } from './common';

const emptyOr = (alternatives: string): string => `^(?:|${alternatives})$`;

/** A programme that is reviewed (grantee finance has no figures), empty or absent for all. */
const ProgrammeFilter = Type.String({ pattern: emptyOr(REVIEWED_PROGRAMMES.join('|')), errorMessage: `El programa debe ser uno de: ${REVIEWED_PROGRAMMES.join(', ')}.` });

/** `GET /api/team/figures?programme=&round=`: one programme (or all) and one round (`round` as the lists take it). */
export const FiguresQuery = Type.Object({ programme: Type.Optional(ProgrammeFilter), round: Type.Optional(RoundFilter) });
export type FiguresQuery = Static<typeof FiguresQuery>;

/** The figures' tables, each with its CSV (`GET /api/team/figures.csv?table=…&programme=&round=`). */
export const FIGURE_TABLES = ['weeks', 'review', 'money', 'grants', 'reviewers', 'ratings'] as const;
export type FigureTable = (typeof FIGURE_TABLES)[number];
export const FiguresCsvQuery = Type.Object(
  {
    table: Type.String({ pattern: `^(?:${FIGURE_TABLES.join('|')})$`, errorMessage: `La tabla debe ser una de: ${FIGURE_TABLES.join(', ')}.` }),
    programme: Type.Optional(ProgrammeFilter),
    round: Type.Optional(RoundFilter),
  },
  { errorMessage: { required: { table: `Elige la tabla que quieres descargar (table): ${FIGURE_TABLES.join(', ')}.` } } },
);
export type FiguresCsvQuery = Static<typeof FiguresCsvQuery>;

/**
 * The inbox's own query parameters (src/api/contracts/teamApplications.ts InboxQuery) that list the applications
 * behind a figure: /equipo/solicitudes/?form=…&round=…&status=…. `round` is `all` for applications outside any round.
 */
export const InboxLink = Type.Object({
  form: FormKeyField,
  round: Type.String(),
  status: Type.Optional(Type.Enum(APPLICATION_STATUSES)),
  assignee: Type.Optional(Type.String()),
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
});
export type InboxLink = Static<typeof InboxLink>;

/** The programme and round a row counts; `round` null for applications received outside any round. */
const Group = {
  programme: FormKeyField,
  programmeName: Type.String(),
  round: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
};

/** Hours as a number with two decimals; null when no application counts. */
const Hours = Type.Union([Type.Number(), Type.Null()]);
/** A share from 0 to 1 (four decimals); null when nothing to divide by. */
const Share = Type.Union([Type.Number(), Type.Null()]);

/** Applications received in one ISO week (Monday to Sunday, UTC). */
export const WeekRow = Type.Object({ ...Group, week: Type.String(), weekStart: Type.String(), received: Type.Integer(), inbox: InboxLink });
export type WeekRow = Static<typeof WeekRow>;

/** A time from submission: how many applications it was measured on, its median and 90th percentile. */
export const Wait = Type.Object({ count: Type.Integer(), medianHours: Hours, p90Hours: Hours });
export type Wait = Static<typeof Wait>;

/**
 * The review of a programme's round. `decided`: approved or rejected; `decidedShare` = decided / received;
 * `approvalRate` = approved / decided. `firstAction`: from submission to the first of a member's status change,
 * note, question to the applicant or submitted score; `decision`: to the first approval or rejection.
 */
export const ReviewRow = Type.Object({
  ...Group,
  received: Type.Integer(),
  decided: Type.Integer(),
  approved: Type.Integer(),
  rejected: Type.Integer(),
  decidedShare: Share,
  approvalRate: Share,
  firstAction: Wait,
  decision: Wait,
  /** The applicants' ratings (1 to 5) of this round: how many, and their average (two decimals). */
  ratings: Type.Integer(),
  averageRating: Type.Union([Type.Number(), Type.Null()]),
  inbox: Type.Object({ received: InboxLink, approved: InboxLink, rejected: InboxLink }),
});
export type ReviewRow = Static<typeof ReviewRow>;

/**
 * Grants in one currency. `approved`: the amounts of the grants not cancelled; `paid`: every payment recorded
 * against them (in the grant's currency); `outstanding`: what is left to pay of the grants not cancelled.
 */
export const MoneyRow = Type.Object({
  ...Group,
  currency: Type.Enum(CURRENCY_CODES),
  grants: Type.Integer(),
  approved: Type.String(),
  paid: Type.String(),
  outstanding: Type.String(),
  inbox: InboxLink,
});
export type MoneyRow = Static<typeof MoneyRow>;

/**
 * The follow-up of a round's grants: milestones overdue (pending or changes requested, due date past, grant active)
 * and progress reports waiting for the team's review, with the oldest one's wait.
 */
export const GrantsRow = Type.Object({
  ...Group,
  overdueMilestones: Type.Integer(),
  overdueGrants: Type.Integer(),
  reportsWaiting: Type.Integer(),
  oldestReportAt: Type.Union([Moment, Type.Null()]),
  oldestWaitDays: Type.Union([Type.Number(), Type.Null()]),
  inbox: InboxLink,
});
export type GrantsRow = Static<typeof GrantsRow>;

/** One member's load in a round: assigned, with their scores sent, and waiting for them (not recused, not decided). */
export const ReviewerRow = Type.Object({
  ...Group,
  member: MemberRef,
  assigned: Type.Integer(),
  scored: Type.Integer(),
  waiting: Type.Integer(),
  inbox: InboxLink,
});
export type ReviewerRow = Static<typeof ReviewerRow>;

/** One applicant's rating of the process with their comment; linked to the application itself. */
export const RatingRow = Type.Object({ ...Group, reference: Type.String(), rating: Type.Integer(), comment: Type.Union([Type.String(), Type.Null()]), ratedAt: Moment });
export type RatingRow = Static<typeof RatingRow>;

/** The ratings listed on the page: the newest ones (the CSV holds all). */
export const RATINGS_SHOWN = 100;

export const Figures = Type.Object({
  /** The day (UTC) overdue milestones and waits are counted on. */
  today: Type.String(),
  weeks: Type.Array(WeekRow),
  review: Type.Array(ReviewRow),
  money: Type.Array(MoneyRow),
  grants: Type.Array(GrantsRow),
  reviewers: Type.Array(ReviewerRow),
  ratings: Type.Array(RatingRow),
  ratingsTotal: Type.Integer(),
});
export type Figures = Static<typeof Figures>;
