import type { FastifyInstance } from 'fastify';
import { ROUND_PROGRAMMES, type PublicRounds } from '../../api/contracts/rounds';
import type { ReviewConfig } from '../../config/review';
import { sendCacheableJson } from '../publicRead';
import type { Queryable } from '../storage/database';
import { parsed, type ReviewRow } from './reviewSetup';
import { readRounds, roundToShow, stateAt, type StoredRound } from './store';

/**
 * `GET /api/rounds` (contract PublicRounds): per programme the round the pages speak of, as published, with
 * the labels of the criteria it is scored on: never the grace period, the cap, the counts or the weights.
 * Cached a short time with a strong ETag (src/server/publicRead.ts).
 */

export const PUBLIC_ROUNDS_PATH = '/api/rounds';
export const PUBLIC_ROUNDS_CACHE = 'public, max-age=30';

/** A programme is always open when its round has no closing moment. */
const alwaysOpen = (round: StoredRound | null): boolean => round !== null && round.closesAt === null;

/** The labels of each round's criteria, by round id; `fallback` answers for a round not seeded yet (as everywhere). */
export async function criteriaByRound(db: Queryable, fallback: ReviewConfig): Promise<ReadonlyMap<string, readonly string[]>> {
  const rows = await db.query<ReviewRow & { id: string }>('SELECT id::text AS id, programme, review FROM rounds');
  return new Map(rows.map((row) => [row.id, parsed(row, fallback).criteria.map((criterion) => criterion.label)]));
}

export function publicRoundsOf(rounds: readonly StoredRound[], now: Date, criteria: ReadonlyMap<string, readonly string[]> = new Map()): PublicRounds {
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
                criteria: [...(criteria.get(shown.id) ?? [])],
              },
      };
    }),
  };
}

export function registerPublicRoundRoutes(app: FastifyInstance, deps: { readonly database: Queryable; readonly now: () => Date; readonly review: ReviewConfig }): void {
  app.get(PUBLIC_ROUNDS_PATH, async (request, reply) => {
    const document = publicRoundsOf(await readRounds(deps.database), deps.now(), await criteriaByRound(deps.database, deps.review));
    return sendCacheableJson(request, reply, document, PUBLIC_ROUNDS_CACHE);
  });
}
