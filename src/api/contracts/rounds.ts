/**
 * Rounds (convocatorias) as records: the public state every apply and programme page reads at run
 * time (`GET /api/rounds`), and the team's routes that run them (`/api/team/rounds…`). Declared
 * once: the server validates with these schemas, the browser takes its types with `import type`.
 *
 * Moments travel as ISO 8601 instants (`Date#toISOString`). What an admin types is a wall-clock
 * time in the round's own timezone ("2027-03-15T23:59" in AoE), which the server turns into the
 * instant; the public state carries the instant and the timezone, so a page can say both
 * "23:59 AoE" and the visitor's own hour.
 */
import { Type, type Static } from 'typebox';
import type { ReviewedProgrammeKey } from '../../config/programmes';
import { CURRENCY_CODES } from '../../lib/money';
import { Moment, Text } from './common';

/** The programmes that take applications and so have rounds. */
export const ROUND_PROGRAMMES: readonly ReviewedProgrammeKey[] = ['project-grants', 'small-grants', 'academic-grants', 'devcon-grants', 'office-hours'];
const PROGRAMME_MESSAGE = `El programa debe ser uno de: ${ROUND_PROGRAMMES.join(', ')}.`;
export const RoundProgramme = Type.Unsafe<ReviewedProgrammeKey>(Type.Enum(ROUND_PROGRAMMES, { errorMessage: PROGRAMME_MESSAGE }));

/**
 * The timezones a round may be set in: Anywhere on Earth (UTC−12, the usual deadline of grant
 * rounds), UTC, and the region's own. The list is short on purpose: an admin picks, never types.
 */
export const ROUND_TIMEZONES = [
  'AoE',
  'UTC',
  'America/Mexico_City',
  'America/Bogota',
  'America/Lima',
  'America/Caracas',
  'America/Santiago',
  'America/Argentina/Buenos_Aires',
  'America/Sao_Paulo',
  'America/Montevideo',
] as const;
export type RoundTimezone = (typeof ROUND_TIMEZONES)[number];
const TIMEZONE_MESSAGE = `La zona horaria debe ser una de: ${ROUND_TIMEZONES.join(', ')}.`;
export const RoundTimezoneField = Type.Enum(ROUND_TIMEZONES, { errorMessage: TIMEZONE_MESSAGE });

/** Where a round stands now. An always-open programme's round has no closing moment. */
export const ROUND_STATES = ['upcoming', 'open', 'closed'] as const;
export type RoundState = (typeof ROUND_STATES)[number];

/** The most hours a round may keep accepting after its published close (7 days). */
export const MAX_GRACE_HOURS = 168;

/** A wall-clock time as an admin types it in the round's timezone: "2027-03-15T23:59". */
const LOCAL_MOMENT_MESSAGE = 'Escribe la fecha y la hora como AAAA-MM-DD HH:MM.';
export const LocalMoment = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$', errorMessage: LOCAL_MOMENT_MESSAGE });

/** A budget: an amount as text (read by src/lib/money.ts parseAmount, "750.000" refused as ambiguous like every amount) and its currency. */
export const RoundBudget = Type.Object({
  amount: Text({ maxLength: 100, errorMessage: 'Escribe el presupuesto como un monto, por ejemplo 750.000,00.' }),
  currency: Type.Enum(CURRENCY_CODES, { errorMessage: `La moneda debe ser una de: ${CURRENCY_CODES.join(', ')}.` }),
});
export type RoundBudget = Static<typeof RoundBudget>;

// ---------------------------------------------------------------------------------------------
// Public: GET /api/rounds (no session; cacheable a short time, with an ETag).

/**
 * One programme's round as the public may see it: never the grace period, the cap or the counts.
 * `round` is the one the pages speak of: the open one, else the next upcoming, else the last closed;
 * null for a programme with no round at all.
 */
export const PublicRound = Type.Object({
  programme: RoundProgramme,
  /** True for a programme that takes applications at any time (no round dates). */
  alwaysOpen: Type.Boolean(),
  round: Type.Union([
    Type.Object({
      name: Type.String(),
      state: Type.Enum(ROUND_STATES),
      opensAt: Type.Union([Moment, Type.Null()]),
      /** As published: the grace period is never added here. */
      closesAt: Type.Union([Moment, Type.Null()]),
      timezone: RoundTimezoneField,
      budget: Type.Union([RoundBudget, Type.Null()]),
      /** The labels of the criteria the round's applications are scored on (its review set-up), in order: the selection criteria the programme page publishes. */
      criteria: Type.Array(Type.String()),
    }),
    Type.Null(),
  ]),
});
export type PublicRound = Static<typeof PublicRound>;

/**
 * The answer carries no clock of its own, so its ETag changes only when a round does: a page that
 * needs the server's time (the 48-hour notice) reads the answer's `Date` header, never the visitor's clock.
 */
export const PublicRounds = Type.Object({ programmes: Type.Array(PublicRound) });
export type PublicRounds = Static<typeof PublicRounds>;

// ---------------------------------------------------------------------------------------------
// Team: GET /api/team/rounds (every member), writes (admin only).

export const RoundCounts = Type.Object({ received: Type.Integer(), inReview: Type.Integer(), decided: Type.Integer() });
export type RoundCounts = Static<typeof RoundCounts>;

export const TeamRound = Type.Object({
  id: Type.String(),
  programme: RoundProgramme,
  name: Type.String(),
  state: Type.Enum(ROUND_STATES),
  opensAt: Type.Union([Moment, Type.Null()]),
  closesAt: Type.Union([Moment, Type.Null()]),
  /** The same moments as typed, in the round's timezone ("2027-03-15T23:59"), for the edit form. */
  opensLocal: Type.Union([Type.String(), Type.Null()]),
  closesLocal: Type.Union([Type.String(), Type.Null()]),
  timezone: RoundTimezoneField,
  graceHours: Type.Integer(),
  budget: Type.Union([RoundBudget, Type.Null()]),
  cap: Type.Union([Type.Integer(), Type.Null()]),
  counts: RoundCounts,
  createdAt: Moment,
  updatedAt: Moment,
});
export type TeamRound = Static<typeof TeamRound>;

export const TeamRoundList = Type.Object({
  now: Moment,
  programmes: Type.Array(Type.Object({ programme: RoundProgramme, name: Type.String(), alwaysOpen: Type.Boolean(), rounds: Type.Array(TeamRound) })),
});
export type TeamRoundList = Static<typeof TeamRoundList>;

export const NAME_MESSAGE = 'Escribe el nombre de la convocatoria (hasta 120 caracteres).';
const GRACE_MESSAGE = `El período de gracia va de 0 a ${MAX_GRACE_HOURS} horas (7 días).`;
const CAP_MESSAGE = 'El máximo de solicitudes debe ser un número entero mayor que 0.';

/** The fields of a round an admin sets; `closesLocal` null keeps the round open with no end (an always-open programme). */
const roundFields = {
  name: Text({ minLength: 1, maxLength: 120, errorMessage: NAME_MESSAGE }),
  opensLocal: LocalMoment,
  closesLocal: Type.Union([LocalMoment, Type.Null()], { errorMessage: LOCAL_MOMENT_MESSAGE }),
  timezone: RoundTimezoneField,
  graceHours: Type.Integer({ minimum: 0, maximum: MAX_GRACE_HOURS, errorMessage: GRACE_MESSAGE }),
  budget: Type.Union([RoundBudget, Type.Null()]),
  cap: Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()], { errorMessage: CAP_MESSAGE }),
};

/** `POST /api/team/rounds` (admin): a new round of a programme; its review set-up is copied from the programme's previous round. */
export const CreateRoundBody = Type.Object({ programme: RoundProgramme, ...roundFields }, { additionalProperties: false });
export type CreateRoundBody = Static<typeof CreateRoundBody>;

/** `POST /api/team/rounds/:roundId` (admin): edit a round's fields. */
export const EditRoundBody = Type.Object(roundFields, { additionalProperties: false });
export type EditRoundBody = Static<typeof EditRoundBody>;

/** `POST /api/team/rounds/:roundId/extend` (admin): a new closing moment, later than now; reopens a closed round. */
export const ExtendRoundBody = Type.Object({ closesLocal: LocalMoment }, { additionalProperties: false });
export type ExtendRoundBody = Static<typeof ExtendRoundBody>;

/** `/api/team/rounds/:roundId…`: a string; one that names no round is answered 404. */
export const RoundParams = Type.Object({ roundId: Type.String() });
export type RoundParams = Static<typeof RoundParams>;

// ---------------------------------------------------------------------------------------------
// A round's review set-up: GET /api/team/rounds/:roundId/review (every member), POST (admin).

const CRITERION_KEY = '^[a-z0-9][a-z0-9-]{0,39}$';
const KEY_MESSAGE = 'La clave usa minúsculas, números y guiones (hasta 40).';
const LINE = (maxLength: number, errorMessage: string) => Type.String({ minLength: 1, maxLength, pattern: '^[^\\r\\n]*\\S[^\\r\\n]*$', errorMessage });
export const MEANINGS_MESSAGE = 'Cada criterio necesita cinco significados, uno por puntaje del 1 al 5.';
export const WEIGHT_MESSAGE = 'El peso de cada criterio debe ser un número mayor que 0.';
export const THRESHOLD_MESSAGE = 'El umbral de Desacuerdo debe ser un número mayor que 0 y hasta 4.';
export const NO_CRITERIA_MESSAGE = 'La rúbrica necesita al menos un criterio.';

export const ReviewCriterion = Type.Object(
  {
    key: Type.String({ pattern: CRITERION_KEY, errorMessage: KEY_MESSAGE }),
    label: LINE(200, 'Escribe el nombre del criterio (una línea, hasta 200 caracteres).'),
    description: LINE(300, 'Escribe la descripción del criterio (una línea, hasta 300 caracteres).'),
    weight: Type.Number({ exclusiveMinimum: 0, maximum: 100, errorMessage: WEIGHT_MESSAGE }),
    meanings: Type.Array(LINE(200, MEANINGS_MESSAGE), { minItems: 5, maxItems: 5, errorMessage: MEANINGS_MESSAGE }),
  },
  { additionalProperties: false },
);
export type ReviewCriterion = Static<typeof ReviewCriterion>;

export const ReviewReason = Type.Object(
  { key: Type.String({ pattern: CRITERION_KEY, errorMessage: KEY_MESSAGE }), label: LINE(200, 'Escribe el motivo (una línea, hasta 200 caracteres).') },
  { additionalProperties: false },
);

const REASONS_MESSAGE = 'Hace falta al menos un motivo de aprobación y uno de rechazo.';
const PER_APPLICATION_MESSAGE = 'Los revisores por solicitud van de 1 a 10.';

const roundReviewFields = {
  criteria: Type.Array(ReviewCriterion, { minItems: 1, maxItems: 20, errorMessage: NO_CRITERIA_MESSAGE }),
  blind: Type.Boolean(),
  reviewersPerApplication: Type.Integer({ minimum: 1, maximum: 10, errorMessage: PER_APPLICATION_MESSAGE }),
  reasons: Type.Object(
    {
      approved: Type.Array(ReviewReason, { minItems: 1, maxItems: 20, errorMessage: REASONS_MESSAGE }),
      rejected: Type.Array(ReviewReason, { minItems: 1, maxItems: 20, errorMessage: REASONS_MESSAGE }),
    },
    { additionalProperties: false },
  ),
  disagreementThreshold: Type.Number({ exclusiveMinimum: 0, maximum: 4, errorMessage: THRESHOLD_MESSAGE }),
};

/** What a round's review holds: the rubric (criteria, weights, the five meanings), blind, reviewers per application, reasons, the Desacuerdo threshold. */
export const RoundReviewSetup = Type.Object(roundReviewFields, { additionalProperties: false });
export type RoundReviewSetup = Static<typeof RoundReviewSetup>;

/** `GET /api/team/rounds/:roundId/review`: the set-up, and whether any score exists in the round (the rubric is then locked). */
export const RoundReview = Type.Object({ roundId: Type.String(), review: RoundReviewSetup, scored: Type.Boolean() });
export type RoundReview = Static<typeof RoundReview>;

/**
 * `POST /api/team/rounds/:roundId/review` (admin): the whole set-up. Once the round has scores, adding, removing or
 * reweighting a criterion needs `recalculate: true` (every aggregate of the round is recomputed); wording never does.
 */
export const RoundReviewBody = Type.Object({ ...roundReviewFields, recalculate: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type RoundReviewBody = Static<typeof RoundReviewBody>;

/** The answer to a change: the set-up as stored, and how many applications' aggregates were recomputed (0 without "recalcular"). */
export const RoundReviewChanged = Type.Object({ roundId: Type.String(), review: RoundReviewSetup, scored: Type.Boolean(), recalculated: Type.Integer() });
export type RoundReviewChanged = Static<typeof RoundReviewChanged>;
