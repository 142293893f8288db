import { ErasureRequestBody, ErasureRequested } from '../../../api/contracts/applicant';
import { exportOwnData, requestErasure } from '../service';
import { APPLICANT_MESSAGES, emailOf, JSON_BODY_LIMIT, signedIn, type ApplicantResource } from './shared';

/** The applicant's own data: a copy to download, and a request that the admins erase it. */
export const ownDataRoutes: ApplicantResource = async (api, options) => {
  const { database } = options;

  api.get('/data', { config: signedIn }, async (request, reply) => {
    const document = await exportOwnData(database, emailOf(request));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="mis-datos-${day}.json"`)
      .send(`${JSON.stringify(document, null, 2)}\n`);
  });

  api.post(
    '/erasure-request',
    { bodyLimit: JSON_BODY_LIMIT, config: signedIn, schema: { body: ErasureRequestBody, response: { 202: ErasureRequested } } },
    async (request, reply) => {
      const { requestedAt } = await requestErasure(database, emailOf(request));
      return reply.code(202).send({ message: APPLICANT_MESSAGES.erasureRequested, requestedAt });
    },
  );
};
