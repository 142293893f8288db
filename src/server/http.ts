import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FieldErrors } from '../forms/definitions/types';

/** The API's error bodies: a list of field errors, or one message for the whole request. */
export type FieldErrorList = { errors: Array<{ field: string; message: string }> };

export function fieldErrorList(errors: FieldErrors): FieldErrorList {
  return { errors: Object.entries(errors).map(([field, message]) => ({ field, message })) };
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

export function mediaTypeOf(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * onRequest check, before any byte of the body is read: 415 unless the body is of the endpoint's
 * one media type; 413 when a declared length is beyond what the form can legitimately be.
 */
export function requireMediaType(mediaType: string, maxDeclaredLength: number | null) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (mediaTypeOf(request) !== mediaType) {
      await sendError(request, reply, 415, `Send the body as ${mediaType}.`);
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
