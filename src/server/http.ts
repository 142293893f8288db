import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FieldErrors } from '../forms/definitions/types';

/** The API's error bodies: a list of field errors, or one message for the whole request. */
export type FieldErrorList = { errors: Array<{ field: string; message: string }> };

/** Longest field name echoed in an error: an unknown key may be anything the client made up. */
const ECHOED_NAME_MAX = 64;
/** Most errors in one answer; a form has fewer fields, so only made-up keys are left out. */
const ERRORS_MAX = 60;

export function fieldErrorList(errors: FieldErrors): FieldErrorList {
  const echoed = (name: string): string => (name.length > ECHOED_NAME_MAX ? `${name.slice(0, ECHOED_NAME_MAX).replace(/[\ud800-\udbff]$/, '')}…` : name);
  return { errors: Object.entries(errors).slice(0, ERRORS_MAX).map(([field, message]) => ({ field: echoed(field), message })) };
}

export const NOT_UTF8_MESSAGE = 'The text is not valid UTF-8.';
export const CHARSET_MESSAGE = 'Send the body in UTF-8 (charset=utf-8, or no charset).';

/** An error answered with its status and this message as is (the message names no input). */
export class RequestError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Fastify's schema-validation failure, as its error handler receives it. */
type ValidationFailure = { validation?: ReadonlyArray<{ keyword: string; message?: string }> };

/**
 * The refusal a route's schema declares for the first invalid value (its `errorMessage`), else the
 * fallback; null when the error is not a schema-validation failure. Ajv's own wording is never
 * shown: it names schema internals, not what the person should fix.
 */
export function validationMessage(error: unknown, fallback: string): string | null {
  const failures = (error as ValidationFailure | null)?.validation;
  if (!Array.isArray(failures)) return null;
  return failures.find((failure) => failure.keyword === 'errorMessage')?.message ?? fallback;
}

export function apiError(message: string): { error: string } {
  return { error: message };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Refusals as short plain text (the newsletter shows the text as its toast). */
    textErrors?: boolean;
  }
}

/** An error answer in the route's style: `{ error }` JSON, or plain text where the client shows the text. */
export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply {
  reply.code(status);
  if (request.routeOptions.config.textErrors) return reply.type('text/plain; charset=utf-8').send(message);
  return reply.send(apiError(message));
}

/**
 * Whether the query string decodes as UTF-8. Fastify's parser turns bytes that are not (e.g. the
 * CESU-8 form of a lone surrogate, %ED%A0%80) into U+FFFD without a word; the API refuses them instead.
 */
export function queryIsUtf8(url: string): boolean {
  const start = url.indexOf('?');
  if (start === -1) return true;
  try {
    decodeURIComponent(url.slice(start + 1).replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

export function mediaTypeOf(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The charset parameter of the Content-Type, lower case without quotes; null when none is given. */
export function charsetOf(request: FastifyRequest): string | null {
  const match = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(request.headers['content-type'] ?? '');
  return match ? match[2]!.toLowerCase() : null;
}

/**
 * onRequest check, before any byte of the body is read: 415 unless the body is of the endpoint's
 * media type (or one of its list: the refusal names the first, the API's own), in UTF-8; 413 when a
 * declared length is beyond what the form can legitimately be.
 */
export function requireMediaType(mediaType: string | readonly [string, ...string[]], maxDeclaredLength: number | null) {
  const accepted: readonly string[] = typeof mediaType === 'string' ? [mediaType] : mediaType;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!accepted.includes(mediaTypeOf(request))) {
      await sendError(request, reply, 415, `Send the body as ${accepted[0]}.`);
      return;
    }
    // The server reads every body as UTF-8 (what browsers send); another label would be misread.
    const charset = charsetOf(request);
    if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') {
      await sendError(request, reply, 415, CHARSET_MESSAGE);
      return;
    }
    const declared = Number(request.headers['content-length']);
    if (maxDeclaredLength !== null && Number.isFinite(declared) && declared > maxDeclaredLength) {
      // The client may still be sending: close instead of draining megabytes nobody will read.
      reply.header('connection', 'close');
      await sendError(request, reply, 413, 'Request body is too large.');
    }
  };
}

/** A strong ETag over a public answer's exact body (GET /api/rounds, GET /api/open-books/grants). */
export const etagOf = (body: string): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** Whether an If-None-Match header names the ETag (a list, weak forms and * included, as RFC 9110 says): then 304. */
export function ifNoneMatchNames(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
