import type { FastifyReply } from 'fastify';
import { CreateRoundBody, EditRoundBody, ExtendRoundBody, RoundParams, RoundReview, RoundReviewBody, RoundReviewChanged, TeamRound, TeamRoundList } from '../../../api/contracts/rounds';
import { EmptyBody } from '../../../api/contracts/common';
import { closeRound, createRound, editRound, extendRound, readTeamRounds, teamRoundOf, type RoundRefused } from '../../rounds/service';
import { changeRoundReview, REVIEW_MESSAGES, roundHasScores } from '../../rounds/review';
import { reviewOfRound, setupOf } from '../../rounds/reviewSetup';
import type { StoredRound } from '../../rounds/store';
import type { Role } from '../roles';
import { getOptions, postOptions, send, sessionOf, type TeamResource } from './shared';

/** Every member reads the rounds; only admins change them. */
const ROUND_READERS: readonly Role[] = ['admin', 'reviewer', 'finance'];
const ADMINS: readonly Role[] = ['admin'];

/**
 * The programmes' rounds (src/server/rounds/service.ts; contract src/api/contracts/rounds.ts; page
 * /equipo/convocatorias/): list with counts; create, edit, extend, close now. Every change answers
 * the round as it now is; a refusal (400 with the reason, 404) stores nothing. Each round's review set-up
 * (src/server/rounds/review.ts): read by every member, changed by admins (the rubric locked once scored).
 */
export const roundRoutes: TeamResource = async (team, options) => {
  const { database, config } = options;
  const now = options.now ?? (() => new Date());

  const answer = (reply: FastifyReply, outcome: StoredRound | RoundRefused, code = 200): FastifyReply =>
    'status' in outcome ? send(reply, outcome.code, outcome.message) : reply.code(code).send(teamRoundOf(outcome, now()));

  team.get('/rounds', { ...getOptions(ROUND_READERS), schema: { response: { 200: TeamRoundList } } }, async () => readTeamRounds(database, now()));

  team.post('/rounds', { ...postOptions(ADMINS), schema: { body: CreateRoundBody, response: { 201: TeamRound } } }, async (request, reply) =>
    answer(reply, await createRound(database, { body: request.body, actor: sessionOf(request), now: now(), review: config.review }), 201),
  );

  team.post('/rounds/:roundId', { ...postOptions(ADMINS), schema: { params: RoundParams, body: EditRoundBody, response: { 200: TeamRound } } }, async (request, reply) =>
    answer(reply, await editRound(database, { id: request.params.roundId, body: request.body, actor: sessionOf(request), now: now() })),
  );

  team.post('/rounds/:roundId/extend', { ...postOptions(ADMINS), schema: { params: RoundParams, body: ExtendRoundBody, response: { 200: TeamRound } } }, async (request, reply) =>
    answer(reply, await extendRound(database, { id: request.params.roundId, closesLocal: request.body.closesLocal, actor: sessionOf(request), now: now() })),
  );

  team.post('/rounds/:roundId/close', { ...postOptions(ADMINS), schema: { params: RoundParams, body: EmptyBody, response: { 200: TeamRound } } }, async (request, reply) =>
    answer(reply, await closeRound(database, { id: request.params.roundId, actor: sessionOf(request), now: now() })),
  );

  team.get('/rounds/:roundId/review', { ...getOptions(ROUND_READERS), schema: { params: RoundParams, response: { 200: RoundReview } } }, async (request, reply) => {
    const { roundId } = request.params;
    const review = await reviewOfRound(database, roundId, config.review);
    if (!review) return send(reply, 404, REVIEW_MESSAGES.notFound);
    return { roundId, review: setupOf(review), scored: await roundHasScores(database, roundId) };
  });

  team.post('/rounds/:roundId/review', { ...postOptions(ADMINS), schema: { params: RoundParams, body: RoundReviewBody, response: { 200: RoundReviewChanged } } }, async (request, reply) => {
    const { roundId } = request.params;
    const outcome = await changeRoundReview(database, { roundId, body: request.body, actor: sessionOf(request), fallback: config.review });
    if (outcome.status === 'refused') return send(reply, outcome.code, outcome.message);
    return { roundId, review: outcome.review, scored: outcome.scored, recalculated: outcome.recalculated };
  });
};
