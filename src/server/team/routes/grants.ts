import type { FastifyReply, FastifyRequest } from 'fastify';
import { EmptyBody, ReferenceParams } from '../../../api/contracts/common';
import { CancelGrantBody, GrantTerms, MilestoneParams, MilestonesBody, ReportFileParams, ReviewReportBody, TeamGrant } from '../../../api/contracts/grants';
import { cancelGrant, completeGrant, createGrant, defineMilestones, GRANT_MESSAGES, readReportFile, readTeamGrant, reportFileName, reviewReport, type Refusal } from '../../grants/service';
import type { ApplicationKey } from '../applications';
import type { Queryable } from '../../storage/database';
import { recordAudit } from '../audit';
import { REVIEWERS, type Role } from '../roles';
import { actorOf, getOptions, postOptions, reviewedKey, send, sessionOf, type TeamResource } from './shared';

/** Admins create grants and define milestones; reviewers and admins review reports; finance reads grants to pay them. */
const GRANT_READERS: readonly Role[] = ['admin', 'reviewer', 'finance'];
const ADMINS: readonly Role[] = ['admin'];

/**
 * The grant of an approved application (src/server/grants/service.ts; contract:
 * src/api/contracts/grants.ts): create it, read it, define its milestones, cancel or complete it,
 * review the grantee's progress reports and open their files. Every change answers the grant as
 * it now is.
 */
export const grantRoutes: TeamResource = async (team, options) => {
  const { database, financeKeys } = options;

  async function answerGrant(reply: FastifyReply, key: ApplicationKey, role: Role, code = 200): Promise<FastifyReply> {
    const grant = await readTeamGrant(database, key, role);
    if (!grant) return send(reply, 404, GRANT_MESSAGES.notFound);
    return reply.code(code).send(grant);
  }

  /** A change to the grant of the URL's application, in one transaction: the refusal, or the grant as it now is. */
  async function change(
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    work: (tx: Queryable, key: ApplicationKey) => Promise<Refusal | { readonly status: 'ok' | 'created' }>,
    code = 200,
  ): Promise<FastifyReply> {
    const key = reviewedKey(request);
    if (!key) return send(reply, 404, GRANT_MESSAGES.notFound);
    const outcome = await database.transaction((tx) => work(tx, key));
    if (outcome.status === 'refused') return send(reply, outcome.code, outcome.message);
    return answerGrant(reply, key, sessionOf(request).role, code);
  }

  team.post('/applications/:id/grant', { ...postOptions(ADMINS), schema: { params: ReferenceParams, body: GrantTerms, response: { 201: TeamGrant } } }, async (request, reply) =>
    change(request, reply, (tx, key) => createGrant(tx, { key, terms: request.body, actor: actorOf(request), keys: financeKeys }), 201),
  );

  team.get('/applications/:id/grant', { ...getOptions(GRANT_READERS), schema: { params: ReferenceParams, response: { 200: TeamGrant } } }, async (request, reply) => {
    const key = reviewedKey(request);
    if (!key) return send(reply, 404, GRANT_MESSAGES.notFound);
    return answerGrant(reply, key, sessionOf(request).role);
  });

  team.post('/applications/:id/grant/milestones', { ...postOptions(ADMINS), schema: { params: ReferenceParams, body: MilestonesBody, response: { 200: TeamGrant } } }, async (request, reply) =>
    change(request, reply, (tx, key) => defineMilestones(tx, { key, milestones: request.body.milestones, actor: actorOf(request), keys: financeKeys })),
  );

  team.post('/applications/:id/grant/cancel', { ...postOptions(ADMINS), schema: { params: ReferenceParams, body: CancelGrantBody, response: { 200: TeamGrant } } }, async (request, reply) =>
    change(request, reply, (tx, key) => cancelGrant(tx, { key, reason: request.body.reason, actor: actorOf(request) })),
  );

  team.post('/applications/:id/grant/complete', { ...postOptions(ADMINS), schema: { params: ReferenceParams, body: EmptyBody, response: { 200: TeamGrant } } }, async (request, reply) =>
    change(request, reply, (tx, key) => completeGrant(tx, { key, actor: actorOf(request), keys: financeKeys })),
  );

  team.post(
    '/applications/:id/grant/milestones/:milestoneId/review',
    { ...postOptions(REVIEWERS), schema: { params: MilestoneParams, body: ReviewReportBody, response: { 200: TeamGrant } } },
    async (request, reply) => {
      const { version, decision, comment } = request.body;
      return change(request, reply, (tx, key) => reviewReport(tx, { key, milestoneId: request.params.milestoneId, version, decision, comment, actor: actorOf(request), keys: financeKeys }));
    },
  );

  // Whoever reads the grant may open what the grantee attached to a report; each download is audited.
  team.get('/applications/:id/grant/milestones/:milestoneId/reports/:version/file', { ...getOptions(GRANT_READERS, true), schema: { params: ReportFileParams } }, async (request, reply) => {
    const key = reviewedKey(request);
    const file = key ? await readReportFile(database, key, request.params.milestoneId, request.params.version) : null;
    if (!file) return send(reply, 404, GRANT_MESSAGES.notFound);
    const name = reportFileName(request.params.id, request.params.milestoneId, request.params.version, file.originalName, file.mediaType);
    await recordAudit(database, { actor: sessionOf(request).email, action: 'download-report-file', target: name });
    return reply.type(file.mediaType).header('content-disposition', `attachment; filename="${name}"`).send(file.bytes);
  });
};
