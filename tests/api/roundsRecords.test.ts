/**
 * Rounds as records (issue 50), on PGlite and PostgreSQL, with a clock the test controls: the team's
 * round routes and who may call them; overlaps and bad input refused with nothing stored; the server
 * choosing each application's round at close − 1 s, within the grace period and after it; the cap,
 * even under concurrent submissions; GET /api/rounds with its ETag; round webhooks, announced once;
 * the audit's before and after; and the first rounds seeded from today's settings on an upgrade.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GRACE_HOURS, type PublicRounds, type TeamRound, type TeamRoundList } from '../../src/api/contracts/rounds';
import { formDefinitions } from '../../src/forms/definitions';
import { DEFAULT_REVIEW_CONFIG } from '../../src/config/review';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { seedRounds } from '../../src/server/rounds/seed';
import { roundAnnouncerTask } from '../../src/server/rounds/service';
import { openPglite, openPostgres, type Database } from '../../src/server/storage/database';
import { applyMigrations } from '../../src/server/storage/migrations';
import { endpointKeyOf } from '../../src/server/webhooks/config';
import { claimDueWebhook, syncWebhookEndpoints } from '../../src/server/webhooks/outbox';
import { webhookBodyOf } from '../../src/server/webhooks/worker';
import { validAcademicGrants, validDevconGrants, validOfficeHours, validSmallGrantsProject } from '../../scripts/support/formAnswers';
import { enrolMember, teamClient, type Member } from './support/teamClient';
import { BACKENDS, freshStorage, postJson, startTestServer, type TestServer } from './support/testServer';

const HOOK = 'https://crm.example.org/hook';
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined, child: () => silentLog } as unknown as FastifyBaseLogger;
const HOUR = 60 * 60 * 1000;

/** The server's clock in these tests: set, never read from the wall. */
let clock = new Date('2027-03-01T00:00:00Z');
const setClock = (iso: string | Date): void => {
  clock = new Date(iso);
};

for (const backend of BACKENDS) {
  describe(`rounds as records (${backend})`, () => {
    let server: TestServer;
    const members = {} as Record<'admin' | 'reviewer' | 'finance', Member>;
    const api = (member: Member | null) => teamClient(server.url, member?.cookie ?? null);
    const count = async (sql: string, params: unknown[] = []): Promise<number> => (await server.database.query<{ n: number }>(sql, params))[0]!.n;
    const roundRows = () => count('SELECT count(*)::int AS n FROM rounds');
    const auditRows = () => count('SELECT count(*)::int AS n FROM team_audit_log');
    const list = async (): Promise<TeamRoundList> => (await (await api(members.admin).get('/rounds')).json()) as TeamRoundList;
    const roundsOf = async (programme: string): Promise<TeamRound[]> => (await list()).programmes.find((entry) => entry.programme === programme)!.rounds;
    const apply = {
      academic: () => postJson(`${server.url}/api/academic-grants`, formDefinitions['academic-grants'].toPayload(validAcademicGrants())),
      devcon: () => postJson(`${server.url}/api/devcon-grants`, formDefinitions['devcon-grants'].toPayload(validDevconGrants())),
      small: () => postJson(`${server.url}/api/small-grants/project`, formDefinitions['small-grants'].toPayload(validSmallGrantsProject())),
      officeHours: () => postJson(`${server.url}/api/office-hours`, formDefinitions['office-hours'].toPayload(validOfficeHours())),
    };
    const round = (body: Record<string, unknown>): Record<string, unknown> => ({ timezone: 'UTC', graceHours: 0, budget: null, cap: null, closesLocal: null, ...body });

    beforeAll(async () => {
      setClock('2027-03-01T00:00:00Z');
      server = await startTestServer({ backend, env: { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' }, now: () => clock });
      await syncWebhookEndpoints(server.database, [HOOK]);
      const keys = resolveFinanceKeys(server.config).keyring;
      for (const role of ['admin', 'reviewer', 'finance'] as const) members[role] = await enrolMember(server.url, server.database, `${role}@example.org`, role, keys);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('seeds every programme an always-open first round at start, named after it', async () => {
      const answer = await fetch(`${server.url}/api/rounds`);
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as PublicRounds;
      expect(body.programmes.map((entry) => [entry.programme, entry.alwaysOpen, entry.round?.name, entry.round?.state, entry.round?.closesAt])).toEqual([
        ['project-grants', true, 'Project Grants · primera convocatoria', 'open', null],
        ['small-grants', true, 'Small Grants · primera convocatoria', 'open', null],
        ['academic-grants', true, 'Academic Grants · primera convocatoria', 'open', null],
        ['devcon-grants', true, 'Devcon Grants · primera convocatoria', 'open', null],
        ['office-hours', true, 'Office Hours · primera convocatoria', 'open', null],
      ]);
      expect(await roundRows()).toBe(5);
    });

    it('answers each route by role exactly as the table says, and a refused caller changes nothing', async () => {
      const [seeded] = await roundsOf('project-grants');
      const next = round({ programme: 'project-grants', name: 'Project Grants 2027', opensLocal: '2027-03-10T00:00', closesLocal: '2027-04-10T00:00' });
      // [method, path, body]: statuses for signed out, reviewer, finance; the admin's follow (in order: close, create, edit, extend).
      const matrix: Array<[string, string, unknown, number, number, number]> = [
        ['GET', '/rounds', null, 401, 200, 200],
        ['POST', `/rounds/${seeded!.id}/close`, {}, 401, 403, 403],
        ['POST', '/rounds', next, 401, 403, 403],
        ['POST', `/rounds/${seeded!.id}`, { ...next, programme: undefined }, 401, 403, 403],
        ['POST', `/rounds/${seeded!.id}/extend`, { closesLocal: '2027-05-01T00:00' }, 401, 403, 403],
      ];
      const callers = [null, members.reviewer, members.finance];
      const before = { rounds: await roundRows(), audit: await auditRows(), seeded: JSON.stringify(await roundsOf('project-grants')) };
      const seen: string[] = [];
      const expected: string[] = [];
      for (const [index, caller] of callers.entries()) {
        for (const [method, route, body, ...statuses] of matrix) {
          const response = method === 'GET' ? await api(caller).get(route) : await api(caller).post(route, body);
          seen.push(`${caller?.role ?? 'signed out'} ${method} ${route} → ${response.status}`);
          expected.push(`${caller?.role ?? 'signed out'} ${method} ${route} → ${statuses[index]}`);
          expect(response.headers.get('cache-control')).toBe('no-store');
        }
      }
      expect(seen).toEqual(expected);
      expect({ rounds: await roundRows(), audit: await auditRows(), seeded: JSON.stringify(await roundsOf('project-grants')) }).toEqual(before);

      // The admin may do all of it.
      setClock('2027-03-01T01:00:00Z');
      expect((await api(members.admin).get('/rounds')).status).toBe(200);
      expect((await api(members.admin).post(`/rounds/${seeded!.id}/close`)).status).toBe(200);
      const created = await api(members.admin).post('/rounds', next);
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as TeamRound;
      const { programme: _programme, ...edit } = next;
      expect((await api(members.admin).post(`/rounds/${id}`, { ...edit, name: 'Project Grants 2027 · primera ola' })).status).toBe(200);
      expect((await api(members.admin).post(`/rounds/${id}/extend`, { closesLocal: '2027-05-01T00:00' })).status).toBe(200);
      expect((await roundsOf('project-grants')).map((entry) => [entry.name, entry.state, entry.closesLocal])).toEqual([
        ['Project Grants · primera convocatoria', 'closed', '2027-03-01T01:00'],
        ['Project Grants 2027 · primera ola', 'upcoming', '2027-05-01T00:00'],
      ]);
    });

    it('takes an application at close − 1 s and within the grace period, refuses it after, and records each in its round', async () => {
      setClock('2027-03-01T02:00:00Z');
      const [seeded] = await roundsOf('academic-grants');
      expect((await apply.academic()).status).toBe(201);
      expect((await api(members.admin).post(`/rounds/${seeded!.id}/close`)).status).toBe(200);
      // "Cierra el 15 de marzo a las 23:59 AoE": 11:59 UTC the next day.
      const created = await api(members.admin).post(
        '/rounds',
        round({ programme: 'academic-grants', name: 'Academic Grants 2027 · primera ola', opensLocal: '2027-03-02T00:00', closesLocal: '2027-03-15T23:59', timezone: 'AoE', graceHours: 2, budget: { amount: '750.000,00', currency: 'USD' } }),
      );
      expect(created.status).toBe(201);
      const wave = (await created.json()) as TeamRound;
      expect(wave).toMatchObject({ opensAt: '2027-03-02T12:00:00.000Z', closesAt: '2027-03-16T11:59:00.000Z', opensLocal: '2027-03-02T00:00', closesLocal: '2027-03-15T23:59', graceHours: 2, budget: { amount: '750000.00', currency: 'USD' }, state: 'upcoming' });
      const close = new Date(wave.closesAt!).getTime();

      // Between the rounds: refused, naming the next opening; nothing stored.
      const stored = await count('SELECT count(*)::int AS n FROM submissions');
      setClock('2027-03-02T11:00:00Z');
      const early = await apply.academic();
      expect(early.status).toBe(403);
      expect(await early.json()).toEqual({ error: 'La convocatoria de Academic Grants abre el 2 de marzo de 2027; todavía no recibe solicitudes. Si tienes preguntas, escribe a academic-grants@example.org.' });

      setClock(new Date(close - 1000));
      expect((await apply.academic()).status).toBe(201);
      setClock(new Date(close + 2 * HOUR - 1000));
      expect((await apply.academic()).status).toBe(201);
      // The public state says closed at the published moment: the grace period is never shown.
      const published = ((await (await fetch(`${server.url}/api/rounds`)).json()) as PublicRounds).programmes.find((entry) => entry.programme === 'academic-grants')!;
      expect(published).toEqual({
        programme: 'academic-grants',
        alwaysOpen: false,
        round: { name: 'Academic Grants 2027 · primera ola', state: 'closed', opensAt: '2027-03-02T12:00:00.000Z', closesAt: '2027-03-16T11:59:00.000Z', timezone: 'AoE', budget: { amount: '750000.00', currency: 'USD' },
          criteria: DEFAULT_REVIEW_CONFIG.programmes['academic-grants'].criteria.map((criterion) => criterion.label),
        },
      });
      setClock(new Date(close + 2 * HOUR + 1000));
      const late = await apply.academic();
      expect(late.status).toBe(403);
      expect(await late.json()).toEqual({ error: 'La convocatoria de Academic Grants cerró el 15 de marzo de 2027 y ya no recibe solicitudes. Si tienes preguntas, escribe a academic-grants@example.org.' });
      expect(await count('SELECT count(*)::int AS n FROM submissions')).toBe(stored + 2);
      expect(await count("SELECT count(*)::int AS n FROM mail_outbox o JOIN submissions s ON s.id = o.submission_id WHERE s.form = 'academic-grants'")).toBeGreaterThan(0);

      const byRound = await server.database.query<{ round_id: string; n: number }>("SELECT round_id::text AS round_id, count(*)::int AS n FROM submissions WHERE form = 'academic-grants' GROUP BY 1 ORDER BY 1");
      expect(byRound).toEqual([
        { round_id: seeded!.id, n: 1 },
        { round_id: wave.id, n: 2 },
      ]);
      expect((await roundsOf('academic-grants')).map((entry) => entry.counts)).toEqual([
        { received: 1, inReview: 0, decided: 0 },
        { received: 2, inReview: 0, decided: 0 },
      ]);
    });

    it('refuses overlaps and bad input with a clear Spanish message, storing nothing', async () => {
      setClock('2027-03-20T00:00:00Z');
      const [seeded] = await roundsOf('devcon-grants');
      const admin = api(members.admin);
      const before = { rounds: await roundRows(), audit: await auditRows() };
      const refusals: Array<[unknown, string | RegExp]> = [
        [round({ programme: 'devcon-grants', name: 'Devcon 2027', opensLocal: '2027-04-01T00:00', closesLocal: '2027-04-20T00:00' }), /^Se superpone con la convocatoria «Devcon Grants · primera convocatoria» \(abierta sin cierre desde el 2027-03-01 00:00 UTC\)/],
        [round({ programme: 'devcon-grants', name: 'Devcon 2027', opensLocal: '2027-04-20T00:00', closesLocal: '2027-04-01T00:00' }), 'La convocatoria debe cerrar después de abrir: revisa las fechas.'],
        [round({ programme: 'devcon-grants', name: 'Devcon 2027', opensLocal: '2027-02-30T10:00', closesLocal: null }), 'La fecha de apertura no existe: revisa el día y la hora.'],
        [round({ programme: 'devcon-grants', name: 'Devcon 2027', opensLocal: '2027-04-01T00:00', graceHours: MAX_GRACE_HOURS + 1 }), 'El período de gracia va de 0 a 168 horas (7 días).'],
        [round({ programme: 'devcon-grants', name: 'Devcon 2027', opensLocal: '2027-04-01T00:00', budget: { amount: 'mucho', currency: 'USD' } }), /^Presupuesto: /],
        [round({ programme: 'devcon-grants', name: 'Devcon 2027', opensLocal: '2027-04-01T00:00', budget: { amount: '750.000', currency: 'USD' } }), /^Presupuesto: /],
        [round({ programme: 'courses', name: 'Cursos', opensLocal: '2027-04-01T00:00' }), 'El programa debe ser uno de: project-grants, small-grants, academic-grants, devcon-grants, office-hours.'],
        [round({ programme: 'devcon-grants', name: 'Devcon 2027', opensLocal: '1 de abril' }), 'Escribe la fecha y la hora como AAAA-MM-DD HH:MM.'],
        [round({ programme: 'devcon-grants', name: '   ', opensLocal: '2027-04-01T00:00' }), 'Escribe el nombre de la convocatoria (hasta 120 caracteres).'],
        [round({ programme: 'devcon-grants', name: 'Devcon 2027', opensLocal: '2027-04-01T00:00', cap: 0 }), 'El máximo de solicitudes debe ser un número entero mayor que 0.'],
      ];
      for (const [body, message] of refusals) {
        const answer = await admin.post('/rounds', body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(((await answer.json()) as { error: string }).error).toMatch(typeof message === 'string' ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : message);
      }
      for (const route of ['/rounds/999999/close', '/rounds/abc/close', '/rounds/999999/extend', '/rounds/999999']) {
        const body = route.endsWith('extend') ? { closesLocal: '2027-05-01T00:00' } : route.endsWith('close') ? {} : { ...round({ name: 'x', opensLocal: '2027-04-01T00:00' }) };
        const answer = await admin.post(route, body);
        expect(answer.status, route).toBe(404);
        expect(await answer.json()).toEqual({ error: 'No encontramos esa convocatoria.' });
      }
      const pastExtend = await admin.post(`/rounds/${seeded!.id}/extend`, { closesLocal: '2027-03-19T00:00' });
      expect(pastExtend.status).toBe(400);
      expect(await pastExtend.json()).toEqual({ error: 'La nueva fecha de cierre debe ser posterior a este momento.' });
      expect({ rounds: await roundRows(), audit: await auditRows() }).toEqual(before);

      // Touching is not overlapping; the grace period counts.
      expect((await admin.post(`/rounds/${seeded!.id}/close`)).status).toBe(200);
      const first = await admin.post('/rounds', round({ programme: 'devcon-grants', name: 'Devcon A', opensLocal: '2027-04-01T00:00', closesLocal: '2027-04-10T00:00', graceHours: 24 }));
      expect(first.status).toBe(201);
      const inGrace = await admin.post('/rounds', round({ programme: 'devcon-grants', name: 'Devcon B', opensLocal: '2027-04-10T12:00', closesLocal: '2027-04-20T00:00' }));
      expect(inGrace.status).toBe(400);
      expect(((await inGrace.json()) as { error: string }).error).toBe(
        'Se superpone con la convocatoria «Devcon A» (del 2027-04-01 00:00 UTC al 2027-04-10 00:00 UTC, más 24 h de gracia). Las convocatorias de un programa no pueden superponerse, contando el período de gracia: cierra o cambia esa primero.',
      );
      // Two admins creating overlapping rounds at once: one is stored.
      const racing = await Promise.all(
        ['Devcon C', 'Devcon D'].map((name) => admin.post('/rounds', round({ programme: 'devcon-grants', name, opensLocal: '2027-04-11T00:00', closesLocal: '2027-04-20T00:00' }))),
      );
      expect(racing.map((answer) => answer.status).sort()).toEqual([201, 400]);
      expect((await roundsOf('devcon-grants')).map((entry) => entry.name).filter((name) => name === 'Devcon C' || name === 'Devcon D')).toHaveLength(1);
    });

    it('refuses applications past the cap, even sent at once, with the cap’s sentence', async () => {
      setClock('2027-03-20T00:00:00Z');
      const [seeded] = await roundsOf('small-grants');
      expect((await api(members.admin).post(`/rounds/${seeded!.id}/close`)).status).toBe(200);
      const created = await api(members.admin).post('/rounds', round({ programme: 'small-grants', name: 'Small Grants 2027', opensLocal: '2027-03-20T00:00', closesLocal: '2027-04-20T00:00', cap: 2 }));
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as TeamRound;
      const answers = await Promise.all([apply.small(), apply.small(), apply.small(), apply.small()]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 403, 403]);
      const refused = answers.find((answer) => answer.status === 403)!;
      expect(await refused.json()).toEqual({ error: 'La convocatoria de Small Grants alcanzó el máximo de solicitudes y ya no recibe más. Si tienes preguntas, escribe a hola@example.org.' });
      expect(await count('SELECT count(*)::int AS n FROM submissions WHERE round_id = $1', [id])).toBe(2);
    });

    it('serves the public state with a short cache and an ETag: 304 while unchanged, a new ETag after a change', async () => {
      const first = await fetch(`${server.url}/api/rounds`);
      expect(first.headers.get('cache-control')).toBe('public, max-age=30');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const text = await first.text();
      for (const hidden of ['"graceHours"', '"cap"', '"counts"', '"received"']) expect(text).not.toContain(hidden);
      const again = await fetch(`${server.url}/api/rounds`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const [seeded] = await roundsOf('office-hours');
      const { id: _id, programme: _p, state: _s, opensAt: _o, closesAt: _c, counts: _n, createdAt: _a, updatedAt: _u, ...fields } = seeded!;
      expect((await api(members.admin).post(`/rounds/${seeded!.id}`, { ...fields, name: 'Office Hours · siempre abierta' })).status).toBe(200);
      const changed = await fetch(`${server.url}/api/rounds`, { headers: { 'if-none-match': etag } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect((await apply.officeHours()).status).toBe(201);
    });

    it('audits every change with the round before and after', async () => {
      const entries = await server.database.query<{ actor: string; action: string; target: string }>("SELECT actor, action, target FROM team_audit_log WHERE action LIKE '%-round' ORDER BY id");
      expect(new Set(entries.map((entry) => entry.action))).toEqual(new Set(['create-round', 'edit-round', 'extend-round', 'close-round']));
      expect(entries.every((entry) => entry.actor === 'admin@example.org')).toBe(true);
      const edit = entries.find((entry) => entry.action === 'edit-round' && entry.target.includes('siempre abierta'))!;
      expect(edit.target).toMatch(/^convocatoria \d+ \(office-hours\) · antes: \{"name":"Office Hours · primera convocatoria",.*\} · después: \{"name":"Office Hours · siempre abierta",/);
      const extend = entries.find((entry) => entry.action === 'extend-round')!;
      expect(extend.target).toContain('"closesAt":"2027-04-10T00:00:00.000Z"');
      expect(extend.target).toContain('"closesAt":"2027-05-01T00:00:00.000Z"');
    });

    it('queues round.changed for each change and round.opened / round.closed once when a moment passes, even with two announcers', async () => {
      const events = () => server.database.query<{ round: string; event: string; after: string; before: string | null }>(
        'SELECT round_id::text AS round, event, status_after AS after, status_before AS before FROM webhook_outbox WHERE round_id IS NOT NULL ORDER BY id',
      );
      const academic = await roundsOf('academic-grants');
      const wave = academic[1]!;
      const ofWave = (await events()).filter((event) => event.round === wave.id);
      // Created upcoming; no announcer has run since its opening moment passed.
      expect(ofWave).toEqual([{ round: wave.id, event: 'round.changed', after: 'upcoming', before: null }]);
      const closedByAdmin = (await events()).filter((event) => event.round === academic[0]!.id).map((event) => [event.event, event.before, event.after]);
      expect(closedByAdmin).toEqual([
        ['round.changed', 'open', 'closed'],
        ['round.closed', 'open', 'closed'],
      ]);

      // The clock passes the wave's close (its opening passed unannounced): two servers' announcers run at once.
      setClock('2027-03-20T00:00:00Z');
      const announcers = [0, 1].map(() => roundAnnouncerTask({ database: server.database, now: () => clock, log: silentLog }));
      const drain = async (task: (typeof announcers)[number]) => {
        while (await task.handleNext());
      };
      await Promise.all(announcers.map(drain));
      await Promise.all(announcers.map(drain));
      expect((await events()).filter((event) => event.round === wave.id && event.event !== 'round.changed').map((event) => [event.event, event.before, event.after])).toEqual([['round.closed', 'upcoming', 'closed']]);

      // A delivery says which round, its state and its published moments; never the grace period.
      let body: unknown = null;
      for (;;) {
        const claimed = await claimDueWebhook(server.database, 'test', [endpointKeyOf(HOOK)], 60_000);
        if (!claimed) break;
        if (claimed.subject === 'round' && claimed.round.id === wave.id && claimed.event === 'round.closed') body = webhookBodyOf(claimed, { answersFor: new Set() }, 'https://academy.example.org');
      }
      expect(body).toEqual({
        type: 'round.closed',
        timestamp: expect.any(String),
        data: {
          round: wave.id,
          name: 'Academic Grants 2027 · primera ola',
          programme: 'academic-grants',
          programmeName: 'Academic Grants',
          state: 'closed',
          previousState: 'upcoming',
          opensAt: '2027-03-02T12:00:00.000Z',
          closesAt: '2027-03-16T11:59:00.000Z',
          timezone: 'AoE',
          link: 'https://academy.example.org/equipo/convocatorias/',
        },
      });
    });
  });

  describe(`the first rounds seeded from today's settings on an upgrade (${backend})`, () => {
    let db: Database;
    let drop: () => Promise<void>;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rounds-seed-'));
      if (backend === 'pglite') {
        db = await openPglite(dataDir);
        drop = async () => undefined;
      } else {
        const storage = await freshStorage('postgres', dataDir);
        db = await openPostgres(storage.databaseUrl!);
        drop = storage.drop;
      }
    });
    afterAll(async () => {
      await db?.close();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('gives each programme one round from the settings, files the applications already stored in it, and seeds once with two servers', async () => {
      // A database as release 18 left it, with applications.
      await applyMigrations(db, { through: 18 });
      for (const [form, at] of [['academic-grants', '2027-01-12T10:00:00Z'], ['academic-grants', '2027-02-01T10:00:00Z'], ['office-hours', '2026-12-01T10:00:00Z']] as const) {
        await db.query("INSERT INTO submissions (form, endpoint, payload, created_at) VALUES ($1, '/api/x', '{}', $2)", [form, at]);
      }
      await applyMigrations(db);
      const settings = { 'academic-grants': { opens: { day: '2027-01-10', iso: '2027-01-10' }, closes: { day: '2027-03-15', iso: '2027-03-15' } } };
      const now = new Date('2027-02-15T00:00:00Z');
      const [one, two] = await Promise.all([seedRounds(db, settings, now), seedRounds(db, settings, now)]);
      expect([...one.seeded, ...two.seeded].sort()).toEqual(['academic-grants', 'devcon-grants', 'office-hours', 'project-grants', 'small-grants']);
      const rounds = await db.query<{ programme: string; name: string; opens: string; closes: string | null; timezone: string; announced: string; n: number }>(
        `SELECT r.programme, r.name, to_char(r.opens_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS opens, to_char(r.closes_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS closes,
           r.timezone, r.announced_state AS announced, (SELECT count(*)::int FROM submissions s WHERE s.round_id = r.id) AS n
         FROM rounds r ORDER BY r.programme`,
      );
      expect(rounds).toEqual([
        // A calendar day closes at the end of that day, UTC, as the settings did.
        { programme: 'academic-grants', name: 'Academic Grants · primera convocatoria', opens: '2027-01-10T00:00', closes: '2027-03-16T00:00', timezone: 'UTC', announced: 'open', n: 2 },
        { programme: 'devcon-grants', name: 'Devcon Grants · primera convocatoria', opens: '2027-02-15T00:00', closes: null, timezone: 'UTC', announced: 'open', n: 0 },
        // Open since its first application.
        { programme: 'office-hours', name: 'Office Hours · primera convocatoria', opens: '2026-12-01T10:00', closes: null, timezone: 'UTC', announced: 'open', n: 1 },
        { programme: 'project-grants', name: 'Project Grants · primera convocatoria', opens: '2027-02-15T00:00', closes: null, timezone: 'UTC', announced: 'open', n: 0 },
        { programme: 'small-grants', name: 'Small Grants · primera convocatoria', opens: '2027-02-15T00:00', closes: null, timezone: 'UTC', announced: 'open', n: 0 },
      ]);
      // The next start reads the settings no more, and says so.
      expect(await seedRounds(db, settings, new Date('2027-04-01T00:00:00Z'))).toEqual({ seeded: [], settingsUnread: ['academic-grants'] });
      expect(await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rounds')).toEqual([{ n: 5 }]);
    });
  });
}
