import type { FastifyInstance } from 'fastify';
import { endpoints } from '../api/endpoints';
import { isEmail } from '../forms/definitions/validate';
import { requireMediaType } from './http';
import type { Database } from './storage/database';
import { insertNewsletterSubscriber } from './storage/submissions';

/**
 * POST /api/newsletter-signup. The site shows a 4xx answer's text body as its toast (spec section
 * 8), so refusals here are short Spanish plain text.
 */
export const NEWSLETTER_INVALID_TEXT = 'El correo electrónico no es válido, inténtalo de nuevo.';
export const NEWSLETTER_REPEAT_TEXT = 'Este correo ya está suscrito a nuestro boletín.';

function emailOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const keys = Object.keys(body);
  const email = (body as { email?: unknown }).email;
  return keys.length === 1 && typeof email === 'string' ? email.trim() : null;
}

export function registerNewsletterRoute(app: FastifyInstance, deps: { database: Database; rateLimitPerMinute: number }): void {
  const { method, path } = endpoints.newsletterSignup;
  app.route({
    method,
    url: path,
    bodyLimit: 1024,
    config: { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: 60_000 }, textErrors: true },
    onRequest: requireMediaType('application/json', null),
    handler: async (request, reply) => {
      const email = emailOf(request.body);
      if (email === null || !isEmail(email)) return reply.code(400).type('text/plain; charset=utf-8').send(NEWSLETTER_INVALID_TEXT);
      const added = await insertNewsletterSubscriber(deps.database, email);
      if (!added) return reply.code(400).type('text/plain; charset=utf-8').send(NEWSLETTER_REPEAT_TEXT);
      request.log.info('newsletter subscriber stored');
      return reply.code(201).send({ subscribed: true });
    },
  });
}
