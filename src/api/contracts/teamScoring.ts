/**
 * Scoring an application against its programme's rubric (src/config/review.ts): reviewers assigned
 * by an admin, each one's declaration of a conflict of interest, their scores and recommendation,
 * the aggregate, and the admin's decision with a reason. src/server/team/routes/scoring.ts serves them.
 */
import { Type, type Static } from 'typebox';
import { groupThousands } from '../../lib/groupThousands';
import { APPLICANT_MESSAGE_MAX } from './teamInformation';
import { MemberRef, Moment, Text } from './common';
import { GrantTerms } from './grants';

export const SCORE_COMMENT_MAX = 1000;
export const CONFLICT_REASON_MAX = 500;
export const RECOMMENDATIONS = ['approve', 'reject', 'unsure'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

const MEMBER_ID = '^[1-9]\\d{0,17}$';
const BAD_MEMBERS = 'Envía una lista de hasta 20 miembros (revisores o administradores activos).';
const BAD_REFERENCES = 'Envía entre 1 y 500 referencias de solicitudes.';
const BAD_ROUND_MEMBERS = 'Elige entre 1 y 50 revisores.';
const BAD_PER_APPLICATION = 'El número de revisores por solicitud debe estar entre 1 y 10.';
const BAD_DECLARATION = 'Indica si tienes un conflicto de interés y, si lo tienes, explícalo.';
export const BAD_CONFLICT_REASON = `Explica el conflicto en 1 a ${groupThousands(CONFLICT_REASON_MAX, '.')} caracteres.`;
export const BAD_SCORE = 'Cada puntaje debe ser un número entero del 1 al 5.';
const BAD_CRITERION = 'Cada puntaje debe nombrar un criterio de la rúbrica.';
export const BAD_COMMENT = `Cada comentario puede tener hasta ${groupThousands(SCORE_COMMENT_MAX, '.')} caracteres.`;
const BAD_RECOMMENDATION = 'Elige «Aprobar», «Rechazar» o «Dudoso».';
const BAD_SCORES = 'Envía un puntaje por cada criterio de la rúbrica.';
const BAD_DECISION_STATUS = 'Elige «Aprobada» o «Rechazada».';
export const BAD_REASON = 'Elige un motivo de la lista del programa.';
const BAD_APPLICANT_MESSAGE = `El mensaje para quien postula puede tener hasta ${groupThousands(APPLICANT_MESSAGE_MAX, '.')} caracteres.`;

/* ---------- The rubric, as the detail carries it ---------- */

export const RubricCriterion = Type.Object({
  key: Type.String(),
  label: Type.String(),
  description: Type.String(),
  weight: Type.Number(),
  /** The meanings of the scores 1 to 5, in order. */
  meanings: Type.Array(Type.String()),
});
export type RubricCriterion = Static<typeof RubricCriterion>;

export const DecisionReason = Type.Object({ key: Type.String(), label: Type.String() });
export type DecisionReason = Static<typeof DecisionReason>;

export const Rubric = Type.Object({
  criteria: Type.Array(RubricCriterion),
  blind: Type.Boolean(),
  reasons: Type.Object({ approved: Type.Array(DecisionReason), rejected: Type.Array(DecisionReason) }),
  disagreementThreshold: Type.Number(),
});
export type Rubric = Static<typeof Rubric>;

/* ---------- What the detail shows of the scoring ---------- */

export const Declaration = Type.Union([Type.Literal('none'), Type.Literal('conflict')]);
export type Declaration = Static<typeof Declaration>;

export const RecommendationField = Type.Enum(RECOMMENDATIONS);

/** A reviewer on an application. `conflictReason` is sent to admins only (absent for the others). */
export const ReviewerAssignment = Type.Object({
  member: MemberRef,
  assignedAt: Moment,
  declaration: Type.Union([Declaration, Type.Null()]),
  declaredAt: Type.Union([Moment, Type.Null()]),
  conflictReason: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Whether they have submitted their scores. */
  submitted: Type.Boolean(),
});
export type ReviewerAssignment = Static<typeof ReviewerAssignment>;

export const CriterionScore = Type.Object({ criterion: Type.String(), score: Type.Integer(), comment: Type.Union([Type.String(), Type.Null()]) });
export type CriterionScore = Static<typeof CriterionScore>;

/** One reviewer's submitted review: the scores in rubric order, the recommendation and the weighted total (1–5). */
export const ReviewerScores = Type.Object({
  member: MemberRef,
  scores: Type.Array(CriterionScore),
  recommendation: RecommendationField,
  total: Type.Number(),
  submittedAt: Moment,
  updatedAt: Moment,
  /** The version of the application the scores were given (or last confirmed) on: "puntuado sobre la versión 1" while lower than the detail's `version`. */
  version: Type.Integer({ minimum: 1 }),
});
export type ReviewerScores = Static<typeof ReviewerScores>;

export const ReviewAggregate = Type.Object({
  /** Mean of the submitted reviewers' totals; null before the first. */
  score: Type.Union([Type.Number(), Type.Null()]),
  reviewsDone: Type.Integer(),
  /** Assigned reviewers who have not declared a conflict. */
  reviewsAssigned: Type.Integer(),
  /** Highest total minus lowest; null before the first. */
  spread: Type.Union([Type.Number(), Type.Null()]),
  disagreement: Type.Boolean(),
});
export type ReviewAggregate = Static<typeof ReviewAggregate>;

/**
 * The scoring part of an application's detail. `others` and `aggregate` are null until the member
 * has submitted their own scores (admins always see them); `assignments` (every reviewer and
 * declaration) is for admins only, null for the others.
 */
export const ScoringPart = Type.Object({
  rubric: Rubric,
  mine: Type.Object({
    assignment: Type.Union([Type.Object({ assignedAt: Moment, declaration: Type.Union([Declaration, Type.Null()]), declaredAt: Type.Union([Moment, Type.Null()]) }), Type.Null()]),
    scores: Type.Union([ReviewerScores, Type.Null()]),
  }),
  /** Whether the member may submit or change scores now (assigned, declared no conflict, not yet decided). */
  canScore: Type.Boolean(),
  others: Type.Union([Type.Array(ReviewerScores), Type.Null()]),
  aggregate: Type.Union([ReviewAggregate, Type.Null()]),
  assignments: Type.Union([Type.Array(ReviewerAssignment), Type.Null()]),
});
export type ScoringPart = Static<typeof ScoringPart>;

/**
 * What GET /applications/:id answers an assigned member who may not read the application:
 * 'declare' until they declare (the reference, the programme and the prompt), 'recused' once they
 * declared a conflict (the reference only).
 */
export const RestrictedApplication = Type.Object({
  id: Type.String(),
  reference: Type.String(),
  access: Type.Union([Type.Literal('declare'), Type.Literal('recused')]),
  programme: Type.Optional(Type.String()),
});
export type RestrictedApplication = Static<typeof RestrictedApplication>;

/* ---------- Assigning reviewers ---------- */

/** Sets the reviewers of one application (admins): those not listed are removed, with their scores. */
export const ReviewersBody = Type.Object(
  { memberIds: Type.Array(Type.String({ pattern: MEMBER_ID }), { maxItems: 20, errorMessage: BAD_MEMBERS }) },
  { additionalProperties: false, errorMessage: { required: { memberIds: BAD_MEMBERS } } },
);
export type ReviewersBody = Static<typeof ReviewersBody>;

export const ReviewersResult = Type.Object({ assignments: Type.Array(ReviewerAssignment), aggregate: ReviewAggregate });
export type ReviewersResult = Static<typeof ReviewersResult>;

/**
 * Round-robin over the chosen reviewers: each application, in order, gets the next `perApplication` of them not yet on it;
 * without it, as many as the application's round's review set-up says (reviewers per application).
 */
export const RoundRobinBody = Type.Object(
  {
    references: Type.Array(Text({ maxLength: 40 }), { minItems: 1, maxItems: 500, errorMessage: BAD_REFERENCES }),
    memberIds: Type.Array(Type.String({ pattern: MEMBER_ID }), { minItems: 1, maxItems: 50, errorMessage: BAD_ROUND_MEMBERS }),
    perApplication: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, errorMessage: BAD_PER_APPLICATION })),
  },
  { additionalProperties: false, errorMessage: { required: { references: BAD_REFERENCES, memberIds: BAD_ROUND_MEMBERS } } },
);
export type RoundRobinBody = Static<typeof RoundRobinBody>;

/** Per reference, in request order: the reviewers it gained, or why it gained none. */
export const RoundRobinResult = Type.Object({
  results: Type.Array(Type.Object({ reference: Type.String(), assigned: Type.Array(MemberRef), reason: Type.Optional(Type.String()) })),
});
export type RoundRobinResult = Static<typeof RoundRobinResult>;

/* ---------- Declaring, scoring ---------- */

/** `reason` is required with a conflict (the route checks it: one object, as the API drops undeclared fields). */
export const DeclarationBody = Type.Object(
  {
    conflict: Type.Boolean({ errorMessage: BAD_DECLARATION }),
    reason: Type.Optional(Text({ maxLength: CONFLICT_REASON_MAX, errorMessage: BAD_CONFLICT_REASON })),
  },
  { additionalProperties: false, errorMessage: { required: { conflict: BAD_DECLARATION } } },
);
export type DeclarationBody = Static<typeof DeclarationBody>;

export const DeclarationResult = Type.Object({ declaration: Declaration, declaredAt: Moment });
export type DeclarationResult = Static<typeof DeclarationResult>;

export const ScoresBody = Type.Object(
  {
    scores: Type.Array(
      Type.Object(
        {
          criterion: Text({ minLength: 1, maxLength: 40, errorMessage: BAD_CRITERION }),
          score: Type.Integer({ minimum: 1, maximum: 5, errorMessage: BAD_SCORE }),
          comment: Type.Optional(Text({ maxLength: SCORE_COMMENT_MAX, errorMessage: BAD_COMMENT })),
        },
        { additionalProperties: false, errorMessage: { required: { criterion: BAD_CRITERION, score: BAD_SCORE } } },
      ),
      { minItems: 1, maxItems: 40, errorMessage: BAD_SCORES },
    ),
    recommendation: Type.Enum(RECOMMENDATIONS, { errorMessage: BAD_RECOMMENDATION }),
  },
  { additionalProperties: false, errorMessage: { required: { scores: BAD_SCORES, recommendation: BAD_RECOMMENDATION } } },
);
export type ScoresBody = Static<typeof ScoresBody>;

export const ScoresResult = Type.Object({ mine: ReviewerScores, aggregate: ReviewAggregate });
export type ScoresResult = Static<typeof ScoresResult>;

/* ---------- Deciding ---------- */

export const DecisionBody = Type.Object(
  {
    status: Type.Union([Type.Literal('approved'), Type.Literal('rejected')], { errorMessage: BAD_DECISION_STATUS }),
    reason: Text({ minLength: 1, maxLength: 40, errorMessage: BAD_REASON }),
    applicantMessage: Type.Optional(Text({ maxLength: APPLICANT_MESSAGE_MAX, errorMessage: BAD_APPLICANT_MESSAGE })),
    /** Approving a paying programme's application with its amount creates the grant in the same transaction (src/api/contracts/grants.ts). */
    grant: Type.Optional(GrantTerms),
  },
  { additionalProperties: false, errorMessage: { required: { status: BAD_DECISION_STATUS, reason: BAD_REASON } } },
);
export type DecisionBody = Static<typeof DecisionBody>;

export const DecisionResult = Type.Object({
  status: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
  reason: DecisionReason,
  applicantMessage: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Moment,
});
export type DecisionResult = Static<typeof DecisionResult>;
