import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApplicationParams, ErasureRequestList, QuestionBody, QuestionEmailPreview, QuestionSent, ResponseFileParams, SatisfactionSummary } from '../../api/contracts/teamInformation';
import { listErasureRequests, notAskableMessage, previewQuestion, readResponseFile, satisfactionSummary, sendQuestion } from '../applicant/information';
import { apiError, strictValidatorCompiler } from '../http';
import { extensionOfMediaType } from '../fileType';
import { parseReference, safeDownloadName, type ApplicationKey } from './applications';
import { recordAudit } from './audit';
import { REVIEWERS } from './roles';
import type { FinanceKeyring } from '../finance/encryption';
import type { Database } from '../storage/database';

/**
 * The team's side of the applicant portal, inside the team API (src/server/team/routes.ts registers
 * it, so its session, role, Origin and JSON checks and its error answers apply): "Pedir información"
 * (preview and send), a response's file, the satisfaction averages and the applicants' erasure requests.
 */

const NOT_FOUND = 'No encontramos esa solicitud.';
const BODY_LIMIT = 64 * 1024;

const send = (reply: FastifyReply, status: number, message: string): FastifyReply => reply.code(status).send(apiError(message));

/** A reviewed application's key from the URL (grantee finance has no questions): null is the same 404 as a missing one. */
const reviewedKey = (id: string): ApplicationKey | null => {
  const key = parseReference(id);
  return key && key.form !== 'grantee-finance' ? key : null;
};

function memberOf(request: FastifyRequest): { memberId: string; email: string } {
  if (!request.teamSession) throw new Error('team route without a session');
  return { memberId: request.teamSession.memberId, email: request.teamSession.email };
}

export async function informationRoutes(app: FastifyInstance, options: { readonly database: Database; readonly financeKeys: FinanceKeyring }): Promise<void> {
  const { database, financeKeys } = options;
  app.setValidatorCompiler(strictValidatorCompiler);
  const team = app.withTypeProvider<TypeBoxTypeProvider>();
  const reviewers = { bodyLimit: BODY_LIMIT, config: { teamAccess: REVIEWERS } };

  team.post(
    '/applications/:id/information-request/preview',
    { ...reviewers, schema: { params: ApplicationParams, body: QuestionBody, response: { 200: QuestionEmailPreview } } },
    async (request, reply) => {
      const key = reviewedKey(request.params.id);
      const preview = key ? await previewQuestion(database, key, request.body.question.trim()) : null;
      if (!preview || preview.status === 'not-found') return send(reply, 404, NOT_FOUND);
      if (preview.status === 'not-askable') return send(reply, 409, notAskableMessage(preview.current));
      return preview.email;
    },
  );

  team.post(
    '/applications/:id/information-request/send',
    { ...reviewers, schema: { params: ApplicationParams, body: QuestionBody, response: { 200: QuestionSent } } },
    async (request, reply) => {
      const key = reviewedKey(request.params.id);
      if (!key) return send(reply, 404, NOT_FOUND);
      const outcome = await database.transaction((tx) => sendQuestion(tx, { key, question: request.body.question, actor: memberOf(request), keys: financeKeys }));
      if (outcome.status === 'not-found') return send(reply, 404, NOT_FOUND);
      if (outcome.status === 'not-askable') return send(reply, 409, notAskableMessage(outcome.current));
      return outcome.sent;
    },
  );

  // Every member reads applications, so every member may open what an applicant sent with an answer.
  team.get(
    '/applications/:id/information-requests/:requestId/responses/:responseId/file',
    { exposeHeadRoute: false, config: { teamAccess: 'member', sandboxed: true }, schema: { params: ResponseFileParams } },
    async (request, reply) => {
      const key = reviewedKey(request.params.id);
      const file = key ? await readResponseFile(database, key, request.params.requestId, request.params.responseId) : null;
      if (!key || !file) return send(reply, 404, NOT_FOUND);
      const name = safeDownloadName(`${request.params.id}-respuesta-${request.params.responseId}`, file.originalName, extensionOfMediaType(file.mediaType));
      await recordAudit(database, { actor: memberOf(request).email, action: 'download-response-file', target: name });
      return reply.type(file.mediaType).header('content-disposition', `attachment; filename="${name}"`).send(file.bytes);
    },
  );

  team.get('/satisfaction', { config: { teamAccess: 'member' }, schema: { response: { 200: SatisfactionSummary } } }, async () => satisfactionSummary(database));

  team.get('/data-rights/erasure-requests', { config: { teamAccess: ['admin'] }, schema: { response: { 200: ErasureRequestList } } }, async () => listErasureRequests(database));
}
