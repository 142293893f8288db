import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_AFTER_FIRST_PAINT } from '../../scripts/postexport';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { CLI_ACTOR } from '../../src/server/team/audit';
import { revokeMember } from '../../src/server/team/members';
import { enrolMember, type Member } from './support/teamClient';
import { startTestServer, type TestServer } from './support/testServer';

/** The team's pages as the server serves them: a page that needs a session is not served without one. */

const outDir = path.resolve(__dirname, '../../out');
const html = (route: string): string => fs.readFileSync(path.join(outDir, route, 'index.html'), 'utf8');
const page = (server: TestServer, route: string, cookie?: string) => fetch(server.url + route, { redirect: 'manual', headers: cookie ? { cookie } : {} });

describe("the team's pages", () => {
  let server: TestServer;
  let admin: Member;
  beforeAll(async () => {
    server = await startTestServer({ env: { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
    admin = await enrolMember(server.url, server.database, 'admin@example.org', 'admin', resolveFinanceKeys(server.config).keyring);
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends a visitor without a session to sign in, to come back to the page and its query, before any of the page loads', async () => {
    for (const [asked, volver] of [
      ['/equipo/solicitudes/', '/equipo/solicitudes/'],
      ['/equipo/solicitudes/?form=small-grants&round=2', '/equipo/solicitudes/?form=small-grants&round=2'],
      ['/equipo/solicitud/?id=PG-000001', '/equipo/solicitud/?id=PG-000001'],
      ['/equipo/pagos', '/equipo/pagos/'],
      ['/equipo/mis-revisiones/index.html', '/equipo/mis-revisiones/'],
    ]) {
      const response = await page(server, asked!);
      expect(response.status, asked).toBe(303);
      expect(response.headers.get('location'), asked).toBe(`/equipo/?volver=${encodeURIComponent(volver!)}`);
      expect(response.headers.get('cache-control'), asked).toBe('no-store');
      expect(await response.text(), asked).toBe('');
    }
    const head = await fetch(`${server.url}/equipo/cifras/`, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(303);
  });

  it('treats an unknown, malformed or ended session as none', async () => {
    expect((await page(server, '/equipo/solicitudes/', '__Host-equipo=not-a-token')).status).toBe(303);
    expect((await page(server, '/equipo/solicitudes/', `__Host-equipo=${'A'.repeat(43)}`)).status).toBe(303);
    const leaving = await enrolMember(server.url, server.database, 'se-va@example.org', 'reviewer', resolveFinanceKeys(server.config).keyring);
    expect((await page(server, '/equipo/solicitudes/', leaving.cookie)).status).toBe(200);
    await revokeMember(server.database, leaving.email, CLI_ACTOR);
    expect((await page(server, '/equipo/solicitudes/', leaving.cookie)).status).toBe(303);
  });

  it('serves sign-in and enrolment to anyone, and every page to a member, as built', async () => {
    for (const route of ['/equipo/', '/equipo/inscripcion/']) {
      const response = await page(server, route);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toBe(html(route));
    }
    for (const route of ['/equipo/solicitudes/', '/equipo/pagos/', '/equipo/datos/']) {
      const response = await page(server, route, admin.cookie);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toBe(html(route));
    }
  });

  it('start their scripts after the first paint, with the sign-in button disabled until they run', async () => {
    const signIn = await (await page(server, '/equipo/')).text();
    expect(signIn).not.toMatch(/<script src="[^"]+" defer=""><\/script>/);
    expect(signIn).toContain(`<script>(${START_AFTER_FIRST_PAINT})(`);
    expect(signIn).toMatch(/<button type="button" class="[^"]+" disabled="" aria-busy="false">Ingresar con llave de acceso<\/button>/);
  });
});
