import type { FastifyReply, FastifyRequest } from 'fastify';
import { EmptyBody, ReferenceParams } from '../../../api/contracts/common';
import { SCORES_CONFIRM_PATH } from '../../../api/contracts/revisions';
import {
  BAD_CONFLICT_REASON,
  DeclarationBody,
  DeclarationResult,
  DecisionBody,
  DecisionResult,
  ReviewersBody,
  ReviewersResult,
  RoundRobinBody,
  RoundRobinResult,
  ScoresBody,
  ScoresResult,
} from '../../../api/contracts/teamScoring';
import { isReviewedForm } from '../../../forms/definitions';
import type { Database } from '../../storage/database';
import { createGrantOrThrow, GRANT_MESSAGES, GrantRefused } from '../../grants/service';
import { parseReference } from '../applications';
import { ASSIGNERS_AND_DECIDERS, SCORERS } from '../roles';
import { WITHHELD_MESSAGES, withheldFrom } from '../scoring/access';
import { assignRoundRobin, confirmScores, decide, declare, SCORING_MESSAGES, setReviewers, submitScores } from '../scoring/store';
import { actorOf, MESSAGES, postOptions, reviewedKey, send, type TeamResource } from './shared';

/** Scoring: reviewers (one application, or round-robin), declarations of interest, scores, and the decision with a reason. */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered even to an assigned member who has not declared or is recused (the route itself says what they get). */
    whileWithheld?: boolean;
  }
}

/**
 * In front of every /api/team route about one application (`:id`): an assigned member who has not
 * yet declared, or who declared a conflict, gets 403 with only the reason, except on the routes
 * marked whileWithheld (the detail, which answers the reference, and the declaration itself).
 */
export function withheldApplications(database: Database) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const session = request.teamSession;
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (!session || typeof id !== 'string' || request.routeOptions.config.whileWithheld) return;
    const key = parseReference(id);
    // Grantee finance records are numbered apart from applications: only applications have reviewers.
    if (!key || !isReviewedForm(key.form)) return;
    const withheld = await withheldFrom(database, key.rowId, session.memberId);
    if (withheld) await send(reply, 403, WITHHELD_MESSAGES[withheld]);
  };
}

export const scoringRoutes: TeamResource = async (team, { database, config, financeKeys }) => {
  const admins = postOptions(ASSIGNERS_AND_DECIDERS);
  const scorers = postOptions(SCORERS);

  team.post('/applications/:id/reviewers', { ...admins, schema: { params: ReferenceParams, body: ReviewersBody, response: { 200: ReviewersResult } } }, async (request, reply) => {
    const key = reviewedKey(request);
    if (!key) return send(reply, 404, MESSAGES.notFound);
    const outcome = await database.transaction((tx) => setReviewers(tx, { key, memberIds: request.body.memberIds, actor: actorOf(request), config: config.review }));
    if (outcome.status === 'not-found') return send(reply, 404, MESSAGES.notFound);
    if (outcome.status === 'not-assignable') return send(reply, 400, SCORING_MESSAGES.notAssignable);
    return { assignments: outcome.assignments, aggregate: outcome.aggregate };
  });

  team.post('/applications/reviewers/round-robin', { ...admins, schema: { body: RoundRobinBody, response: { 200: RoundRobinResult } } }, async (request, reply) => {
    const { references, memberIds } = request.body;
    // Not given: each application's round says how many reviewers it takes (its review set-up).
    const perApplication = request.body.perApplication ?? null;
    if (perApplication !== null && perApplication > new Set(memberIds).size) return send(reply, 400, SCORING_MESSAGES.tooManyPerApplication);
    const keys = references.map((reference) => ({ reference, key: parseReference(reference) }));
    const results = await database.transaction((tx) => assignRoundRobin(tx, { keys, memberIds, perApplication, actor: actorOf(request), config: config.review }));
    if (!results) return send(reply, 400, SCORING_MESSAGES.notAssignable);
    return { results };
  });

  team.post(
    '/applications/:id/declaration',
    { ...scorers, config: { ...scorers.config, whileWithheld: true }, schema: { params: ReferenceParams, body: DeclarationBody, response: { 200: DeclarationResult } } },
    async (request, reply) => {
      const key = reviewedKey(request);
      if (!key) return send(reply, 404, MESSAGES.notFound);
      const conflict = request.body.conflict ? (request.body.reason ?? '').trim() : null;
      if (conflict !== null && conflict === '') return send(reply, 400, BAD_CONFLICT_REASON);
      const outcome = await database.transaction((tx) => declare(tx, { key, conflict, actor: actorOf(request), config: config.review }));
      if (outcome.status === 'not-found') return send(reply, 404, MESSAGES.notFound);
      if (outcome.status === 'refused') return send(reply, outcome.code, outcome.message);
      return { declaration: outcome.declaration, declaredAt: outcome.declaredAt };
    },
  );

  team.post('/applications/:id/scores', { ...scorers, schema: { params: ReferenceParams, body: ScoresBody, response: { 200: ScoresResult } } }, async (request, reply) => {
    const key = reviewedKey(request);
    if (!key) return send(reply, 404, MESSAGES.notFound);
    const outcome = await database.transaction((tx) => submitScores(tx, { key, body: request.body, actor: actorOf(request), config: config.review }));
    if (outcome.status === 'not-found') return send(reply, 404, MESSAGES.notFound);
    if (outcome.status === 'refused') return send(reply, outcome.code, outcome.message);
    return { mine: outcome.mine, aggregate: outcome.aggregate };
  });

  // A reviewer keeps their scores given on an earlier version (src/api/contracts/revisions.ts).
  team.post(`/applications/:id/${SCORES_CONFIRM_PATH}`, { ...scorers, schema: { params: ReferenceParams, body: EmptyBody, response: { 200: ScoresResult } } }, async (request, reply) => {
    const key = reviewedKey(request);
    if (!key) return send(reply, 404, MESSAGES.notFound);
    const outcome = await database.transaction((tx) => confirmScores(tx, { key, actor: actorOf(request), config: config.review }));
    if (outcome.status === 'not-found') return send(reply, 404, MESSAGES.notFound);
    if (outcome.status === 'refused') return send(reply, outcome.code, outcome.message);
    return { mine: outcome.mine, aggregate: outcome.aggregate };
  });

  team.post('/applications/:id/decision', { ...admins, schema: { params: ReferenceParams, body: DecisionBody, response: { 200: DecisionResult } } }, async (request, reply) => {
    const key = reviewedKey(request);
    if (!key) return send(reply, 404, MESSAGES.notFound);
    const { status, reason, applicantMessage, grant } = request.body;
    if (grant && status !== 'approved') return send(reply, 400, GRANT_MESSAGES.grantOnlyOnApproval);
    let outcome: Awaited<ReturnType<typeof decide>>;
    try {
      outcome = await database.transaction(async (tx) => {
        const decided = await decide(tx, { key, to: status, reason, applicantMessage: applicantMessage ?? null, actor: actorOf(request), config: config.review });
        // Approving with an amount creates the grant in the same transaction: a refused grant undoes the decision too.
        if (decided.status === 'decided' && grant) await createGrantOrThrow(tx, { key, terms: grant, actor: actorOf(request), keys: financeKeys });
        return decided;
      });
    } catch (error) {
      if (error instanceof GrantRefused) return send(reply, error.refusal.code, error.refusal.message);
      throw error;
    }
    if (outcome.status === 'not-found') return send(reply, 404, MESSAGES.notFound);
    if (outcome.status === 'refused') return send(reply, outcome.code, outcome.message);
    return { status, reason: outcome.reason, applicantMessage: outcome.applicantMessage, decidedAt: outcome.decidedAt };
  });
};
