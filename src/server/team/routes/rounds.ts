import type { FastifyReply } from 'fastify';
import { CreateRoundBody, EditRoundBody, ExtendRoundBody, RoundParams, TeamRound, TeamRoundList } from '../../../api/contracts/rounds';
import { EmptyBody } from '../../../api/contracts/common';
import { closeRound, createRound, editRound, extendRound, readTeamRounds, teamRoundOf, type RoundRefused } from '../../rounds/service';
import type { StoredRound } from '../../rounds/store';
import type { Role } from '../roles';
import { getOptions, postOptions, send, sessionOf, type TeamResource } from './shared';

/** Every member reads the rounds; only admins change them. */
const ROUND_READERS: readonly Role[] = ['admin', 'reviewer', 'finance'];
const ADMINS: readonly Role[] = ['admin'];

/**
 * The programmes' rounds (src/server/rounds/service.ts; contract src/api/contracts/rounds.ts; page
 * /equipo/convocatorias/): list with counts; create, edit, extend, close now. Every change answers
 * the round as it now is; a refusal (400 with the reason, 404) stores nothing.
 */
export const roundRoutes: TeamResource = async (team, options) => {
  const { database } = options;
  const now = options.now ?? (() => new Date());

  const answer = (reply: FastifyReply, outcome: StoredRound | RoundRefused, code = 200): FastifyReply =>
    'status' in outcome ? send(reply, outcome.code, outcome.message) : reply.code(code).send(teamRoundOf(outcome, now()));

  team.get('/rounds', { ...getOptions(ROUND_READERS), schema: { response: { 200: TeamRoundList } } }, async () => readTeamRounds(database, now()));

  team.post('/rounds', { ...postOptions(ADMINS), schema: { body: CreateRoundBody, response: { 201: TeamRound } } }, async (request, reply) =>
    answer(reply, await createRound(database, { body: request.body, actor: sessionOf(request), now: now() }), 201),
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
};
