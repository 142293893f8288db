import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, ifNoneMatchNames } from './http';

/**
 * Public, read-only JSON documents (no session): cached a short time by browsers and proxies, with a
 * strong ETag over the body (src/server/http.ts etagOf), so an If-None-Match that matches gets 304
 * and no body. `GET /api/rounds` and the DAOIP-5 feed answer this way.
 */

/** Sends `document` as JSON with Cache-Control and its ETag; 304 without a body when the client already holds it. */
export function sendCacheableJson(request: FastifyRequest, reply: FastifyReply, document: unknown, cacheControl: string): FastifyReply {
  const body = JSON.stringify(document);
  const etag = etagOf(body);
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (ifNoneMatchNames(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
