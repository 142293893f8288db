import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isEmail } from '../../forms/definitions/validate';
import { apiError } from '../http';
import type { Database } from '../storage/database';
import { erasePersonalData } from './erase';
import { exportPersonalData, findPersonalData, zipBundle } from './service';

/**
 * /api/team/data-rights/*: admin only. Registered inside the team API (src/server/team/routes.ts),
 * so its session (401), role (403), Origin and JSON checks run first. The address travels in a POST
 * body, never in a URL, so it reaches no log.
 */

export const DATA_RIGHTS_MESSAGES = {
  badEmail: 'Escribe un correo electrónico válido.',
  confirm: 'Para borrar, repite el correo en "confirm".',
} as const;

const ADMIN_ONLY = { teamAccess: ['admin'] } as const;
const BODY_LIMIT = 4 * 1024;

function emailOf(request: FastifyRequest): string | null {
  const body = request.body;
  const email = typeof body === 'object' && body !== null && 'email' in body ? (body as { email: unknown }).email : null;
  return typeof email === 'string' && isEmail(email.trim()) ? email.trim() : null;
}

const actorOf = (request: FastifyRequest): string => request.teamSession?.email ?? '';

export async function dataRightsRoutes(app: FastifyInstance, options: { database: Database }): Promise<void> {
  const { database } = options;
  const bad = (reply: FastifyReply, message: string) => reply.code(400).send(apiError(message));

  app.post('/data-rights/find', { bodyLimit: BODY_LIMIT, config: ADMIN_ONLY }, async (request, reply) => {
    const email = emailOf(request);
    if (!email) return bad(reply, DATA_RIGHTS_MESSAGES.badEmail);
    return findPersonalData(database, email, actorOf(request));
  });

  app.post('/data-rights/export', { bodyLimit: BODY_LIMIT, config: ADMIN_ONLY }, async (request, reply) => {
    const email = emailOf(request);
    if (!email) return bad(reply, DATA_RIGHTS_MESSAGES.badEmail);
    // Payment details stay sealed: in the team area only the finance role decrypts them.
    const bundle = await exportPersonalData(database, email, actorOf(request), null);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="datos-personales-${day}.zip"`)
      .send(Buffer.from(zipBundle(bundle)));
  });

  // The address twice: a mistyped one must not erase someone else's data by accident.
  app.post('/data-rights/erase', { bodyLimit: BODY_LIMIT, config: ADMIN_ONLY }, async (request, reply) => {
    const email = emailOf(request);
    if (!email) return bad(reply, DATA_RIGHTS_MESSAGES.badEmail);
    const confirm = (request.body as { confirm?: unknown }).confirm;
    if (typeof confirm !== 'string' || confirm.trim().toLowerCase() !== email.toLowerCase()) return bad(reply, DATA_RIGHTS_MESSAGES.confirm);
    const erasure = await erasePersonalData(database, email, actorOf(request));
    return { counts: erasure.counts };
  });
}
