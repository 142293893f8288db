import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { expect } from 'vitest';
import type { FinanceKeyring } from '../../../src/server/finance/encryption';
import { OUTBOX_BODY, openValue, sealedValueColumns, type SealedValueRow } from '../../../src/server/finance/sealedColumns';
import { CLI_ACTOR } from '../../../src/server/team/audit';
import { inviteMember } from '../../../src/server/team/members';
import type { Role } from '../../../src/server/team/roles';
import { SESSION_COOKIE } from '../../../src/server/team/sessions';
import type { Database } from '../../../src/server/storage/database';
import { SoftAuthenticator } from './softAuthenticator';

/** The site's origin in these tests (NEXT_PUBLIC_SITE_URL's default): the WebAuthn origin and the only accepted Origin. */
export const SITE = 'http://localhost:3000';

export type Member = { email: string; role: Role; cookie: string; authenticator: SoftAuthenticator };

/** A team client: the browser's fetch with the cookie it holds and the site's Origin on POSTs. */
export function teamClient(baseUrl: string, cookie: string | null) {
  return {
    get: (path: string) => fetch(`${baseUrl}/api/team${path}`, { headers: cookie ? { cookie } : {} }),
    post: (path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}/api/team${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE, ...(cookie ? { cookie } : {}), ...headers },
        body: JSON.stringify(body),
      }),
  };
}

/** The session cookie a response sets, as `name=value` for the next request's Cookie header. */
export function sessionCookieOf(response: Response): string {
  const header = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!header) throw new Error('no session cookie set');
  return header.split(';')[0]!;
}

export const tokenOf = (link: string): string => new URL(link).hash.replace(/^#t=/, '');

/** Invites (as the CLI does, the email sealed under the server's `keys`) and enrols through the real routes with a software passkey. */
export async function enrolMember(baseUrl: string, database: Database, email: string, role: Role, keys: FinanceKeyring): Promise<Member> {
  const { link } = await inviteMember(database, { email, role, actor: CLI_ACTOR, siteOrigin: SITE, keys });
  const token = tokenOf(link);
  const anonymous = teamClient(baseUrl, null);
  const options = (await (await anonymous.post('/enrol/options', { token })).json()) as PublicKeyCredentialCreationOptionsJSON;
  const authenticator = new SoftAuthenticator(SITE);
  const verified = await anonymous.post('/enrol/verify', { token, response: authenticator.create(options) });
  expect(verified.status).toBe(200);
  return { email, role, cookie: sessionCookieOf(verified), authenticator };
}

export async function signInMember(baseUrl: string, authenticator: SoftAuthenticator, settings: { origin?: string } = {}): Promise<Response> {
  const anonymous = teamClient(baseUrl, null);
  const options = (await (await anonymous.post('/signin/options')).json()) as PublicKeyCredentialRequestOptionsJSON;
  return anonymous.post('/signin/verify', { response: authenticator.get(options, settings) });
}

/**
 * The body of the email queued with `purpose` for `recipient`, opened as the outbox worker opens it
 * (null when none is queued). Fails if the body is also stored in clear.
 */
export async function queuedBody(database: Database, purpose: string, recipient: string, keys: FinanceKeyring): Promise<string | null> {
  const [row] = await database.query<SealedValueRow & { clear: string | null }>(
    `SELECT ${sealedValueColumns(OUTBOX_BODY, 'o')}, o.body AS clear FROM mail_outbox o WHERE o.purpose = $1 AND o.recipient = $2 ORDER BY o.id DESC LIMIT 1`,
    [purpose, recipient],
  );
  if (!row) return null;
  expect(row.clear).toBeNull();
  return openValue(keys, OUTBOX_BODY, row);
}

export const auditEntries = (database: Database): Promise<Array<{ actor: string; action: string; target: string }>> =>
  database.query('SELECT actor, action, target FROM team_audit_log ORDER BY id');
