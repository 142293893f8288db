import { ReferenceParams } from '../../../api/contracts/common';
import { ErasureRequestList, QuestionBody, QuestionEmailPreview, QuestionSent, ResponseFileParams, SatisfactionSummary } from '../../../api/contracts/teamInformation';
import { listErasureRequests, notAskableMessage, previewQuestion, readResponseFile, satisfactionSummary, sendQuestion } from '../../applicant/information';
import { extensionOfMediaType } from '../../fileType';
import { safeDownloadName } from '../applications';
import { recordAudit } from '../audit';
import { hidesIdentity, viewerOf } from '../blind';
import { REVIEWERS } from '../roles';
import { actorOf, getOptions, MESSAGES, postOptions, reviewedKey, send, sessionOf, type TeamResource } from './shared';

/**
 * The team's side of the applicant portal: "Pedir información" (preview and send), a response's
 * file, the satisfaction averages and the applicants' erasure requests.
 */
export const informationRoutes: TeamResource = async (team, options) => {
  const { database, financeKeys, config } = options;

  team.post(
    '/applications/:id/information-request/preview',
    { ...postOptions(REVIEWERS), schema: { params: ReferenceParams, body: QuestionBody, response: { 200: QuestionEmailPreview } } },
    async (request, reply) => {
      const key = reviewedKey(request);
      const preview = key ? await previewQuestion(database, key, request.body.question.trim(), request.body.openFields, await viewerOf(database, sessionOf(request), config)) : null;
      if (!preview || preview.status === 'not-found') return send(reply, 404, MESSAGES.notFound);
      if (preview.status === 'not-askable') return send(reply, 409, notAskableMessage(preview.current));
      if (preview.status === 'bad-fields') return send(reply, 400, preview.message);
      return preview.email;
    },
  );

  team.post(
    '/applications/:id/information-request/send',
    { ...postOptions(REVIEWERS), schema: { params: ReferenceParams, body: QuestionBody, response: { 200: QuestionSent } } },
    async (request, reply) => {
      const key = reviewedKey(request);
      if (!key) return send(reply, 404, MESSAGES.notFound);
      const outcome = await database.transaction((tx) => sendQuestion(tx, { key, question: request.body.question, openFields: request.body.openFields, actor: actorOf(request), keys: financeKeys }));
      if (outcome.status === 'not-found') return send(reply, 404, MESSAGES.notFound);
      if (outcome.status === 'not-askable') return send(reply, 409, notAskableMessage(outcome.current));
      if (outcome.status === 'bad-fields') return send(reply, 400, outcome.message);
      return outcome.sent;
    },
  );

  // Every member reads applications, so every member may open what an applicant sent with an answer.
  team.get(
    '/applications/:id/information-requests/:requestId/responses/:responseId/file',
    { ...getOptions('member', true), schema: { params: ResponseFileParams } },
    async (request, reply) => {
      const key = reviewedKey(request);
      const file = key ? await readResponseFile(database, key, request.params.requestId, request.params.responseId) : null;
      if (!key || !file) return send(reply, 404, MESSAGES.notFound);
      // Named like the proposal's download: the applicant's file name stays out while this member reviews blind (the audit entry too).
      const session = sessionOf(request);
      const originalName = hidesIdentity(await viewerOf(database, session, config), file.roundId, file.status) ? '' : file.originalName;
      const name = safeDownloadName(`${request.params.id}-respuesta-${request.params.responseId}`, originalName, extensionOfMediaType(file.mediaType));
      await recordAudit(database, { actor: session.email, action: 'download-response-file', target: name });
      return reply.type(file.mediaType).header('content-disposition', `attachment; filename="${name}"`).send(file.bytes);
    },
  );

  team.get('/satisfaction', { ...getOptions('member'), schema: { response: { 200: SatisfactionSummary } } }, async () => satisfactionSummary(database));

  team.get('/data-rights/erasure-requests', { ...getOptions(['admin']), schema: { response: { 200: ErasureRequestList } } }, async () => listErasureRequests(database));
};
