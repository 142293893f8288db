import { ReferenceParams } from '../../../api/contracts/applicant';
import { Publication, PublicationChoice, PUBLICATION_MESSAGES } from '../../../api/contracts/openBooks';
import { readPublication, savePublication } from '../../openBooks/publication';
import { ownedApplication } from '../service';
import { APPLICANT_MESSAGES, emailOf, JSON_BODY_LIMIT, send, signedIn, type ApplicantResource } from './shared';

/**
 * The grantee's consent to open books: what of their grant `/becas-otorgadas/` and the DAOIP-5 feed
 * may show (src/server/openBooks). Only their own application: another's is answered 404, exactly
 * as a missing one; an application without a grant 409. A refused choice stores nothing.
 */
export const publicationRoutes: ApplicantResource = async (api, options) => {
  const { database, financeKeys } = options;

  api.get('/applications/:reference/publication', { config: signedIn, schema: { params: ReferenceParams, response: { 200: Publication } } }, async (request, reply) => {
    const owned = await ownedApplication(database, emailOf(request), request.params.reference);
    if (!owned) return send(reply, 404, APPLICANT_MESSAGES.notFound);
    const outcome = await readPublication(database, owned.id);
    return outcome.status === 'ok' ? outcome.publication : send(reply, 409, PUBLICATION_MESSAGES.noGrant);
  });

  api.put(
    '/applications/:reference/publication',
    { bodyLimit: JSON_BODY_LIMIT, config: signedIn, schema: { params: ReferenceParams, body: PublicationChoice, response: { 200: Publication } } },
    async (request, reply) => {
      const email = emailOf(request);
      const outcome = await database.transaction(async (tx) => {
        const owned = await ownedApplication(tx, email, request.params.reference, true);
        if (!owned) return null;
        return savePublication(tx, { application: owned, choice: request.body, keys: financeKeys });
      });
      if (outcome === null) return send(reply, 404, APPLICANT_MESSAGES.notFound);
      if (outcome.status === 'no-grant') return send(reply, 409, PUBLICATION_MESSAGES.noGrant);
      if (outcome.status === 'invalid') return send(reply, 400, outcome.message);
      return outcome.publication;
    },
  );
};
