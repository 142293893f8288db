import { randomBytes } from 'node:crypto';
import type { Role } from '../../../src/server/team/roles';
import { SESSION_COOKIE, startSession } from '../../../src/server/team/sessions';
import type { TestServer } from './testServer';

/** The site's origin in the API tests (NEXT_PUBLIC_SITE_URL's default): the only Origin the team API accepts. */
export const SITE = 'http://localhost:3000';

export type SignedIn = { readonly memberId: string; readonly email: string; readonly cookie: string | null };

/**
 * A team member with a live session, made in the database: the passkey ceremony itself is
 * tested in team.test.ts; these tests are about what a signed-in role may do.
 */
export async function memberWithSession(server: TestServer, email: string, role: Role): Promise<SignedIn> {
  const [member] = await server.database.query<{ id: string }>('INSERT INTO team_members (email, role, webauthn_user_id) VALUES ($1, $2, $3) RETURNING id::text AS id', [
    email,
    role,
    randomBytes(16).toString('base64url'),
  ]);
  const token = await startSession(server.database, member!.id);
  return { memberId: member!.id, email, cookie: `${SESSION_COOKIE}=${token}` };
}

export const ANONYMOUS: SignedIn = { memberId: '', email: '', cookie: null };

/** A browser of the team pages: its cookie, and the site's Origin on every POST. */
export function teamClient(server: TestServer, member: SignedIn) {
  const cookie = member.cookie ? { cookie: member.cookie } : {};
  return {
    get: (path: string) => fetch(`${server.url}/api/team${path}`, { headers: cookie }),
    post: (path: string, body: unknown = {}) =>
      fetch(`${server.url}/api/team${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE, ...cookie }, body: JSON.stringify(body) }),
  };
}
