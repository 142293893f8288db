import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiError, etagOf, ifNoneMatchNames } from './http';

/**
 * Public, read-only JSON documents (no session): cached a short time by browsers and proxies, with a
 * strong ETag over the body (src/server/http.ts etagOf), so an If-None-Match that matches gets 304
 * and no body. `GET /api/rounds`, `GET /api/open-books/grants` and the DAOIP-5 feed answer this way.
 */

export const PUBLIC_READ_MESSAGES = {
  unknownParameter: (name: string) => `Esta dirección no admite parámetros: quita «${name.slice(0, 40)}» de la consulta.`,
} as const;

/** Sends `document` as JSON with Cache-Control and its ETag; 304 without a body when the client already holds it. */
export function sendCacheableJson(request: FastifyRequest, reply: FastifyReply, document: unknown, cacheControl: string): FastifyReply {
  return sendCacheableBody(request, reply, JSON.stringify(document), cacheControl);
}

/** The same for a body already serialised (one kept byte for byte while nothing changes). */
export function sendCacheableBody(request: FastifyRequest, reply: FastifyReply, body: string, cacheControl: string): FastifyReply {
  const etag = etagOf(body);
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (ifNoneMatchNames(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * onRequest of an open document: every answer (errors and 304 included) carries `Access-Control-Allow-Origin: *`,
 * and a query parameter is refused (400), so a reader learns at once that its filter was not applied rather than
 * taking the whole list for a filtered one.
 */
export async function openReadOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('access-control-allow-origin', '*');
  const [unknown] = Object.keys((request.query ?? {}) as Record<string, unknown>);
  if (unknown !== undefined) await reply.code(400).send(apiError(PUBLIC_READ_MESSAGES.unknownParameter(unknown)));
}
