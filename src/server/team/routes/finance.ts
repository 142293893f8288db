import type { FastifyRequest } from 'fastify';
import { EmptyBody, ReferenceParams } from '../../../api/contracts/common';
import { GranteeIssued, PaymentDetailsList, type PaymentDetailsVersion } from '../../../api/contracts/teamFinance';
import { recordAudit } from '../audit';
import { issueGranteeId, readPaymentDetails, readReview } from '../review';
import { actorOf, getOptions, MESSAGES, postOptions, reviewedKey, send, sessionOf, type TeamResource } from './shared';

/** The payment details sent with the application's grantee IDs, each version's view audited (finance only). */
export async function paymentDetailsOf(request: FastifyRequest, options: Parameters<TeamResource>[1], submissionId: string): Promise<PaymentDetailsVersion[]> {
  const session = sessionOf(request);
  const versions = await readPaymentDetails(options.database, submissionId, options.financeKeys);
  for (const version of versions) {
    if (version.unreadable) request.log.error({ reference: version.reference }, 'payment details failed to decrypt');
    await recordAudit(options.database, { actor: session.email, action: version.unreadable ? 'payment-details-unreadable' : 'view-payment-details', target: version.reference });
  }
  return versions;
}

/** Payment details (finance) and the grantee ID of an approved grant (admin). */
export const financeRoutes: TeamResource = async (team, options) => {
  const { database, config, financeKeys } = options;

  // Payment details alone, for finance: a reviewer or an admin gets 403 here, whatever the application.
  team.get('/applications/:id/payment-details', { ...getOptions(['finance']), schema: { params: ReferenceParams, response: { 200: PaymentDetailsList } } }, async (request, reply) => {
    const key = reviewedKey(request);
    if (!key || !(await readReview(database, key.rowId, config.review))) return send(reply, 404, MESSAGES.notFound);
    return { paymentDetails: await paymentDetailsOf(request, options, key.rowId) };
  });

  team.post('/applications/:id/grantee', { ...postOptions(['admin']), schema: { params: ReferenceParams, body: EmptyBody, response: { 201: GranteeIssued } } }, async (request, reply) => {
    const key = reviewedKey(request);
    if (!key) return send(reply, 404, MESSAGES.notFound);
    const outcome = await database.transaction((tx) => issueGranteeId(tx, { key, actor: actorOf(request), siteOrigin: config.siteOrigin, keys: financeKeys }));
    if (outcome.status === 'not-found') return send(reply, 404, MESSAGES.notFound);
    if (outcome.status === 'not-approved') return send(reply, 409, 'Solo se emite un ID de seguridad (Security Grantee ID) para una solicitud en estado «Aprobada».');
    if (outcome.status === 'no-payout') return send(reply, 409, 'Office Hours no entrega fondos: sus solicitudes no llevan ID de seguridad (Security Grantee ID).');
    return reply.code(201).send({ issuedAt: outcome.issuedAt });
  });
};
