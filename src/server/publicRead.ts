import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './http';

/**
 * Public, read-only JSON documents (no session): cached a short time by browsers and proxies, with a
 * strong ETag over the body (no @fastify/etag in this project), so an If-None-Match that matches
 * gets 304 and no body. `GET /api/rounds` and the DAOIP-5 feed answer this way.
 */

export const etagOf = (body: string): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** Whether an If-None-Match header names the ETag (a list, weak forms and * included, as RFC 9110 says). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** Sends `document` as JSON with Cache-Control and its ETag; 304 without a body when the client already holds it. */
export function sendCacheableJson(request: FastifyRequest, reply: FastifyReply, document: unknown, cacheControl: string): FastifyReply {
  const body = JSON.stringify(document);
  const etag = etagOf(body);
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * onRequest hook of a public document anyone may read from any site: every answer (errors and 304
 * included) carries `Access-Control-Allow-Origin: *`, and a query string is refused with `message`
 * (400) when the document takes no parameters, so a collector learns at once that its filter was not applied.
 */
export function openReadOnly(options: { readonly message: string }) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('access-control-allow-origin', '*');
    const query = request.url.indexOf('?');
    // Any parameter at all, readable or not (a bare "?" asks for nothing).
    if (query !== -1 && request.url.length > query + 1) await sendError(request, reply, 400, options.message);
  };
}
