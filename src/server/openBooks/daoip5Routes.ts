import type { FastifyInstance } from 'fastify';
import {
  DAOIP5_CACHE,
  DAOIP5_POOL_NOT_FOUND,
  DAOIP5_POOLS_PATH,
  DAOIP5_SYSTEM_PATH,
  Daoip5PoolParams,
} from '../../api/contracts/daoip5';
import { isGrantProgramme, utcToday } from '../../lib/grants';
import type { BlockExplorers } from '../config';
import { sendError } from '../http';
import { openReadOnly, sendCacheableJson } from '../publicRead';
import { readRound, readRounds } from '../rounds/store';
import type { Queryable } from '../storage/database';
import { applicationsOf, daoip5SiteOf, grantPoolsOf, grantSystemOf } from './daoip5';
import { listPublishedGrants } from './published';

/**
 * The DAOIP-5 feed (contract src/api/contracts/daoip5.ts): three public documents, GET and HEAD only
 * (any other method is answered 404 like every unknown route), no session, no query parameters.
 * Each answer is built at request time from the database, so a grantee's withdrawal or an erasure
 * leaves the feed at once; caches hold it at most DAOIP5_CACHE's max-age.
 */
export function registerDaoip5Routes(
  app: FastifyInstance,
  deps: { readonly database: Queryable; readonly now: () => Date; readonly siteOrigin: string; readonly blockExplorers: BlockExplorers },
): void {
  const feed = daoip5SiteOf(deps.siteOrigin);
  const onRequest = openReadOnly;

  app.get(DAOIP5_SYSTEM_PATH, { onRequest }, async (request, reply) => sendCacheableJson(request, reply, grantSystemOf(feed), DAOIP5_CACHE));

  app.get(DAOIP5_POOLS_PATH, { onRequest }, async (request, reply) =>
    sendCacheableJson(request, reply, grantPoolsOf(feed, await readRounds(deps.database), deps.now()), DAOIP5_CACHE),
  );

  app.get<{ Params: Daoip5PoolParams }>(`${DAOIP5_POOLS_PATH}/:poolId/applications`, { onRequest, schema: { params: Daoip5PoolParams } }, async (request, reply) => {
    const round = await readRound(deps.database, request.params.poolId);
    if (round === null || !isGrantProgramme(round.programme)) return sendError(request, reply, 404, DAOIP5_POOL_NOT_FOUND);
    const grants = await listPublishedGrants(deps.database, { explorers: deps.blockExplorers, roundId: round.id, today: utcToday(deps.now()) });
    return sendCacheableJson(request, reply, applicationsOf(feed, round, grants), DAOIP5_CACHE);
  });
}
