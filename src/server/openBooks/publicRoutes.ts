import type { FastifyInstance } from 'fastify';
import { OPEN_BOOKS_GRANTS_PATH, type PublishedGrantList } from '../../api/contracts/openBooks';
import { utcToday } from '../../lib/grants';
import type { BlockExplorers } from '../config';
import { openReadOnly, sendCacheableBody } from '../publicRead';
import type { Queryable } from '../storage/database';
import { listPublishedGrants } from './published';

/**
 * `GET /api/open-books/grants` (contract PublishedGrantList): the grants their grantees published,
 * for `/becas-otorgadas/` and anyone else: no session, open to cross-origin reads, cached a minute by
 * browsers and proxies, with a strong ETag over the body (304 when If-None-Match names it). It takes
 * no query parameters: one it does not know is refused (400), so a mistyped filter never looks like
 * an empty list.
 *
 * `generatedAt` is when this server first produced the list as it stands: while the grants do not
 * change the body (and so its ETag) stays the same byte for byte, as a strong ETag requires.
 */

export const OPEN_BOOKS_CACHE = 'public, max-age=60';

export function registerOpenBooksRoutes(app: FastifyInstance, deps: { readonly database: Queryable; readonly now: () => Date; readonly explorers: BlockExplorers }): void {
  let last: { readonly grants: string; readonly body: string } | null = null;

  app.get(OPEN_BOOKS_GRANTS_PATH, { onRequest: openReadOnly }, async (request, reply) => {
    const now = deps.now();
    const grants = await listPublishedGrants(deps.database, { explorers: deps.explorers, today: utcToday(now) });
    const grantsJson = JSON.stringify(grants);
    if (last?.grants !== grantsJson) {
      const list: PublishedGrantList = { generatedAt: now.toISOString(), grants };
      last = { grants: grantsJson, body: JSON.stringify(list) };
    }
    return sendCacheableBody(request, reply, last.body, OPEN_BOOKS_CACHE);
  });
}
