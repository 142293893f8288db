import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions } from '../../src/forms/definitions';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { NEWSLETTER_CONFIRM_PATH, NEWSLETTER_UNSUBSCRIBE_PATH, referenceOf } from '../../src/server/mail/compose';
import type { RunningServer } from '../../src/server/main';
import { insertSubmission } from '../../src/server/storage/submissions';
import { validOfficeHours, validProjectGrants } from '../../scripts/support/formAnswers';
import { freePortInRange, npmRun } from './support/npmRun';
import { createRestartableStorage, eventually, FAST_RETRY_ENV, type RestartableStorage } from './support/restartableServer';
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from './support/smtpSink';
import { enrolMember, SITE, teamClient, tokenOf, type Member } from './support/teamClient';
import { postJson, startTestServer, type TestServer } from './support/testServer';

/**
 * What the server leaves on its own disk, and how it reads a URL: the data folder is
 * owner-only whatever the umask; no secret that travels by email is in any file of the data folder
 * (tables, indexes, the write-ahead log) or in a backup; the cross-site check holds for every
 * spelling of a route's path; the team API trusts no Origin derived from the request's Host; the
 * team pages have their own, smaller Content-Security-Policy.
 */

const projectDir = path.resolve(__dirname, '../..');
const TSX = path.join(projectDir, 'node_modules/.bin/tsx');
/** Server starts in another process, a backup through the socket: slow on a shared machine. */
const SLOW = 180_000;

type Started = { readonly exit: Promise<number | null>; readonly output: () => string; stop(): Promise<number | null> };

/** `npm start` (scripts/start.ts) in its own process under `umask 000`, on a static export of one page (so it does not build). */
function startUnderUmask000(env: Record<string, string>): Started {
  const child = spawn('sh', ['-c', 'umask 000 && exec "$0" scripts/start.ts', TSX], { cwd: projectDir, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    exit,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      return exit;
    },
  };
}

/** Every entry under `dir` (itself included) that the group or others may use, with its mode. */
function sharedEntries(dir: string): string[] {
  const found: string[] = [];
  const visit = (entry: string): void => {
    const stats = fs.lstatSync(entry);
    if ((stats.mode & 0o077) !== 0) found.push(`${(stats.mode & 0o777).toString(8)} ${path.relative(dir, entry) || '.'}`);
    if (stats.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return found;
}

describe('the data folder is owner-only', () => {
  let tmp: string;
  let outDir: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'private-data-'));
    outDir = path.join(tmp, 'out');
    fs.mkdirSync(outDir);
    fs.writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><title>x</title>');
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const startOn = async (dataDir: string): Promise<Started> => {
    const server = startUnderUmask000({ DATA_DIR: dataDir, OUT_DIR: outDir, PORT: String(await freePortInRange()), HOST: '127.0.0.1' });
    await Promise.race([eventually(() => server.output().includes('Serving the site'), 120_000), server.exit.then((code) => Promise.reject(new Error(`exited ${code}: ${server.output()}`)))]);
    return server;
  };

  it('a fresh DATA_DIR started under umask 000: the folder 0700, every folder in it 0700, every file (database, WAL, lock, key) and socket 0600', async () => {
    const dataDir = path.join(tmp, 'fresh');
    const server = await startOn(dataDir);
    try {
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(fs.existsSync(path.join(dataDir, 'pglite/pg_wal'))).toBe(true);
      expect(sharedEntries(dataDir)).toEqual([]);
      const files = fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      expect(files.length).toBeGreaterThan(500);
      for (const file of files) expect(fs.statSync(path.join(file.parentPath, file.name)).mode & 0o777, file.name).toBe(0o600);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // What the stopped server left (WAL written while it ran, the tables) is private too.
    expect(sharedEntries(dataDir)).toEqual([]);
  }, SLOW);

  it('tightens a folder an earlier version left readable to all, and says so', async () => {
    const dataDir = path.join(tmp, 'loose');
    await (await startOn(dataDir)).stop();
    const loosen = (entry: string): void => {
      const stats = fs.lstatSync(entry);
      fs.chmodSync(entry, stats.isDirectory() ? 0o777 : 0o666);
      if (stats.isDirectory()) for (const name of fs.readdirSync(entry)) loosen(path.join(entry, name));
    };
    loosen(dataDir);
    expect(sharedEntries(dataDir).length).toBeGreaterThan(500);
    const server = await startOn(dataDir);
    try {
      const tightened = new RegExp(`Made \\d{3,} folders and files in ${dataDir} owner-only \\(folders 0700, files 0600\\)`);
      // The line follows 'Serving the site' in a write of its own, which a loaded machine may deliver a moment later.
      await eventually(() => tightened.test(server.output()), 10_000).catch(() => undefined);
      expect(server.output()).toMatch(tightened);
      expect(sharedEntries(dataDir)).toEqual([]);
    } finally {
      await server.stop();
    }
  }, SLOW);

  it('refuses to start, with a clear message and exit code 1, on a folder it cannot make private', async () => {
    // procfs ignores chmod for every account, root included: a folder that cannot be made private.
    const server = startUnderUmask000({ DATA_DIR: '/proc/1', OUT_DIR: outDir, PORT: String(await freePortInRange()), HOST: '127.0.0.1' });
    expect(await server.exit).toBe(1);
    expect(server.output()).toContain('npm start: Cannot make /proc/1 private');
    expect(server.output()).not.toContain('Serving the site');
  }, SLOW);
});

/** Every file under `dir` that holds `secret` as bytes, with how many times. */
function filesHolding(dir: string, secret: string): string[] {
  const needle = Buffer.from(secret, 'utf8');
  const hits: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const bytes = fs.readFileSync(path.join(entry.parentPath, entry.name));
    let count = 0;
    for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) count += 1;
    if (count > 0) hits.push(`${path.relative(dir, path.join(entry.parentPath, entry.name))}: ${count}`);
  }
  return hits;
}

describe('no secret that travels by email is written in clear (PGlite: data folder, WAL, backup)', () => {
  let sink: SmtpSink;
  let storage: RestartableStorage;
  let server: RunningServer;
  let admin: Member;
  const secrets: Record<string, string> = {};

  const arrived = async (match: (email: ReceivedEmail) => boolean): Promise<ReceivedEmail> => {
    await eventually(() => sink.received.some(match));
    return sink.received.find(match)!;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    storage = await createRestartableStorage('pglite');
    server = await storage.start({ SMTP_URL: sink.url, MAIL_FROM: '"Cadena Academy" <hola@example.org>', ...FAST_RETRY_ENV }, { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' });
    admin = await enrolMember(server.address, server.database, 'admin@example.org', 'admin', storage.keys());
    const api = teamClient(server.address, admin.cookie);

    // A team invitation, left unused: its link enrols a passkey as that member.
    const invited = await api.post('/members/invite', { email: 'nueva@example.org', role: 'admin' });
    expect(invited.status).toBe(200);
    secrets['invitation token'] = tokenOf(((await invited.json()) as { link: string }).link);
    const invitation = await arrived((email) => email.envelopeTo.includes('nueva@example.org'));
    expect(invitation.text).toContain(secrets['invitation token']);

    // A grantee ID issued from an approved application: it files payment details.
    const id = await insertSubmission(server.database, { form: 'project-grants', endpoint: endpoints.projectGrants.path, payload: formDefinitions['project-grants'].toPayload(validProjectGrants()), upload: null, roundId: null });
    const reference = referenceOf('project-grants', id);
    expect((await api.post('/applications/status', { references: [reference], status: 'in_review' })).status).toBe(200);
    expect((await api.post(`/applications/${reference}/decision`, { status: 'approved', reason: 'meets-criteria' })).status).toBe(200);
    expect((await api.post(`/applications/${reference}/grantee`)).status).toBe(201);
    const granteeEmail = await arrived((email) => email.headers.subject === `Tu ID de seguridad (Security Grantee ID) para Project Grants (${reference})`);
    secrets['grantee ID'] = /^[0-9A-HJKMNP-TV-Z]{18}$/m.exec(granteeEmail.text)![0];

    // A newsletter sign-up: the confirmation and the unsubscribe tokens.
    expect((await postJson(server.address + endpoints.newsletterSignup.path, { email: 'lectora@example.org' })).status).toBe(201);
    const newsletter = await arrived((email) => email.envelopeTo.includes('lectora@example.org'));
    secrets['newsletter confirmation token'] = /confirm\?token=([A-Za-z0-9_-]+)/.exec(newsletter.text)![1]!;
    secrets['newsletter unsubscribe token'] = /unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(newsletter.text)![1]!;
    // Every email has left the outbox (its sealed body is blanked).
    await eventually(async () => (await server.database.query("SELECT 1 FROM mail_outbox WHERE status = 'pending'")).length === 0);
  }, SLOW);
  afterAll(async () => {
    await server?.stop();
    await storage?.close();
    await sink?.close();
  });

  it('npm run backup, taken while the server runs, holds none of them', async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'backup-')), 'backup.sql');
    const result = await npmRun('backup', ['--out', out], storage.env);
    expect(result.code, result.stderr).toBe(0);
    const dump = fs.readFileSync(out, 'utf8');
    // The dump is real: the invitation's member and the subscriber are in it.
    expect(dump).toContain('nueva@example.org');
    expect(dump).toContain('lectora@example.org');
    for (const [kind, secret] of Object.entries(secrets)) expect(dump.split(secret).length - 1, kind).toBe(0);
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }, SLOW);

  it('no file of the data folder holds any of them, the write-ahead log (pg_wal) included, while the server runs and after it stops', async () => {
    const dataDir = storage.env.DATA_DIR!;
    expect(fs.readdirSync(path.join(dataDir, 'pglite/pg_wal')).some((name) => /^[0-9A-F]{24}$/.test(name))).toBe(true);
    for (const [kind, secret] of Object.entries(secrets)) expect(filesHolding(dataDir, secret), kind).toEqual([]);
    await server.stop();
    for (const [kind, secret] of Object.entries(secrets)) expect(filesHolding(dataDir, secret), kind).toEqual([]);
    // The secrets still work where they are meant to: the server opens what it sealed.
    server = await storage.start({});
    const unsubscribe = await fetch(server.address + NEWSLETTER_UNSUBSCRIBE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: secrets['newsletter unsubscribe token']! }),
    });
    expect(unsubscribe.status).toBe(200);
  }, SLOW);
});

/** A path with its character at `index` percent-encoded (`upper`: hex letters in upper case). */
const encodeAt = (urlPath: string, index: number, upper: boolean): string => {
  const hex = urlPath.charCodeAt(index).toString(16);
  return `${urlPath.slice(0, index)}%${upper ? hex.toUpperCase() : hex}${urlPath.slice(index + 1)}`;
};

/**
 * Spellings of a path that the router matches as the same route: /%61pi/…, /a%70i/…, /ap%69/…,
 * /%61%70%69/…, and a character of the route's own name whose code has hex letters, in upper and
 * in lower case (office-hours: /api/%6Ffice-hours and /api/%6ffice-hours).
 */
function spellings(urlPath: string): string[] {
  const named = [...urlPath].findIndex((char, index) => index > 5 && char !== '/' && /[a-f]/.test(char.charCodeAt(0).toString(16)));
  return [encodeAt(urlPath, 1, false), encodeAt(urlPath, 2, false), encodeAt(urlPath, 3, false), `/%61%70%69${urlPath.slice(4)}`, encodeAt(urlPath, named, true), encodeAt(urlPath, named, false)];
}

/** The POST routes of the team API, read from their sources so that a new one is covered too. */
function teamPostRoutes(): string[] {
  const routes = new Set<string>();
  const teamRouteFiles = fs.readdirSync(path.join(projectDir, 'src/server/team/routes')).map((name) => `src/server/team/routes/${name}`);
  for (const file of [...teamRouteFiles, 'src/server/dataRights/routes.ts']) {
    for (const match of fs.readFileSync(path.join(projectDir, file), 'utf8').matchAll(/\bpost\(\s*'(\/[^']*)'/g)) routes.add(`/api/team${match[1]!.replace(':id', 'PG-000001')}`);
  }
  return [...routes];
}

/** Every table a state-changing request could write to. */
const TABLES = ['submissions', 'submission_files', 'grantee_finance_versions', 'newsletter_subscribers', 'mail_outbox', 'team_members', 'team_passkeys', 'team_enrolment_links', 'team_sessions', 'team_webauthn_challenges', 'team_audit_log', 'application_notes', 'application_status_history', 'grantees'];

describe('one origin rule for every route', () => {
  let server: TestServer;
  let admin: Member;
  beforeAll(async () => {
    server = await startTestServer({ env: { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000' } });
    admin = await enrolMember(server.url, server.database, 'admin@example.org', 'admin', resolveFinanceKeys(server.config).keyring);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Row counts of every table, as one comparable line. */
  const stored = async (): Promise<string> =>
    (await Promise.all(TABLES.map(async (table) => `${table}=${(await server.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n}`))).join(' ');

  const publicRoutes = [...Object.values(endpoints).map((endpoint) => ({ method: endpoint.method, path: endpoint.path })), { method: 'POST', path: NEWSLETTER_CONFIRM_PATH }, { method: 'POST', path: NEWSLETTER_UNSUBSCRIBE_PATH }];
  const teamRoutes = teamPostRoutes().map((routePath) => ({ method: 'POST', path: routePath }));
  const allRoutes = [...publicRoutes, ...teamRoutes];

  it('answers 403 to a foreign Origin on every percent-encoded spelling of every public and team POST/PUT route, and stores nothing', async () => {
    const before = await stored();
    const officeHours = JSON.stringify(formDefinitions['office-hours'].toPayload(validOfficeHours()));
    for (const route of allRoutes) {
      for (const spelling of spellings(route.path)) {
        // What would be stored if it got through: a valid office-hours request, and the admin's session on the team routes.
        const body = route.path === endpoints.officeHours.path ? officeHours : '{}';
        const refused = await fetch(server.url + spelling, { method: route.method, headers: { 'content-type': 'application/json', cookie: admin.cookie, origin: 'https://evil.example' }, body });
        expect(refused.status, `${route.method} ${spelling}`).toBe(403);
      }
    }
    expect(await stored()).toBe(before);
    // Every route is covered, and each spelling does reach its route: from the site's own origin,
    // without a session, it is answered by the route (401 or a refusal of the empty body), never 404 or 403.
    expect(publicRoutes).toHaveLength(10);
    expect(teamRoutes.length).toBeGreaterThanOrEqual(21);
    for (const route of allRoutes) {
      for (const spelling of spellings(route.path)) {
        const reached = await fetch(server.url + spelling, { method: route.method, headers: { 'content-type': 'application/json', origin: SITE }, body: '{}' });
        expect([403, 404], `${route.method} ${spelling} from the site → ${reached.status}`).not.toContain(reached.status);
      }
    }
  }, SLOW);

  /** A request with the Host header of our choosing (fetch does not let one be set). */
  const withHost = (urlPath: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const request = http.request(server.url + urlPath, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.once('error', reject);
      request.end(body);
    });

  it('refuses a team POST whose Origin equals a foreign Host header (403), signed in or not, and stores nothing', async () => {
    const before = await stored();
    const foreign = { host: 'evil.example', origin: 'http://evil.example' };
    const signIn = await withHost('/api/team/signin/options', foreign, '{}');
    expect(signIn.status).toBe(403);
    const invite = await withHost('/api/team/members/invite', { ...foreign, cookie: admin.cookie }, JSON.stringify({ email: 'intrusa@example.org', role: 'admin' }));
    expect(invite.status).toBe(403);
    expect(await stored()).toBe(before);
    // The site's own origin, whatever the Host, is what the team API accepts.
    expect((await withHost('/api/team/signin/options', { host: 'evil.example', origin: SITE }, '{}')).status).toBe(200);
  });

  it('gives the team pages their own Content-Security-Policy, without the captcha, social-post or analytics sources', async () => {
    const team = await fetch(`${server.url}/equipo/`);
    expect(team.status).toBe(200);
    const policy = team.headers.get('content-security-policy')!;
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    for (const source of ['google.com', 'gstatic.com', 'twitter.com']) expect(policy).not.toContain(source);
    expect(policy).toContain("frame-src 'none'");
    // The public forms keep the captcha.
    const form = await fetch(`${server.url}/applicants/project-grants/apply/`);
    expect(form.headers.get('content-security-policy')).toContain('https://www.google.com/recaptcha/');
  });
});
