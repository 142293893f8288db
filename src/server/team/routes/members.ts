import { Invitation, InviteBody, MemberEmailBody, MemberList } from '../../../api/contracts/members';
import { endMemberSessions, InviteRefused, inviteMember, listMembers, revokeMember } from '../members';
import { getOptions, postOptions, send, sessionOf, type TeamResource } from './shared';

/** The team's members (admin only): list, invite, revoke, end someone's sessions. */

const NO_MEMBER = 'No hay un miembro activo con ese correo.';

export const memberRoutes: TeamResource = async (team, { database, config, financeKeys }) => {
  const admins = postOptions(['admin']);

  team.get('/members', { ...getOptions(['admin']), schema: { response: { 200: MemberList } } }, async () => ({ members: await listMembers(database) }));

  team.post('/members/invite', { ...admins, schema: { body: InviteBody, response: { 200: Invitation } } }, async (request, reply) => {
    try {
      return await inviteMember(database, { ...request.body, actor: sessionOf(request).email, siteOrigin: config.siteOrigin, keys: financeKeys });
    } catch (error) {
      if (error instanceof InviteRefused) return send(reply, 409, error.message);
      throw error;
    }
  });

  team.post('/members/revoke', { ...admins, schema: { body: MemberEmailBody } }, async (request, reply) => {
    if (!(await revokeMember(database, request.body.email, sessionOf(request).email))) return send(reply, 404, NO_MEMBER);
    return reply.code(204).send();
  });

  // An admin ends someone's sessions without revoking them (a lost laptop): ASVS 5.0 7.4.5.
  team.post('/members/end-sessions', { ...admins, schema: { body: MemberEmailBody } }, async (request, reply) => {
    if (!(await endMemberSessions(database, request.body.email, sessionOf(request).email))) return send(reply, 404, NO_MEMBER);
    return reply.code(204).send();
  });
};
