import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formDefinitions } from '../../src/forms/definitions';
import { runTeamCommand, TeamUsageError } from '../../src/server/cli/team';
import { exportApplications } from '../../src/server/export/applications';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { toCsv } from '../../src/server/export/csv';
import { sniffFileType } from '../../src/server/fileType';
import { addGrantee } from '../../src/server/grantees';
import { referenceOf } from '../../src/server/mail/compose';
import { receiveApplication } from '../../src/server/applications/receive';
import { recordFinanceDetails } from '../../src/server/finance/receive';
import { CLI_ACTOR } from '../../src/server/team/audit';
import { inviteMember } from '../../src/server/team/members';
import type { Role } from '../../src/server/team/roles';
import { SESSION_COOKIE } from '../../src/server/team/sessions';
import { describeUpload } from '../../src/server/uploads';
import { validFinanceCrypto, validProjectGrants } from '../../scripts/support/formAnswers';
import { SoftAuthenticator } from './support/softAuthenticator';
import { auditEntries, enrolMember, queuedBody, sessionCookieOf, signInMember, SITE, teamClient, tokenOf, type Member } from './support/teamClient';
import { BACKENDS, startTestServer, type TestServer } from './support/testServer';

const PROPOSAL = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024, 0x41)]);
const NOT_FOUND = { error: 'No encontramos esa solicitud.' };

const client = (server: TestServer, cookie: string | null) => teamClient(server.url, cookie);
const enrol = (server: TestServer, email: string, role: Role): Promise<Member> => enrolMember(server.url, server.database, email, role, resolveFinanceKeys(server.config).keyring);
const signIn = (server: TestServer, authenticator: SoftAuthenticator, settings: { origin?: string } = {}): Promise<Response> => signInMember(server.url, authenticator, settings);
const auditActions = (server: TestServer) => auditEntries(server.database);

for (const backend of BACKENDS) {
  describe(`team area API (${backend})`, () => {
    let server: TestServer;
    let projectRef: string;
    let financeRef: string;
    const members = {} as Record<Role, Member>;

    beforeAll(async () => {
      server = await startTestServer({ backend, env: { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
      const upload = describeUpload(PROPOSAL, (await sniffFileType(PROPOSAL))!, 'Propuesta "final" <v2>.pdf');
      const values = { ...validProjectGrants(), company: '=HYPERLINK("https://evil.example")', projectDescription: 'Talleres para comunidades rurales de desarrolladores en Oaxaca.' };
      const projectId = await receiveApplication(server.database, {
        form: 'project-grants',
        endpoint: '/api/project-grants',
        payload: formDefinitions['project-grants'].toPayload(values),
        upload,
      });
      projectRef = referenceOf('project-grants', projectId);
      const { grantee } = await addGrantee(server.database, 'Grantee Uno');
      const finance = await server.database.transaction((tx) => recordFinanceDetails(tx, grantee.id, formDefinitions['grantee-finance'].toPayload(validFinanceCrypto()), resolveFinanceKeys(server.config).keyring));
      financeRef = referenceOf('grantee-finance', finance.id);
      for (const role of ['admin', 'reviewer', 'finance'] as const) members[role] = await enrol(server, `${role}@example.org`, role);
      await inviteMember(server.database, { email: 'throwaway@example.org', role: 'reviewer', actor: CLI_ACTOR, siteOrigin: SITE, keys: resolveFinanceKeys(server.config).keyring });
    });
    afterAll(async () => {
      await server?.close();
    });

    describe('authorisation matrix', () => {
      // [method, path, body, anonymous, reviewer, finance, admin]: the statuses asserted below and in the report.
      const MATRIX: Array<[string, string, unknown, number, number, number, number]> = [
        ['GET', '/me', null, 401, 200, 200, 200],
        // The pages' probe: signed out is an answer, not a 401 (the browser would log it).
        ['GET', '/session', null, 200, 200, 200, 200],
        ['GET', '/sessions', null, 401, 200, 200, 200],
        ['POST', '/sessions/end', { id: 'not-a-session' }, 401, 404, 404, 404],
        ['POST', '/sessions/end-others', {}, 401, 204, 204, 204],
        ['POST', '/passkeys/options', {}, 401, 200, 200, 200],
        ['POST', '/passkeys/verify', { response: {} }, 401, 400, 400, 400],
        ['GET', '/applications', null, 401, 200, 200, 200],
        ['GET', '/applications?form=project-grants', null, 401, 200, 200, 200],
        ['GET', '/applications?form=grantee-finance', null, 401, 403, 200, 403],
        ['GET', '/applications/{project}', null, 401, 200, 200, 200],
        ['GET', '/applications/{finance}', null, 401, 404, 200, 404],
        ['GET', '/applications/{project}/file', null, 401, 200, 200, 200],
        ['GET', '/applications/{finance}/file', null, 401, 404, 404, 404],
        ['GET', '/export?form=project-grants', null, 401, 200, 200, 200],
        ['GET', '/export?form=grantee-finance', null, 401, 403, 200, 403],
        ['GET', '/members', null, 401, 403, 403, 200],
        ['POST', '/members/invite', { email: 'new-member@example.org', role: 'reviewer' }, 401, 403, 403, 200],
        ['POST', '/members/end-sessions', { email: 'throwaway@example.org' }, 401, 403, 403, 204],
        ['POST', '/members/revoke', { email: 'throwaway@example.org' }, 401, 403, 403, 204],
        ['GET', '/audit', null, 401, 403, 403, 200],
        ['POST', '/signout', {}, 401, 204, 204, 204],
      ];
      const CALLERS = ['anonymous', 'reviewer', 'finance', 'admin'] as const;

      it.each(CALLERS.map((caller, index) => [caller, index] as const))('%s gets exactly the statuses of the matrix on every team route', async (caller, index) => {
        const cookie = caller === 'anonymous' ? null : (await enrol(server, `matrix-${caller}-${backend}@example.org`, caller)).cookie;
        const api = client(server, cookie);
        const seen: string[] = [];
        const expected: string[] = [];
        for (const [method, template, body, ...statuses] of MATRIX) {
          const path = template.replace('{project}', projectRef).replace('{finance}', financeRef);
          const response = method === 'GET' ? await api.get(path) : await api.post(path, body);
          seen.push(`${method} ${template} → ${response.status}`);
          expected.push(`${method} ${template} → ${statuses[index]}`);
          if (response.status >= 400) expect(await response.json()).toEqual({ error: expect.any(String) });
          // Every team answer keeps the site's headers and is never cached.
          expect(response.headers.get('x-frame-options')).toBe('DENY');
          expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
          expect(response.headers.get('cache-control')).toBe('no-store');
        }
        expect(seen).toEqual(expected);
      });

      it('the public routes need no session: sign-in options for anyone, enrolment only with a valid link', async () => {
        const anonymous = client(server, null);
        const options = await anonymous.post('/signin/options');
        expect(options.status).toBe(200);
        const body = (await options.json()) as PublicKeyCredentialRequestOptionsJSON;
        expect(body.userVerification).toBe('required');
        expect(body.rpId).toBe('localhost');
        expect(body.allowCredentials ?? []).toEqual([]);
        expect((await anonymous.post('/enrol/options', { token: 'short' })).status).toBe(400);
        expect((await anonymous.post('/enrol/options', { token: 'A'.repeat(43) })).status).toBe(410);
        expect((await anonymous.post('/signin/verify', { response: 'nope' })).status).toBe(400);
      });
    });

    describe('enrolment and sign-in with real passkey responses', () => {
      it('enrols from the link, signs out, signs in again with a fresh cookie, and the link cannot be replayed', async () => {
        const { link } = await inviteMember(server.database, { email: 'Lucia@Example.org', role: 'reviewer', actor: CLI_ACTOR, siteOrigin: SITE, keys: resolveFinanceKeys(server.config).keyring });
        expect(link).toMatch(new RegExp(`^${SITE}/equipo/inscripcion/#t=[A-Za-z0-9_-]{43}$`));
        const token = tokenOf(link);
        const anonymous = client(server, null);
        const options = (await (await anonymous.post('/enrol/options', { token })).json()) as PublicKeyCredentialCreationOptionsJSON;
        expect(options.rp.id).toBe('localhost');
        expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
        const authenticator = new SoftAuthenticator(SITE);
        const registration = authenticator.create(options);
        const enrolled = await anonymous.post('/enrol/verify', { token, response: registration });
        expect(enrolled.status).toBe(200);
        expect(await enrolled.json()).toEqual({ email: 'Lucia@Example.org', role: 'reviewer' });
        const setCookie = enrolled.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
        expect(setCookie).toMatch(/^__Host-equipo=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
        const firstCookie = sessionCookieOf(enrolled);

        // The link is single use, and so is the signed registration.
        expect((await anonymous.post('/enrol/options', { token })).status).toBe(410);
        expect((await anonymous.post('/enrol/verify', { token, response: registration })).status).toBe(410);

        const me = client(server, firstCookie);
        expect(await (await me.get('/me')).json()).toEqual({ email: 'Lucia@Example.org', role: 'reviewer' });
        const signedOut = await me.post('/signout');
        expect(signedOut.status).toBe(204);
        expect(signedOut.headers.getSetCookie()[0]).toMatch(/^__Host-equipo=; .*Expires=Thu, 01 Jan 1970/);
        expect((await me.get('/me')).status).toBe(401);
        // The pages' probe says the same without a 401.
        const probe = await me.get('/session');
        expect(probe.status).toBe(200);
        expect(await probe.json()).toEqual({ signedIn: false });

        const signedIn = await signIn(server, authenticator);
        expect(signedIn.status).toBe(200);
        expect(await signedIn.json()).toEqual({ email: 'Lucia@Example.org', role: 'reviewer' });
        const secondCookie = sessionCookieOf(signedIn);
        expect(secondCookie).not.toBe(firstCookie);
        expect((await client(server, secondCookie).get('/me')).status).toBe(200);
        expect(await (await client(server, secondCookie).get('/session')).json()).toEqual({ signedIn: true, email: 'Lucia@Example.org', role: 'reviewer' });

        const log = await auditActions(server);
        expect(log).toEqual(expect.arrayContaining([
          { actor: CLI_ACTOR, action: 'invite', target: 'Lucia@Example.org (reviewer)' },
          { actor: 'Lucia@Example.org', action: 'enrol', target: '' },
          { actor: 'Lucia@Example.org', action: 'sign-out', target: '' },
          { actor: 'Lucia@Example.org', action: 'sign-in', target: '' },
        ]));
      });

      it('refuses a replayed assertion, another origin, an unknown passkey and a registration without user verification', async () => {
        const { authenticator } = members.reviewer;
        const anonymous = client(server, null);
        const options = (await (await anonymous.post('/signin/options')).json()) as PublicKeyCredentialRequestOptionsJSON;
        const assertion = authenticator.get(options);
        expect((await anonymous.post('/signin/verify', { response: assertion })).status).toBe(200);
        expect((await anonymous.post('/signin/verify', { response: assertion })).status).toBe(401);
        expect((await signIn(server, authenticator, { origin: 'https://evil.example' })).status).toBe(401);
        const stranger = new SoftAuthenticator(SITE);
        stranger.create({ challenge: options.challenge, rp: { id: 'localhost', name: 'Elsewhere' }, user: { id: 'c3RyYW5nZXI', name: 'stranger', displayName: 'stranger' }, pubKeyCredParams: [] });
        expect((await signIn(server, stranger)).status).toBe(401);

        const { link } = await inviteMember(server.database, { email: 'no-uv@example.org', role: 'reviewer', actor: CLI_ACTOR, siteOrigin: SITE, keys: resolveFinanceKeys(server.config).keyring });
        const token = tokenOf(link);
        const creation = (await (await anonymous.post('/enrol/options', { token })).json()) as PublicKeyCredentialCreationOptionsJSON;
        const refused = await anonymous.post('/enrol/verify', { token, response: new SoftAuthenticator(SITE).create(creation, { userVerified: false }) });
        expect(refused.status).toBe(400);
        // The failed attempt did not use up the link.
        expect((await anonymous.post('/enrol/options', { token })).status).toBe(200);
      });

      it('a signed-in member adds a second passkey and signs in with either', async () => {
        const member = await enrol(server, `two-keys-${backend}@example.org`, 'finance');
        const api = client(server, member.cookie);
        const options = (await (await api.post('/passkeys/options')).json()) as PublicKeyCredentialCreationOptionsJSON;
        expect(options.excludeCredentials).toHaveLength(1);
        expect((await api.post('/passkeys/verify', { response: member.authenticator.create(options) })).status).toBe(200);
        expect((await signIn(server, member.authenticator)).status).toBe(200);
        const anonymous = client(server, null);
        const request = (await (await anonymous.post('/signin/options')).json()) as PublicKeyCredentialRequestOptionsJSON;
        expect((await anonymous.post('/signin/verify', { response: member.authenticator.get(request, { credentialIndex: 1 }) })).status).toBe(200);
      });

      it('adds a passkey only within 10 minutes of signing in', async () => {
        const member = await enrol(server, `stale-${backend}@example.org`, 'reviewer');
        await server.database.query("UPDATE team_sessions SET created_at = now() - interval '11 minutes' WHERE member_id = (SELECT id FROM team_members WHERE email = $1)", [member.email]);
        const api = client(server, member.cookie);
        const refused = await api.post('/passkeys/options');
        expect(refused.status).toBe(401);
        expect(await refused.json()).toEqual({ error: 'Por seguridad, vuelve a iniciar sesión con tu llave de acceso antes de agregar otra.' });
        // Still signed in for reading.
        expect((await api.get('/me')).status).toBe(200);
        const fresh = client(server, sessionCookieOf(await signIn(server, member.authenticator)));
        expect((await fresh.post('/passkeys/options')).status).toBe(200);
      });
    });

    describe('sessions', () => {
      const setSessionClock = (email: string, column: 'last_seen_at' | 'created_at', minutesAgo: number) =>
        server.database.query(`UPDATE team_sessions SET ${column} = now() - $2 * interval '1 minute' WHERE member_id = (SELECT id FROM team_members WHERE email = $1)`, [email, minutesAgo]);

      it('ends after 30 minutes idle, not before', async () => {
        const member = await enrol(server, `idle-${backend}@example.org`, 'reviewer');
        await setSessionClock(member.email, 'last_seen_at', 29);
        expect((await client(server, member.cookie).get('/me')).status).toBe(200);
        await setSessionClock(member.email, 'last_seen_at', 31);
        expect((await client(server, member.cookie).get('/me')).status).toBe(401);
      });

      it('ends 12 hours after sign-in even while in use', async () => {
        const member = await enrol(server, `absolute-${backend}@example.org`, 'reviewer');
        await setSessionClock(member.email, 'created_at', 11 * 60 + 59);
        expect((await client(server, member.cookie).get('/me')).status).toBe(200);
        await setSessionClock(member.email, 'created_at', 12 * 60 + 1);
        expect((await client(server, member.cookie).get('/me')).status).toBe(401);
      });

      it('a member lists their own sessions and ends one; another member cannot end it', async () => {
        const member = await enrol(server, `sessions-${backend}@example.org`, 'reviewer');
        const other = (await signIn(server, member.authenticator));
        const otherCookie = sessionCookieOf(other);
        const list = (await (await client(server, member.cookie).get('/sessions')).json()) as { sessions: Array<{ id: string; current: boolean; createdAt: string; lastSeenAt: string }> };
        expect(list.sessions).toHaveLength(2);
        expect(list.sessions.filter((session) => session.current)).toHaveLength(1);
        const otherSession = list.sessions.find((session) => !session.current)!;
        expect((await client(server, members.admin.cookie).post('/sessions/end', { id: otherSession.id })).status).toBe(404);
        expect((await client(server, otherCookie).get('/me')).status).toBe(200);
        expect((await client(server, member.cookie).post('/sessions/end', { id: otherSession.id })).status).toBe(204);
        expect((await client(server, otherCookie).get('/me')).status).toBe(401);
        expect((await client(server, member.cookie).get('/me')).status).toBe(200);
      });

      it('a member ends all their other sessions at once; an admin ends all of someone\'s', async () => {
        const member = await enrol(server, `others-${backend}@example.org`, 'reviewer');
        const others = [sessionCookieOf(await signIn(server, member.authenticator)), sessionCookieOf(await signIn(server, member.authenticator))];
        expect((await client(server, member.cookie).post('/sessions/end-others')).status).toBe(204);
        for (const cookie of others) expect((await client(server, cookie).get('/me')).status).toBe(401);
        expect((await client(server, member.cookie).get('/me')).status).toBe(200);
        expect((await client(server, members.admin.cookie).post('/members/end-sessions', { email: member.email })).status).toBe(204);
        expect((await client(server, member.cookie).get('/me')).status).toBe(401);
        // Still a member: the passkey signs in again.
        expect((await signIn(server, member.authenticator)).status).toBe(200);
        expect(await auditActions(server)).toContainEqual({ actor: members.admin.email, action: 'end-sessions', target: member.email });
      });

      it('revoking a member ends all their sessions and their passkey no longer signs in', async () => {
        const member = await enrol(server, `revoked-${backend}@example.org`, 'finance');
        const second = sessionCookieOf(await signIn(server, member.authenticator));
        const admin = client(server, members.admin.cookie);
        expect((await admin.post('/members/revoke', { email: member.email })).status).toBe(204);
        expect((await client(server, member.cookie).get('/me')).status).toBe(401);
        expect((await client(server, second).get('/applications')).status).toBe(401);
        expect((await signIn(server, member.authenticator)).status).toBe(401);
        expect(await auditActions(server)).toContainEqual({ actor: members.admin.email, action: 'revoke', target: member.email });
      });
    });

    describe('request checks', () => {
      it('refuses a state change from another origin, without an Origin, or without a JSON body', async () => {
        const admin = client(server, members.admin.cookie);
        const invite = { email: `cross-${backend}@example.org`, role: 'admin' };
        const crossSite = await admin.post('/members/invite', invite, { origin: 'https://evil.example' });
        expect(crossSite.status).toBe(403);
        expect(await crossSite.json()).toEqual({ error: expect.any(String) });
        const noOrigin = await fetch(`${server.url}/api/team/members/invite`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: members.admin.cookie }, body: JSON.stringify(invite) });
        expect(noOrigin.status).toBe(403);
        expect(await noOrigin.json()).toEqual({ error: 'No pudimos procesar tu envío. Recarga la página e inténtalo de nuevo.' });
        const asForm = await fetch(`${server.url}/api/team/members/invite`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, cookie: members.admin.cookie }, body: 'email=x@example.org&role=admin' });
        expect(asForm.status).toBe(415);
        const emptyBody = await fetch(`${server.url}/api/team/signout`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE, cookie: members.admin.cookie } });
        expect(emptyBody.status).toBe(400);
        const members_ = (await (await admin.get('/members')).json()) as { members: Array<{ email: string }> };
        expect(members_.members.map((member) => member.email)).not.toContain(invite.email);
      });

      it('answers the same 404 for a missing, malformed or forbidden application id', async () => {
        const reviewer = client(server, members.reviewer.cookie);
        for (const id of ['PG-999999', 'PG-1', 'XX-000001', '1', "PG-000001'", financeRef]) {
          for (const suffix of ['', '/file']) {
            const response = await reviewer.get(`/applications/${encodeURIComponent(id)}${suffix}`);
            expect(response.status).toBe(404);
            expect(await response.json()).toEqual(NOT_FOUND);
          }
        }
      });

      it('refuses malformed filters with 400, never a 5xx', async () => {
        const reviewer = client(server, members.reviewer.cookie);
        for (const query of ['form=nope', 'from=2026-13-01', 'to=yesterday', 'page=0', 'page=-1', 'page=abc', `q=${'x'.repeat(201)}`, 'q=a&q=b']) {
          const response = await reviewer.get(`/applications?${query}`);
          expect(response.status, query).toBe(400);
        }
        expect((await reviewer.get('/export')).status).toBe(400);
        expect((await reviewer.get(`/applications?q=${encodeURIComponent('"unclosed & | ! (')}`)).status).toBe(200);
      });
    });

    describe('reading applications', () => {
      it('lists with filters and full-text search in Spanish and English, and pages', async () => {
        const reviewer = client(server, members.reviewer.cookie);
        const all = (await (await reviewer.get('/applications')).json()) as { items: Array<Record<string, unknown>>; total: number; page: number; pageSize: number };
        expect(all.items.map((item) => item.id)).toEqual([projectRef]);
        expect(all.items[0]).toEqual({ id: projectRef, reference: projectRef, form: 'project-grants', name: 'Ana Pérez', organisation: expect.any(String), submittedAt: expect.any(String), hasFile: true, status: 'received', assignee: null,
          reviewers: [], aggregate: { score: null, reviewsDone: 0, reviewsAssigned: 0, spread: null, disagreement: false }, blind: false });
        expect(all).toMatchObject({ total: 1, page: 1 });
        const ids = async (query: string, api = reviewer) => ((await (await api.get(`/applications?${query}`)).json()) as { items: Array<{ id: string }> }).items.map((item) => item.id);
        // Spanish stemming finds "comunidades" from "comunidad"; English finds "developers" from "developer".
        expect(await ids('q=comunidad')).toEqual([projectRef]);
        expect(await ids('q=inexistente')).toEqual([]);
        const today = new Date().toISOString().slice(0, 10);
        expect(await ids(`from=${today}&to=${today}`)).toEqual([projectRef]);
        expect(await ids('to=2000-01-01')).toEqual([]);
        expect(await ids('page=2')).toEqual([]);
        const finance = client(server, members.finance.cookie);
        expect(await ids('', finance)).toEqual([financeRef, projectRef]);
        expect(await ids('form=grantee-finance', finance)).toEqual([financeRef]);
      });

      it('shows every answer under its form label in section order, and audits the view', async () => {
        const reviewer = client(server, members.reviewer.cookie);
        const detail = (await (await reviewer.get(`/applications/${projectRef}`)).json()) as {
          sections: Array<{ title: string; answers: Array<{ name: string; label: string; value: string }> }>;
          file: unknown;
          programme: string;
        };
        const definition = formDefinitions['project-grants'];
        const sectionOrder = definition.sections.map((section) => section.title);
        const titles = detail.sections.map((section) => section.title);
        expect(titles).toEqual(sectionOrder.filter((title) => titles.includes(title)));
        const answers = detail.sections.flatMap((section) => section.answers);
        expect(answers.find((answer) => answer.name === 'firstName')).toEqual({ name: 'firstName', label: definition.fields.find((field) => field.name === 'firstName')!.label, value: 'Ana' });
        expect(answers.some((answer) => answer.name === 'captchaToken' || answer.name === 'uploadProposal')).toBe(false);
        expect(detail.file).toEqual({ name: 'Propuesta "final" <v2>.pdf', mediaType: 'application/pdf', size: PROPOSAL.length });
        expect(detail.programme).toBe('Project Grants');
        expect(await auditActions(server)).toContainEqual({ actor: members.reviewer.email, action: 'view-application', target: projectRef });
      });

      it('shows payment details to finance only, audited as such', async () => {
        const finance = client(server, members.finance.cookie);
        const detail = (await (await finance.get(`/applications/${financeRef}`)).json()) as { sections: Array<{ answers: Array<{ name: string; value: string }> }> };
        const answers = detail.sections.flatMap((section) => section.answers);
        expect(answers.find((answer) => answer.name === 'ethAddress')?.value).toBe(validFinanceCrypto().ethAddress);
        expect(answers.some((answer) => answer.name === 'granteeSecurityID')).toBe(false);
        expect(await auditActions(server)).toContainEqual({ actor: members.finance.email, action: 'view-payment-details', target: financeRef });
        // Decryption is for the finance role only; an admin gets the reviewer's 404.
        const admin = client(server, members.admin.cookie);
        const refused = await admin.get(`/applications/${financeRef}`);
        expect(refused.status).toBe(404);
        expect(await refused.json()).toEqual(NOT_FOUND);
        expect(await auditActions(server)).not.toContainEqual({ actor: members.admin.email, action: 'view-payment-details', target: financeRef });
      });

      it('reports payment details that fail to decrypt instead of showing them, in the detail and the export', async () => {
        const finance = client(server, members.finance.cookie);
        const rowId = financeRef.replace(/^GF-0*/, '');
        const [saved] = await server.database.query<{ tag: Uint8Array }>('SELECT payload_auth_tag AS tag FROM grantee_finance_versions WHERE id = $1', [rowId]);
        await server.database.query("UPDATE grantee_finance_versions SET payload_auth_tag = decode(repeat('00', 16), 'hex') WHERE id = $1", [rowId]);
        try {
          const response = await finance.get(`/applications/${financeRef}`);
          expect(response.status).toBe(200);
          const body = await response.text();
          expect(JSON.parse(body)).toMatchObject({ reference: financeRef, sections: [], unreadable: expect.stringContaining('No pudimos descifrar') });
          expect(body).not.toContain(validFinanceCrypto().ethAddress);
          expect(await auditActions(server)).toContainEqual({ actor: members.finance.email, action: 'payment-details-unreadable', target: financeRef });
          const exported = await finance.get('/export?form=grantee-finance');
          expect(exported.status).toBe(500);
          expect(((await exported.json()) as { error: string }).error).toContain(`No pudimos descifrar los datos de pago de ${financeRef}`);
        } finally {
          await server.database.query('UPDATE grantee_finance_versions SET payload_auth_tag = $2 WHERE id = $1', [rowId, Buffer.from(saved!.tag)]);
        }
      });

      it('downloads the proposal as an attachment with a safe name, its sniffed type, nosniff and a sandboxing CSP', async () => {
        const response = await client(server, members.reviewer.cookie).get(`/applications/${projectRef}/file`);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(PROPOSAL)).toBe(true);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${projectRef}-Propuesta_final_v2.pdf"`);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'; frame-ancestors 'none'");
        expect(await auditActions(server)).toContainEqual({ actor: members.reviewer.email, action: 'download-file', target: `${projectRef}-Propuesta_final_v2.pdf` });
      });

      it('exports the filter as the CLI does, from the same code, and audits it', async () => {
        const reviewer = client(server, members.reviewer.cookie);
        const response = await reviewer.get('/export?form=project-grants&q=comunidad');
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="project-grants-\d{4}-\d{2}-\d{2}\.csv"$/);
        const [reviewerRow] = await server.database.query<{ id: string }>('SELECT id::text AS id FROM team_members WHERE email = $1', [members.reviewer.email]);
        const viewer = { memberId: reviewerRow!.id, role: 'reviewer' as const, blindRounds: [] };
        const table = await exportApplications(server.database, formDefinitions['project-grants'], { since: null, search: 'comunidad' }, undefined, { viewer, review: server.config.review });
        const csv = await response.text();
        expect(csv).toBe(toCsv(table.headers, table.rows).replace(/^\uFEFF/, ''));
        // Formula neutralisation, as in the CLI's default: the cell starts with a quote.
        expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
        const none = await (await reviewer.get('/export?form=project-grants&q=inexistente')).text();
        expect(none.trim().split('\n')).toHaveLength(1);
        expect(await auditActions(server)).toContainEqual({ actor: members.reviewer.email, action: 'export', target: 'form=project-grants q=comunidad (1)' });
      });
    });

    describe('members and audit log', () => {
      it('an admin invites (the link is queued by email), lists members and reads the audit log', async () => {
        const admin = client(server, members.admin.cookie);
        const invited = await admin.post('/members/invite', { email: `invitee-${backend}@example.org`, role: 'finance' });
        expect(invited.status).toBe(200);
        const { link } = (await invited.json()) as { link: string };
        expect(await queuedBody(server.database, 'team-invite', `invitee-${backend}@example.org`, resolveFinanceKeys(server.config).keyring)).toContain(link);
        expect((await admin.post('/members/invite', { email: members.reviewer.email, role: 'admin' })).status).toBe(409);
        const badEmail = await admin.post('/members/invite', { email: 'not an email', role: 'admin' });
        expect([badEmail.status, await badEmail.json()]).toEqual([400, { error: 'Escribe un correo electrónico válido.' }]);
        const badRole = await admin.post('/members/invite', { email: 'ok@example.org', role: 'owner' });
        expect([badRole.status, await badRole.json()]).toEqual([400, { error: 'El rol debe ser uno de: admin, reviewer, finance.' }]);
        const list = (await (await admin.get('/members')).json()) as { members: Array<{ email: string; role: string; passkeys: number }> };
        expect(list.members).toContainEqual(expect.objectContaining({ email: members.finance.email, role: 'finance', passkeys: 1 }));
        const audit = (await (await admin.get('/audit')).json()) as { items: Array<{ at: string; actor: string; action: string; target: string }>; total: number };
        expect(audit.items[0]).toEqual({ at: expect.any(String), actor: members.admin.email, action: 'invite', target: `invitee-${backend}@example.org (finance)` });
        expect(audit.total).toBeGreaterThan(10);
      });

      it('the database refuses to change or delete audit entries', async () => {
        await expect(server.database.query("UPDATE team_audit_log SET actor = 'someone else'")).rejects.toThrow(/append-only/);
        await expect(server.database.query('DELETE FROM team_audit_log')).rejects.toThrow(/append-only/);
        // A kept payment's tombstone reference (migration 18) refuses a plain TRUNCATE first; CASCADE reaches the trigger.
        await expect(server.database.query('TRUNCATE team_audit_log')).rejects.toThrow(/append-only|referenced in a foreign key/);
        await expect(server.database.query('TRUNCATE team_audit_log CASCADE')).rejects.toThrow(/append-only/);
      });
    });
  });
}

describe('sign-in rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 in Spanish after the limit of attempts per minute', async () => {
    const anonymous = client(server, null);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await anonymous.post('/signin/verify', { response: {} })).status).toBe(400);
    const limited = await anonymous.post('/signin/verify', { response: {} });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'Demasiados intentos: espera un minuto e inténtalo de nuevo.' });
  });
});

describe('npm run team (on PostgreSQL, while the server runs)', () => {
  let server: TestServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer({ backend: 'postgres' });
    env = { DATABASE_URL: server.config.databaseUrl!, DATA_DIR: server.config.dataDir, NEXT_PUBLIC_SITE_URL: SITE };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('invites with a single-use link queued by email, lists and revokes', async () => {
    const lines = await runTeamCommand(['invite', 'you@example.org', '--role', 'admin'], env);
    expect(lines[0]).toMatch(/^Invited you@example.org as admin\. Enrolment link \(single use, expires in 24 h, at /);
    const link = lines[1]!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/equipo\/inscripcion\/#t=[A-Za-z0-9_-]{43}$/);
    // Sealed under the key the server uses (DATA_DIR/finance.key here), so the server's worker can send it.
    expect(await queuedBody(server.database, 'team-invite', 'you@example.org', resolveFinanceKeys(server.config).keyring)).toContain(link);
    const [stored] = await server.database.query<{ hours: number }>('SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM team_enrolment_links');
    expect(stored?.hours).toBe(24);

    // The running server takes the link.
    const options = await client(server, null).post('/enrol/options', { token: tokenOf(link) });
    expect(options.status).toBe(200);
    expect(await runTeamCommand(['list'], env)).toEqual([expect.stringMatching(/^you@example\.org\tadmin\tinvited, not enrolled\tsince /)]);
    expect(await runTeamCommand(['revoke', 'you@example.org'], env)).toEqual(['Revoked you@example.org: their sessions ended and their passkeys were removed.']);
    expect((await client(server, null).post('/enrol/options', { token: tokenOf(link) })).status).toBe(410);
    await expect(runTeamCommand(['invite', 'you@example.org', '--role', 'owner'], env)).rejects.toThrow(TeamUsageError);
    await expect(runTeamCommand(['revoke', 'nobody@example.org'], env)).rejects.toThrow('No active member nobody@example.org.');
  });
});
