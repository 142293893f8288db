import type { FastifyInstance } from 'fastify';
import { ROUND_PROGRAMMES, type PublicRounds } from '../../api/contracts/rounds';
import { etagOf, ifNoneMatchNames } from '../http';
import type { Queryable } from '../storage/database';
import { readRounds, roundToShow, stateAt, type StoredRound } from './store';

/**
 * `GET /api/rounds` (contract PublicRounds): per programme the round the pages speak of, as published:
 * never the grace period, the cap or the counts. Cached a short time by browsers and proxies, with a
 * strong ETag over the body (src/server/http.ts etagOf; no @fastify/etag in this project): an If-None-Match that matches gets 304.
 */

export const PUBLIC_ROUNDS_PATH = '/api/rounds';
export const PUBLIC_ROUNDS_CACHE = 'public, max-age=30';

/** A programme is always open when its round has no closing moment. */
const alwaysOpen = (round: StoredRound | null): boolean => round !== null && round.closesAt === null;

export function publicRoundsOf(rounds: readonly StoredRound[], now: Date): PublicRounds {
  return {
    programmes: ROUND_PROGRAMMES.map((programme) => {
      const shown = roundToShow(
        rounds.filter((round) => round.programme === programme),
        now,
      );
      return {
        programme,
        alwaysOpen: alwaysOpen(shown) && stateAt(shown!, now) === 'open',
        round:
          shown === null
            ? null
            : {
                name: shown.name,
                state: stateAt(shown, now),
                opensAt: shown.opensAt.toISOString(),
                closesAt: shown.closesAt?.toISOString() ?? null,
                timezone: shown.timezone,
                budget: shown.budget,
              },
      };
    }),
  };
}

export function registerPublicRoundRoutes(app: FastifyInstance, deps: { readonly database: Queryable; readonly now: () => Date }): void {
  app.get(PUBLIC_ROUNDS_PATH, async (request, reply) => {
    const body = JSON.stringify(publicRoundsOf(await readRounds(deps.database), deps.now()));
    const etag = etagOf(body);
    reply.header('cache-control', PUBLIC_ROUNDS_CACHE).header('etag', etag);
    if (ifNoneMatchNames(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
