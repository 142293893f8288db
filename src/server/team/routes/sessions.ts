import { EmptyBody } from '../../../api/contracts/common';
import { EndSessionBody, SessionList } from '../../../api/contracts/teamAuth';
import { endAllSessions, endOwnSession, listSessions, SESSION_COOKIE } from '../sessions';
import { cookieOptions, getOptions, postOptions, send, sessionOf, type TeamResource } from './shared';

/** The member's own sessions: list them, end one, end all the others. */
export const sessionRoutes: TeamResource = async (team, { database }) => {
  team.get('/sessions', { ...getOptions('member'), schema: { response: { 200: SessionList } } }, async (request) => {
    const session = sessionOf(request);
    return { sessions: await listSessions(database, session.memberId, session.id) };
  });

  team.post('/sessions/end', { ...postOptions('member'), schema: { body: EndSessionBody } }, async (request, reply) => {
    const session = sessionOf(request);
    const { id } = request.body;
    if (!(await endOwnSession(database, session.memberId, id))) return send(reply, 404, 'Esa sesión no existe o ya terminó.');
    if (id === session.id) reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return reply.code(204).send();
  });

  // After adding a passkey (an authentication factor), the member may end every other session (ASVS 5.0 7.4.3).
  team.post('/sessions/end-others', { ...postOptions('member'), schema: { body: EmptyBody } }, async (request, reply) => {
    const session = sessionOf(request);
    await endAllSessions(database, session.memberId, session.id);
    return reply.code(204).send();
  });
};
