import { AuditPage, AuditQuery } from '../../../api/contracts/audit';
import { readAudit } from '../audit';
import { getOptions, type TeamResource } from './shared';

/** The audit log, newest first (admin only). */
export const auditRoutes: TeamResource = async (team, { database }) => {
  team.get('/audit', { ...getOptions(['admin']), schema: { querystring: AuditQuery, response: { 200: AuditPage } } }, async (request) =>
    readAudit(database, request.query.page ? Number(request.query.page) : 1),
  );
};
