import type { FastifyInstance } from 'fastify';
import { OPEN_BOOKS_GRANTS_PATH, type PublishedGrantList } from '../../api/contracts/openBooks';
import { utcToday } from '../../lib/grants';
import type { BlockExplorers } from '../config';
import { apiError, etagOf, ifNoneMatchNames } from '../http';
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
export const OPEN_BOOKS_MESSAGES = {
  unknownParameter: (name: string) => `Esta dirección no admite parámetros: quita «${name.slice(0, 40)}» de la consulta.`,
} as const;

export function registerOpenBooksRoutes(app: FastifyInstance, deps: { readonly database: Queryable; readonly now: () => Date; readonly explorers: BlockExplorers }): void {
  let last: { readonly grants: string; readonly body: string } | null = null;

  app.get(OPEN_BOOKS_GRANTS_PATH, async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    const [unknown] = Object.keys((request.query ?? {}) as Record<string, unknown>);
    if (unknown !== undefined) return reply.code(400).send(apiError(OPEN_BOOKS_MESSAGES.unknownParameter(unknown)));
    const now = deps.now();
    const grants = await listPublishedGrants(deps.database, { explorers: deps.explorers, today: utcToday(now) });
    const grantsJson = JSON.stringify(grants);
    if (last?.grants !== grantsJson) {
      const list: PublishedGrantList = { generatedAt: now.toISOString(), grants };
      last = { grants: grantsJson, body: JSON.stringify(list) };
    }
    const { body } = last;
    const etag = etagOf(body);
    reply.header('cache-control', OPEN_BOOKS_CACHE).header('etag', etag);
    if (ifNoneMatchNames(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
