import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DATA_RIGHTS_MESSAGES, DataRightsBody, EraseBody, EraseResult, FindResult } from '../../api/contracts/dataRights';
import { isEmail } from '../../forms/definitions/validate';
import { apiError } from '../http';
import type { Database } from '../storage/database';
import { erasePersonalData } from './erase';
import { exportPersonalData, findPersonalData, zipBundle } from './service';

/**
 * /api/team/data-rights/*: admin only. Registered inside the team API (src/server/team/routes/index.ts),
 * so its session (401), role (403), Origin and JSON checks run first. The address travels in a POST
 * body, never in a URL, so it reaches no log.
 */

export { DATA_RIGHTS_MESSAGES };

const ADMIN_ONLY = { teamAccess: ['admin'] } as const;
const BODY_LIMIT = 4 * 1024;

/** The address as the forms stored it: trimmed, and an email by the forms' own rule. */
function emailOf(raw: string): string | null {
  const email = raw.trim();
  return isEmail(email) ? email : null;
}

const actorOf = (request: FastifyRequest): string => request.teamSession?.email ?? '';

const bad = (reply: FastifyReply, message: string) => reply.code(400).send(apiError(message));

export const dataRightsRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  const post = { bodyLimit: BODY_LIMIT, config: ADMIN_ONLY };

  app.post('/data-rights/find', { ...post, schema: { body: DataRightsBody, response: { 200: FindResult } } }, async (request, reply) => {
    const email = emailOf(request.body.email);
    if (!email) return bad(reply, DATA_RIGHTS_MESSAGES.badEmail);
    const found = await findPersonalData(database, email, actorOf(request));
    return { counts: found.counts, references: [...found.references] };
  });

  app.post('/data-rights/export', { ...post, schema: { body: DataRightsBody } }, async (request, reply) => {
    const email = emailOf(request.body.email);
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
  app.post('/data-rights/erase', { ...post, schema: { body: EraseBody, response: { 200: EraseResult } } }, async (request, reply) => {
    const email = emailOf(request.body.email);
    if (!email) return bad(reply, DATA_RIGHTS_MESSAGES.badEmail);
    if (request.body.confirm.trim().toLowerCase() !== email.toLowerCase()) return bad(reply, DATA_RIGHTS_MESSAGES.confirm);
    const erasure = await erasePersonalData(database, email, actorOf(request));
    return { counts: erasure.counts };
  });
};
