import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantApplicationDetail } from '../../src/api/contracts/applicant';
import type { ApplicantGrant, TeamGrant } from '../../src/api/contracts/grants';
import { contact } from '../../src/config/site';
import { formDefinitions, type FormKey, type FormValues } from '../../src/forms/definitions';
import { formatDay } from '../../src/lib/grantText';
import { receiveApplication } from '../../src/server/applications/receive';
import { recordFinanceDetails } from '../../src/server/finance/receive';
import type { RunningServer } from '../../src/server/main';
import { referenceOf } from '../../src/server/mail/compose';
import type { Role } from '../../src/server/team/roles';
import { validFinanceCrypto, validOfficeHours, validProjectGrants, validSmallGrantsEvent } from '../../scripts/support/formAnswers';
import { createRestartableStorage, eventually, FAST_RETRY_ENV, type RestartableStorage } from './support/restartableServer';
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from './support/smtpSink';
import { auditEntries, enrolMember, SITE, teamClient, type Member } from './support/teamClient';
import { BACKENDS } from './support/testServer';

/**
 * The grant of an approved application as the team and the grantee use it: who may call each
 * route, every refusal storing nothing, the report → changes → resubmit → accept round with the
 * emails as received, and the reminders and Vencido. The clock is the database's (now()); the tests
 * set the grant's creation and the due dates relative to it, which is the same as moving the clock.
 */

const COOKIE = '__Host-solicitante';
const PORTAL = `${SITE}/mi-solicitud/`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DAY_MS = 86_400_000;
/** The refusal of the rule of allowed text on every Spanish route (src/api/contracts/common.ts). */
const TEXT_RULE = 'Tu texto tiene un carácter que no podemos guardar (suele venir de copiar y pegar). Pégalo como texto sin formato e inténtalo de nuevo.';

type Actor = Role | 'owner' | 'other' | 'signedOut';
const ACTORS: readonly Actor[] = ['admin', 'reviewer', 'finance', 'owner', 'other', 'signedOut'];

function applicantClient(baseUrl: string, cookie: string | null) {
  const cookieHeader: Record<string, string> = cookie ? { cookie } : {};
  return {
    get: (path: string) => fetch(`${baseUrl}/api/applicant${path}`, { headers: cookieHeader }),
    post: (path: string, body: unknown = {}) =>
      fetch(`${baseUrl}/api/applicant${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE, ...cookieHeader }, body: JSON.stringify(body) }),
    report: (path: string, parts: { text?: string; links?: string; file?: { name: string; bytes: Buffer } }) => {
      const form = new FormData();
      if (parts.text !== undefined) form.append('text', parts.text);
      if (parts.links !== undefined) form.append('links', parts.links);
      if (parts.file) form.append('file', new Blob([new Uint8Array(parts.file.bytes)], { type: 'application/octet-stream' }), parts.file.name);
      return fetch(`${baseUrl}/api/applicant${path}`, { method: 'POST', headers: { origin: SITE, ...cookieHeader }, body: form });
    },
  };
}

const dayOffset = (today: string, days: number): string => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

for (const backend of BACKENDS) {
  describe(`grants (${backend})`, () => {
    let sink: SmtpSink;
    let storage: RestartableStorage;
    let server: RunningServer;
    const members = {} as Record<Role, Member>;
    const cookies = {} as Record<'owner' | 'other', string>;

    const team = (member: Member | null) => teamClient(server.address, member?.cookie ?? null);
    const portal = (cookie: string | null) => applicantClient(server.address, cookie);
    const db = () => server.database;

    /** A stored application by `email`, approved unless said otherwise (the status set as the decision route leaves it). */
    async function application(email: string, options: { form?: FormKey; values?: FormValues; status?: string } = {}): Promise<string> {
      const form = options.form ?? 'project-grants';
      const values = options.values ?? validProjectGrants();
      const id = await receiveApplication(db(), { form, endpoint: `/api/${form}`, payload: formDefinitions[form].toPayload({ ...values, email, firstName: 'Ana' }), upload: null });
      await db().query('UPDATE submissions SET status = $2 WHERE id = $1', [id, options.status ?? 'approved']);
      return referenceOf(form, id);
    }

    const arrived = async (address: string, subjectPart: string): Promise<ReceivedEmail> => {
      const matching = () => sink.received.filter((email) => email.envelopeTo.includes(address) && (email.headers.subject ?? '').includes(subjectPart));
      await eventually(() => matching().length > 0);
      return matching().at(-1)!;
    };

    /** Rows of every table a refusal must leave alone. */
    const snapshot = async () =>
      db().query(`SELECT (SELECT count(*)::int FROM grants) AS grants, (SELECT count(*)::int FROM grant_milestones) AS milestones,
        (SELECT coalesce(json_agg(json_build_object('t', title, 'a', amount::text, 'd', due_date, 's', state) ORDER BY id), '[]') FROM grant_milestones) AS milestone_rows,
        (SELECT count(*)::int FROM milestone_reports) AS reports, (SELECT count(*)::int FROM mail_outbox) AS emails,
        (SELECT count(*)::int FROM webhook_outbox) AS webhooks, (SELECT count(*)::int FROM team_audit_log) AS audit`);

    async function signIn(email: string): Promise<string> {
      await db().query("UPDATE applicant_links SET created_at = created_at - interval '1 hour' WHERE email = $1", [email]);
      expect((await portal(null).post('/link', { email })).status).toBe(202);
      const email_ = await arrived(email, 'Tu enlace');
      const link = new RegExp(`${SITE}/mi-solicitud/entrar/#([A-Za-z0-9_-]{43})\\n`).exec(email_.text)!;
      const response = await portal(null).post('/session', { token: link[1] });
      expect(response.status).toBe(200);
      return response.headers.getSetCookie().find((line) => line.startsWith(`${COOKIE}=`))!.split(';')[0]!;
    }

    const create = async (reference: string, amount = '1000.00', currency = 'USD'): Promise<TeamGrant> => {
      const response = await team(members.admin).post(`/applications/${reference}/grant`, { amount, currency });
      expect(response.status).toBe(201);
      return (await response.json()) as TeamGrant;
    };

    const defineMilestones = async (reference: string, milestones: unknown[]): Promise<TeamGrant> => {
      const response = await team(members.admin).post(`/applications/${reference}/grant/milestones`, { milestones });
      expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
      return (await response.json()) as TeamGrant;
    };

    const reportPath = (reference: string, milestoneId: string) => `/applications/${reference}/grant/milestones/${milestoneId}/reports`;
    const reviewPath = (reference: string, milestoneId: string) => `/applications/${reference}/grant/milestones/${milestoneId}/review`;

    beforeAll(async () => {
      sink = await startSmtpSink();
      storage = await createRestartableStorage(backend);
      server = await storage.start(
        { SMTP_URL: sink.url, MAIL_FROM: '"Cadena Academy" <hola@example.org>', ...FAST_RETRY_ENV },
        { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000', APPLICANT_LINK_RATE_LIMIT_PER_MINUTE: '1000' },
      );
      for (const role of ['admin', 'reviewer', 'finance'] as const) members[role] = await enrolMember(server.address, db(), `${role}@example.org`, role, storage.keys());
      await db().query("INSERT INTO webhook_endpoints (url_sha256) VALUES ('test-endpoint')");
      await application('owner@example.org', { status: 'received' });
      await application('other@example.org', { status: 'received' });
      cookies.owner = await signIn('owner@example.org');
      cookies.other = await signIn('other@example.org');
    });
    afterAll(async () => {
      await server?.stop();
      await storage?.close();
      await sink?.close();
    });

    it('lets each role call only its routes: the roles matrix', async () => {
      const reference = await application('owner@example.org');
      const spare = await application('owner@example.org');
      const teamFor = (actor: Actor) => team(actor === 'admin' || actor === 'reviewer' || actor === 'finance' ? members[actor] : null);
      // Team routes never read the portal's cookie; the portal never reads the team's.
      const teamCall = (call: (client: ReturnType<typeof team>) => Promise<Response>) => (actor: Actor) =>
        actor === 'owner' || actor === 'other' ? call(teamClient(server.address, cookies[actor])) : call(teamFor(actor));
      const portalCall = (call: (client: ReturnType<typeof portal>) => Promise<Response>) => (actor: Actor) =>
        call(portal(actor === 'owner' || actor === 'other' ? cookies[actor] : actor === 'signedOut' ? null : members[actor].cookie));

      let milestoneId = '';
      // Each row: the route, how an actor calls it, the answer each actor gets. Refused actors go first, so the allowed call finds the state it expects.
      const rows: Array<{ route: string; call: (actor: Actor) => Promise<Response>; expected: Record<Actor, number>; order?: readonly Actor[] }> = [
        {
          route: 'POST /api/team/applications/:id/grant',
          call: teamCall((client) => client.post(`/applications/${reference}/grant`, { amount: '1000.00', currency: 'USD' })),
          expected: { reviewer: 403, finance: 403, owner: 401, other: 401, signedOut: 401, admin: 201 },
        },
        {
          route: 'GET /api/team/applications/:id/grant',
          call: teamCall((client) => client.get(`/applications/${reference}/grant`)),
          expected: { admin: 200, reviewer: 200, finance: 200, owner: 401, other: 401, signedOut: 401 },
        },
        {
          route: 'POST /api/team/applications/:id/grant/milestones',
          call: teamCall((client) =>
            client.post(`/applications/${reference}/grant/milestones`, { milestones: [{ title: 'Prototipo', doneCriteria: 'Demo pública', dueDate: dayOffset(new Date().toISOString().slice(0, 10), 30), share: '100' }] }),
          ),
          expected: { reviewer: 403, finance: 403, owner: 401, other: 401, signedOut: 401, admin: 200 },
        },
        {
          route: 'GET /api/applicant/applications/:reference/grant',
          call: portalCall(async (client) => {
            const response = await client.get(`/applications/${reference}/grant`);
            if (response.status === 200) milestoneId = ((await response.clone().json()) as ApplicantGrant).milestones[0]!.id;
            return response;
          }),
          expected: { admin: 401, reviewer: 401, finance: 401, other: 404, signedOut: 401, owner: 200 },
        },
        {
          route: 'POST /api/applicant/applications/:reference/grant/milestones/:milestoneId/reports',
          call: portalCall((client) => client.report(reportPath(reference, milestoneId), { text: 'Primer avance', file: { name: 'avance.pdf', bytes: PDF } })),
          expected: { admin: 401, reviewer: 401, finance: 401, other: 404, signedOut: 401, owner: 201 },
        },
        {
          route: 'GET /api/team/applications/:id/grant/milestones/:milestoneId/reports/:version/file',
          call: teamCall((client) => client.get(`/applications/${reference}/grant/milestones/${milestoneId}/reports/1/file`)),
          expected: { admin: 200, reviewer: 200, finance: 200, owner: 401, other: 401, signedOut: 401 },
        },
        {
          route: 'GET /api/applicant/applications/:reference/grant/milestones/:milestoneId/reports/:version/file',
          call: portalCall((client) => client.get(`/applications/${reference}/grant/milestones/${milestoneId}/reports/1/file`)),
          expected: { admin: 401, reviewer: 401, finance: 401, other: 404, signedOut: 401, owner: 200 },
        },
        {
          // The reviewer asks for changes on version 1; the grantee resubmits; then the admin accepts version 2.
          route: 'POST /api/team/applications/:id/grant/milestones/:milestoneId/review',
          call: teamCall(async (client) => {
            const latest = ((await (await team(members.admin).get(`/applications/${reference}/grant`)).json()) as TeamGrant).milestones[0]!.reports.at(-1)!;
            const answer = await client.post(reviewPath(reference, milestoneId), latest.decision === null ? { version: latest.version, decision: latest.version === 1 ? 'changes_requested' : 'accepted', comment: 'Agrega el enlace a la demo.' } : { version: latest.version, decision: 'accepted' });
            if (answer.status === 200 && latest.version === 1) expect((await portal(cookies.owner).report(reportPath(reference, milestoneId), { text: 'Con la demo', links: 'https://demo.example.org' })).status).toBe(201);
            return answer;
          }),
          order: ['finance', 'owner', 'other', 'signedOut', 'reviewer', 'admin'],
          expected: { finance: 403, owner: 401, other: 401, signedOut: 401, reviewer: 200, admin: 200 },
        },
        {
          route: 'POST /api/team/applications/:id/grant/complete',
          call: teamCall((client) => client.post(`/applications/${reference}/grant/complete`, {})),
          expected: { reviewer: 403, finance: 403, owner: 401, other: 401, signedOut: 401, admin: 200 },
        },
        {
          route: 'POST /api/team/applications/:id/grant/cancel',
          call: teamCall(async (client) => {
            if ((await db().query('SELECT 1 FROM grants g JOIN submissions s ON s.id = g.submission_id WHERE s.id = $1', [spare.replace(/^[A-Z]{2}-0*/, '')])).length === 0) await create(spare);
            return client.post(`/applications/${spare}/grant/cancel`, { reason: 'El equipo del proyecto se disolvió.' });
          }),
          expected: { reviewer: 403, finance: 403, owner: 401, other: 401, signedOut: 401, admin: 200 },
        },
      ];
      const table: string[] = [`| Route | ${ACTORS.join(' | ')} |`, `|---|${ACTORS.map(() => '---').join('|')}|`];
      for (const row of rows) {
        const order = row.order ?? (Object.keys(row.expected) as Actor[]);
        const got = {} as Record<Actor, number>;
        for (const actor of order) got[actor] = (await row.call(actor)).status;
        expect({ route: row.route, got }).toEqual({ route: row.route, got: row.expected });
        table.push(`| ${row.route} | ${ACTORS.map((actor) => got[actor]).join(' | ')} |`);
      }
      if (backend === 'pglite') console.log(table.join('\n'));
      const grant = (await (await team(members.finance).get(`/applications/${reference}/grant`)).json()) as TeamGrant;
      expect(grant).toMatchObject({ state: 'completed', stateLabel: 'Completada', milestones: [{ state: 'accepted', stateLabel: 'Aceptado', reports: [{ version: 1, decision: 'changes_requested' }, { version: 2, decision: 'accepted' }] }] });
    });

    it('refuses bad input with a clear Spanish message and stores nothing', async () => {
      const reference = await application('owner@example.org');
      const unapproved = await application('owner@example.org', { status: 'in_review' });
      const session = await application('owner@example.org', { form: 'office-hours', values: validOfficeHours() });
      const admin = team(members.admin);
      const refusals: Array<[string, () => Promise<Response>, number, string]> = [
        ['too many decimals', () => admin.post(`/applications/${reference}/grant`, { amount: '1000.001', currency: 'USD' }), 400, 'El monto admite como máximo 2 decimales en USD.'],
        ['twelve thousand typed with only the thousands point', () => admin.post(`/applications/${reference}/grant`, { amount: '12.000', currency: 'USD' }), 400, '¿12.000 = doce mil? Escribe 12000 o 12.000,00; si son decimales, escribe 12,00.'],
        ['a thousand and a half ether, or one and a half, from a spreadsheet', () => admin.post(`/applications/${reference}/grant`, { amount: '1,500', currency: 'ETH' }), 400, '¿1,500 = mil quinientos? Escribe 1500 o 1.500,0; si son decimales, escribe 1,5.'],
        ['another currency named beside the figure', () => admin.post(`/applications/${reference}/grant`, { amount: 'ETH 1,5', currency: 'USD' }), 400, '«ETH 1,5» está en ETH, y este monto va en USD.'],
        ['zero', () => admin.post(`/applications/${reference}/grant`, { amount: '0.00', currency: 'ETH' }), 400, 'El monto debe ser mayor que cero.'],
        ['negative', () => admin.post(`/applications/${reference}/grant`, { amount: '-50', currency: 'DAI' }), 400, 'El monto debe ser mayor que cero.'],
        ['a number, not a string', () => admin.post(`/applications/${reference}/grant`, { amount: 1000, currency: 'USD' }), 400, 'Escribe el monto con números, por ejemplo 12000, 12.000,00 o 1,5.'],
        ['unknown currency', () => admin.post(`/applications/${reference}/grant`, { amount: '1', currency: 'BTC' }), 400, 'La moneda debe ser una de: USD, ETH, DAI.'],
        ['not approved', () => admin.post(`/applications/${unapproved}/grant`, { amount: '1', currency: 'USD' }), 409, 'Solo una solicitud Aprobada puede tener una beca.'],
        ['a programme that pays nothing', () => admin.post(`/applications/${session}/grant`, { amount: '1', currency: 'USD' }), 409, 'Office Hours no otorga fondos: sus solicitudes no tienen beca.'],
        ['no grant yet', () => admin.post(`/applications/${reference}/grant/milestones`, { milestones: [{ title: 'A', doneCriteria: 'B', dueDate: '2099-01-01', amount: '1' }] }), 404, 'No encontramos esa beca.'],
      ];
      for (const [name, call, status, error] of refusals) {
        const before = await snapshot();
        const response = await call();
        expect({ name, status: response.status, body: await response.json() }).toEqual({ name, status, body: { error } });
        expect(await snapshot()).toEqual(before);
      }

      await create(reference, '0.5', 'ETH');
      const today = ((await (await admin.get(`/applications/${reference}/grant`)).json()) as TeamGrant).today;
      const first = { title: 'Contrato', doneCriteria: 'Desplegado en testnet', dueDate: dayOffset(today, 20), amount: '0.2' };
      const second = { title: 'Auditoría', doneCriteria: 'Informe publicado', dueDate: dayOffset(today, 40), share: '60' };
      const defined = await defineMilestones(reference, [first, second]);
      expect(defined.milestones.map((milestone) => [milestone.title, milestone.amount, milestone.state, milestone.stateLabel])).toEqual([
        ['Contrato', '0.2', 'pending', 'Pendiente'],
        ['Auditoría', '0.3', 'pending', 'Pendiente'],
      ]);
      const [contract, audit] = defined.milestones;
      const other = await application('other@example.org');
      await create(other);
      const otherMilestone = (await defineMilestones(other, [{ title: 'Único', doneCriteria: 'Hecho', dueDate: dayOffset(today, 10), share: '100' }])).milestones[0]!;

      const milestones = (list: unknown[]) => () => admin.post(`/applications/${reference}/grant/milestones`, { milestones: list });
      const more: Array<[string, () => Promise<Response>, number, string]> = [
        ['already has a grant', () => admin.post(`/applications/${reference}/grant`, { amount: '1', currency: 'USD' }), 409, 'Esta solicitud ya tiene una beca.'],
        ['amounts that do not add up', milestones([first, { ...second, share: undefined, amount: '0.2' }]), 400, 'Los montos de los hitos suman ETH 0,4 y la beca es de ETH 0,5: deben sumar exactamente lo mismo.'],
        ['a milestone with too many decimals', milestones([{ ...first, amount: '0.2000000000000000001' }, second]), 400, 'El hito 1: El monto admite como máximo 18 decimales en ETH.'],
        ['a zero milestone', milestones([{ ...first, amount: '0' }, second]), 400, 'El hito 1: El monto debe ser mayor que cero.'],
        ['a due date before the grant', milestones([{ ...first, dueDate: dayOffset(today, -1) }, second]), 400, `El hito 1: la fecha límite no puede ser anterior a la creación de la beca (${formatDay(today)}).`],
        ['a date that does not exist', milestones([{ ...first, dueDate: '2099-02-30' }, second]), 400, 'El hito 1: la fecha 2099-02-30 no existe.'],
        ['both amount and share', milestones([{ ...first, share: '40' }, second]), 400, 'El hito 1: Cada hito lleva un monto o una parte (%), no ambos ni ninguno.'],
        ['an unknown milestone', milestones([{ ...first, id: otherMilestone.id }, second]), 400, 'Uno de los hitos ya no existe en esta beca. Recarga la página.'],
        ['no milestones', milestones([]), 400, 'Define entre 1 y 20 hitos.'],
        ['a milestone title with NUL', milestones([{ ...first, title: 'Auditoría\u0000' }, second]), 400, TEXT_RULE],
        ['a milestone title with an escape sequence', milestones([{ ...first, title: '\u001b[31mAuditoría\u0007' }, second]), 400, TEXT_RULE],
        ['a cancellation reason with NUL', () => admin.post(`/applications/${reference}/grant/cancel`, { reason: 'Se retiró\u0000' }), 400, TEXT_RULE],
        ['a report with a bidi override', () => portal(cookies.owner).report(reportPath(reference, contract!.id), { text: 'Listo \u202etxt.exe' }), 400, TEXT_RULE],
        ['a reviewer asking for changes without a comment', () => team(members.reviewer).post(reviewPath(reference, contract!.id), { version: 1, decision: 'changes_requested' }), 400, 'Escribe qué cambios pides: el comentario es obligatorio.'],
        ['a review of a report never sent', () => team(members.reviewer).post(reviewPath(reference, contract!.id), { version: 1, decision: 'accepted' }), 409, 'Solo se revisa la última versión del informe, y una sola vez.'],
        ['a review of an unknown milestone', () => team(members.reviewer).post(reviewPath(reference, otherMilestone.id), { version: 1, decision: 'accepted' }), 404, 'No encontramos ese hito en la beca.'],
        ['a report on someone else\'s grant', () => portal(cookies.owner).report(reportPath(other, otherMilestone.id), { text: 'Hola' }), 404, 'No encontramos esa beca.'],
        ['a report on a milestone of another grant', () => portal(cookies.owner).report(reportPath(reference, otherMilestone.id), { text: 'Hola' }), 404, 'No encontramos ese hito en la beca.'],
        ['a report without text', () => portal(cookies.owner).report(reportPath(reference, contract!.id), { text: '  ' }), 400, 'Escribe tu informe: entre 1 y 5.000 caracteres.'],
        ['a report too long', () => portal(cookies.owner).report(reportPath(reference, contract!.id), { text: 'a'.repeat(5001) }), 400, 'Escribe tu informe: entre 1 y 5.000 caracteres.'],
        ['a link that is not https', () => portal(cookies.owner).report(reportPath(reference, contract!.id), { text: 'Avance', links: 'http://demo.example.org' }), 400, 'Los enlaces van uno por línea, hasta 5, y cada uno empieza con https://.'],
        ['six links', () => portal(cookies.owner).report(reportPath(reference, contract!.id), { text: 'Avance', links: Array.from({ length: 6 }, (_, n) => `https://example.org/${n}`).join('\n') }), 400, 'Los enlaces van uno por línea, hasta 5, y cada uno empieza con https://.'],
        ['a file of a type not accepted', () => portal(cookies.owner).report(reportPath(reference, contract!.id), { text: 'Avance', file: { name: 'x.exe', bytes: Buffer.from('MZ\x90\x00binary') } }), 400, 'El archivo debe ser PDF, PNG, JPEG, GIF, WebP, un documento de oficina (docx, xlsx, pptx, odt, ods, odp) o texto plano.'],
        ['a file over 4 MB', () => portal(cookies.owner).report(reportPath(reference, contract!.id), { text: 'Avance', file: { name: 'big.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(4 * 1024 * 1024)]) } }), 413, 'El archivo no puede superar 4 MB.'],
      ];
      for (const [name, call, status, error] of more) {
        const before = await snapshot();
        const response = await call();
        expect({ name, status: response.status, body: await response.json() }).toEqual({ name, status, body: { error } });
        expect(await snapshot()).toEqual(before);
      }

      // Accepted milestones are frozen, and a report on one is refused.
      expect((await portal(cookies.owner).report(reportPath(reference, contract!.id), { text: 'Desplegado', links: 'https://sepolia.example.org/tx/1\n\nhttps://github.com/ejemplo/repo' })).status).toBe(201);
      expect((await team(members.reviewer).post(reviewPath(reference, contract!.id), { version: 1, decision: 'accepted' })).status).toBe(200);
      const frozen: Array<[string, () => Promise<Response>, number, string]> = [
        ['a report on an accepted milestone', () => portal(cookies.owner).report(reportPath(reference, contract!.id), { text: 'Otra vez' }), 409, 'Este hito ya fue aceptado: no recibe más informes.'],
        ['an accepted milestone changed', milestones([{ ...first, id: contract!.id, title: 'Contrato v2' }, { ...second, id: audit!.id }]), 400, 'El hito «Contrato» ya fue aceptado: no se puede quitar ni cambiar.'],
        ['an accepted milestone removed', milestones([{ ...second, share: undefined, amount: '0.5', id: audit!.id }]), 400, 'El hito «Contrato» ya fue aceptado: no se puede quitar ni cambiar.'],
      ];
      for (const [name, call, status, error] of frozen) {
        const before = await snapshot();
        const response = await call();
        expect({ name, status: response.status, body: await response.json() }).toEqual({ name, status, body: { error } });
        expect(await snapshot()).toEqual(before);
      }
      // The accepted one unchanged, the other changed: allowed.
      const changed = await defineMilestones(reference, [{ ...first, id: contract!.id }, { ...second, id: audit!.id, title: 'Auditoría externa' }]);
      expect(changed.milestones.map((milestone) => [milestone.id, milestone.title, milestone.state])).toEqual([
        [contract!.id, 'Contrato', 'accepted'],
        [audit!.id, 'Auditoría externa', 'pending'],
      ]);
    });

    it('reads an amount written as the screens show it, «USD 12.000,00», as twelve thousand, the same as «12000»', async () => {
      const created = await create(await application('owner@example.org'), 'USD 12.000,00', 'USD');
      expect(created).toMatchObject({ amount: '12000.00', currency: 'USD', outstanding: '12000.00' });
      expect((await db().query<{ amount: string }>('SELECT amount::text AS amount FROM grants WHERE id = $1', [created.id]))[0]!.amount).toBe('1200000');
    });

    it('takes 2.125 ETH as the team’s screens send it, «2.1250», and refuses «2.125», which reads two ways', async () => {
      const reference = await application('owner@example.org');
      const refused = await team(members.admin).post(`/applications/${reference}/grant`, { amount: '2.125', currency: 'ETH' });
      expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 400, body: { error: '¿2.125 = dos mil ciento veinticinco? Escribe 2125 o 2.125,0; si son decimales, escribe 2,1250.' } });
      expect(await create(reference, '2.1250', 'ETH')).toMatchObject({ amount: '2.125', currency: 'ETH' });
    });

    it('creates the grant with the approving decision, in its transaction: a refused grant undoes the decision too', async () => {
      const decide = (reference: string, body: object) => team(members.admin).post(`/applications/${reference}/decision`, { status: 'approved', reason: 'meets-criteria', ...body });
      const statusOf = async (reference: string) => (await db().query<{ status: string }>('SELECT status FROM submissions WHERE id = $1', [reference.replace(/^[A-Z]{2}-0*/, '')]))[0]!.status;

      const refused = await application('owner@example.org', { status: 'in_review' });
      for (const [body, status, error] of [
        [{ grant: { amount: '12.345', currency: 'USD' } }, 400, '¿12.345 = doce mil trescientos cuarenta y cinco? Escribe 12345 o 12.345,00.'],
        [{ grant: { amount: '1234.567', currency: 'USD' } }, 400, 'El monto admite como máximo 2 decimales en USD.'],
        [{ status: 'rejected', reason: 'x', grant: { amount: '10', currency: 'USD' } }, 400, 'El monto de la beca solo se indica al aprobar.'],
      ] as const) {
        const before = await snapshot();
        const response = await decide(refused, body);
        expect({ status: response.status, body: await response.json() }).toEqual({ status, body: { error } });
        expect(await snapshot()).toEqual(before);
        expect(await statusOf(refused)).toBe('in_review');
      }

      const approved = await application('owner@example.org', { status: 'in_review' });
      const response = await decide(approved, { grant: { amount: '2.75', currency: 'ETH' } });
      expect(response.status).toBe(200);
      expect(await statusOf(approved)).toBe('approved');
      const grant = (await (await team(members.reviewer).get(`/applications/${approved}/grant`)).json()) as TeamGrant;
      expect(grant).toMatchObject({ amount: '2.75', currency: 'ETH', state: 'active', milestones: [], paid: '0', outstanding: '2.75' });
      expect((await db().query<{ amount: string }>('SELECT amount::text AS amount FROM grants WHERE id = $1', [grant.id]))[0]!.amount).toBe('2750000000000000000');
    });

    it('withholds the grant from a reviewer who declared a conflict on the application, as every route about it', async () => {
      const reference = await application('owner@example.org');
      const created = await create(reference, '100', 'USD');
      const [reviewer] = await db().query<{ id: string }>("SELECT id::text AS id FROM team_members WHERE email = 'reviewer@example.org'");
      expect((await team(members.admin).post(`/applications/${reference}/reviewers`, { memberIds: [reviewer!.id] })).status).toBe(200);
      expect((await team(members.reviewer).post(`/applications/${reference}/declaration`, { conflict: true, reason: 'Trabajé con el equipo.' })).status).toBe(200);
      const before = await snapshot();
      expect((await team(members.reviewer).get(`/applications/${reference}/grant`)).status).toBe(403);
      const milestones = { milestones: [{ title: 'Único', doneCriteria: 'Hecho', dueDate: dayOffset(created.today, 10), share: '100' }] };
      expect((await team(members.reviewer).post(reviewPath(reference, '1'), { version: 1, decision: 'accepted' })).status).toBe(403);
      expect(await snapshot()).toEqual(before);
      expect((await team(members.admin).post(`/applications/${reference}/grant/milestones`, milestones)).status).toBe(200);
    });

    it('runs a report round: changes asked (emailed with the comment), a new version, accepted (emailed); versions kept, webhooks and audit', async () => {
      const reference = await application('owner@example.org');
      const created = await create(reference, '1500.00', 'USD');
      expect(created).toMatchObject({ amount: '1500.00', currency: 'USD', state: 'active', stateLabel: 'Activa', paid: '0.00', outstanding: '1500.00', payments: [], createdBy: 'admin@example.org' });
      const grant = await defineMilestones(reference, [
        { title: 'Prototipo funcional', doneCriteria: 'Una demo pública con el flujo de pago completo', dueDate: dayOffset(created.today, 60), amount: '500' },
        { title: 'Lanzamiento', doneCriteria: 'Publicado en mainnet', dueDate: dayOffset(created.today, 90), amount: '1000.00' },
      ]);
      const milestone = grant.milestones[0]!;
      const sent = await portal(cookies.owner).report(reportPath(reference, milestone.id), { text: 'La demo está lista.', links: 'https://demo.example.org', file: { name: 'avance.pdf', bytes: PDF } });
      expect(sent.status).toBe(201);
      expect(((await sent.json()) as ApplicantGrant).milestones[0]).toMatchObject({ state: 'delivered', stateLabel: 'Entregado', reports: [{ version: 1, links: ['https://demo.example.org'], file: { name: 'avance.pdf', mediaType: 'application/pdf' } }] });

      expect((await team(members.reviewer).post(reviewPath(reference, milestone.id), { version: 1, decision: 'changes_requested', comment: 'Falta el flujo de reembolso en la demo.' })).status).toBe(200);
      const changes = await arrived('owner@example.org', `«Prototipo funcional» (${reference})`);
      console.log(`--- changes asked (${backend}) ---\nSubject: ${changes.headers.subject}\n\n${changes.text}`);
      expect(changes.headers.subject).toBe(`Te pedimos cambios en tu informe del hito «Prototipo funcional» (${reference})`);
      expect(changes.text).toContain('Falta el flujo de reembolso en la demo.');
      expect(changes.text.trimEnd().endsWith(PORTAL)).toBe(true);

      const resent = await portal(cookies.owner).report(reportPath(reference, milestone.id), { text: 'Agregué el reembolso.' });
      expect(resent.status).toBe(201);
      expect((await team(members.admin).post(reviewPath(reference, milestone.id), { version: 2, decision: 'accepted' })).status).toBe(200);
      const accepted = await arrived('owner@example.org', `Aceptamos tu informe del hito «Prototipo funcional» (${reference})`);
      console.log(`--- report accepted (${backend}) ---\nSubject: ${accepted.headers.subject}\n\n${accepted.text}`);
      expect(accepted.headers.subject).toBe(`Aceptamos tu informe del hito «Prototipo funcional» (${reference})`);
      expect(accepted.text.trimEnd().endsWith(PORTAL)).toBe(true);

      const mine = (await (await portal(cookies.owner).get(`/applications/${reference}/grant`)).json()) as ApplicantGrant;
      expect(mine.milestones[0]).toMatchObject({
        state: 'accepted',
        stateLabel: 'Aceptado',
        reports: [
          { version: 1, body: 'La demo está lista.', decision: 'changes_requested', comment: 'Falta el flujo de reembolso en la demo.' },
          { version: 2, body: 'Agregué el reembolso.', decision: 'accepted', comment: null },
        ],
      });
      expect(JSON.stringify(mine)).not.toContain('reviewer@example.org');
      const teamView = (await (await team(members.reviewer).get(`/applications/${reference}/grant`)).json()) as TeamGrant;
      expect(teamView.milestones[0]!.reports.map((report) => report.reviewedBy)).toEqual(['reviewer@example.org', 'admin@example.org']);
      // One milestone still open: the grant stays active.
      expect(teamView.state).toBe('active');
      const events = await db().query<{ event: string }>('SELECT event FROM webhook_outbox WHERE submission_id = $1 ORDER BY id', [reference.replace(/^[A-Z]{2}-0*/, '')]);
      expect(events.map((row) => row.event).filter((event) => event.startsWith('grant.'))).toEqual(['grant.created', 'grant.milestone_accepted']);
      const audit = (await auditEntries(db())).filter((entry) => entry.target.startsWith(reference));
      expect(audit.map((entry) => [entry.actor, entry.action, entry.target])).toEqual([
        ['admin@example.org', 'create-grant', `${reference} USD 1.500,00`],
        ['admin@example.org', 'define-milestones', `${reference} 2 hitos`],
        ['Solicitante', 'applicant-report', `${reference} hito «Prototipo funcional»`],
        ['reviewer@example.org', 'review-report', `${reference} hito «Prototipo funcional» v1: cambios pedidos`],
        ['Solicitante', 'applicant-report', `${reference} hito «Prototipo funcional»`],
        ['admin@example.org', 'review-report', `${reference} hito «Prototipo funcional» v2: aceptado`],
      ]);
    });

    it('sends the 7-day reminder and the Vencido one once each at their moment, and drops a stale one at send time', async () => {
      const reference = await application('owner@example.org');
      const created = await create(reference, '300', 'DAI');
      const { today } = created;
      // The grant was made 20 days ago: as if the clock had moved 20 days since.
      await db().query("UPDATE grants SET created_at = created_at - interval '20 days' WHERE id = $1", [created.id]);
      const soon = { title: 'Hito cercano', doneCriteria: 'Entregado', dueDate: dayOffset(today, 5), amount: '100' };
      const later = { title: 'Hito lejano', doneCriteria: 'Entregado', dueDate: dayOffset(today, 30), amount: '100' };
      const late = { title: 'Hito atrasado', doneCriteria: 'Entregado', dueDate: dayOffset(today, -3), amount: '100' };
      const grant = await defineMilestones(reference, [soon, later, late]);
      expect(grant.milestones.map((milestone) => [milestone.title, milestone.state, milestone.stateLabel])).toEqual([
        ['Hito cercano', 'pending', 'Pendiente'],
        ['Hito lejano', 'pending', 'Pendiente'],
        ['Hito atrasado', 'overdue', 'Vencido'],
      ]);
      const [soonId, laterId, lateId] = grant.milestones.map((milestone) => milestone.id);
      const queued = async (id: string) =>
        db().query<{ key: string; at: string; status: string }>(
          "SELECT idempotency_key AS key, to_char(next_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS at, status FROM mail_outbox WHERE idempotency_key LIKE $1 ORDER BY id",
          [`reminder:milestone:${id}:%`],
        );
      expect(await queued(laterId!)).toEqual([
        { key: `reminder:milestone:${laterId}:${later.dueDate}:7d`, at: `${dayOffset(today, 23)} 12:00`, status: 'pending' },
        { key: `reminder:milestone:${laterId}:${later.dueDate}:overdue`, at: `${dayOffset(today, 31)} 12:00`, status: 'pending' },
      ]);
      // The overdue milestone: no 7-day reminder for a date already past, the Vencido one at once.
      expect((await queued(lateId!)).map((row) => row.key)).toEqual([`reminder:milestone:${lateId}:${late.dueDate}:overdue`]);

      const reminder = await arrived('owner@example.org', 'fecha límite del hito «Hito cercano» es el');
      console.log(`--- reminder, 7 days before (${backend}) ---\nSubject: ${reminder.headers.subject}\n\n${reminder.text}`);
      expect(reminder.text.trimEnd().endsWith(PORTAL)).toBe(true);
      const overdue = await arrived('owner@example.org', '«Hito atrasado» pasó su fecha límite');
      console.log(`--- reminder, Vencido (${backend}) ---\nSubject: ${overdue.headers.subject}\n\n${overdue.text}`);
      expect(overdue.text).toContain('«Vencido»');
      // Every milestone email gives the programme's contact address (src/config/site.ts).
      expect(overdue.text).toContain(`Si necesitas más tiempo, escríbenos a ${contact.general} indicando tu número de referencia.`);
      expect(reminder.text).toContain(`Si tienes alguna pregunta, escríbenos a ${contact.general}`);
      await eventually(async () => (await queued(soonId!)).find((row) => row.key.endsWith(':7d'))?.status === 'sent');

      // Defined again with the same dates: nothing new queued. A new date for the later milestone: new reminders, the old ones stale.
      await defineMilestones(reference, [{ ...soon, id: soonId }, { ...later, id: laterId }, { ...late, id: lateId }]);
      expect(await queued(laterId!)).toHaveLength(2);
      const moved = dayOffset(today, 6);
      await defineMilestones(reference, [{ ...soon, id: soonId }, { ...later, id: laterId, dueDate: moved }, { ...late, id: lateId }]);
      expect((await queued(laterId!)).map((row) => row.key)).toEqual([
        `reminder:milestone:${laterId}:${later.dueDate}:7d`,
        `reminder:milestone:${laterId}:${later.dueDate}:overdue`,
        `reminder:milestone:${laterId}:${moved}:7d`,
        `reminder:milestone:${laterId}:${moved}:overdue`,
      ]);
      await eventually(async () => (await queued(laterId!)).find((row) => row.key === `reminder:milestone:${laterId}:${moved}:7d`)?.status === 'sent');
      // The old date's reminder comes due (its moment arrives): the worker drops it instead of sending it.
      await db().query("UPDATE mail_outbox SET next_attempt_at = now() WHERE idempotency_key = $1", [`reminder:milestone:${laterId}:${later.dueDate}:7d`]);
      await eventually(async () => (await queued(laterId!))[0]!.status === 'skipped');
      // An accepted milestone's Vencido reminder is dropped too.
      expect((await portal(cookies.owner).report(reportPath(reference, soonId!), { text: 'Listo' })).status).toBe(201);
      expect((await team(members.reviewer).post(reviewPath(reference, soonId!), { version: 1, decision: 'accepted' })).status).toBe(200);
      await db().query("UPDATE mail_outbox SET next_attempt_at = now() WHERE idempotency_key = $1", [`reminder:milestone:${soonId}:${soon.dueDate}:overdue`]);
      await eventually(async () => (await queued(soonId!)).find((row) => row.key.endsWith(':overdue'))?.status === 'skipped');

      const subjects = sink.received.filter((email) => email.envelopeTo.includes('owner@example.org')).map((email) => email.headers.subject ?? '');
      expect(subjects.filter((subject) => subject.includes('fecha límite del hito «Hito cercano» es el'))).toHaveLength(1);
      expect(subjects.filter((subject) => subject.includes('«Hito atrasado» pasó su fecha límite'))).toHaveLength(1);
      expect(subjects.filter((subject) => subject.includes(`la fecha límite del hito «Hito lejano» es el`))).toHaveLength(1);
      expect(subjects.filter((subject) => subject.includes('«Hito cercano» pasó su fecha límite'))).toHaveLength(0);
    });

    it('emails the grantee the milestones once, when the team first defines them, and calls an event sponsorship a patrocinio', async () => {
      const reference = await application('owner@example.org', { form: 'small-grants', values: validSmallGrantsEvent() });
      const { today } = await create(reference);
      const first = { title: 'Evento realizado', doneCriteria: 'Fotos y lista de asistentes', dueDate: dayOffset(today, 40), amount: '1000' };
      const [defined] = (await defineMilestones(reference, [first])).milestones;
      const email = await arrived('owner@example.org', `Ya están los hitos de tu patrocinio (${reference})`);
      console.log(`--- milestones defined (${backend}) ---\nSubject: ${email.headers.subject}\n\n${email.text}`);
      expect(email.text).toContain('El equipo de Cadena Academy definió los hitos de tu patrocinio:');
      expect(email.text).toMatch(/^1\. «Evento realizado», fecha límite: \d{1,2} de [a-z]+ de \d{4}$/m);
      expect(email.text).toContain(`escríbenos a ${contact.general} indicando tu número de referencia.`);
      expect(email.text.trimEnd().endsWith(PORTAL)).toBe(true);
      const seen = (await (await portal(cookies.owner).get(`/applications/${reference}/grant`)).json()) as ApplicantGrant;
      expect(seen).toMatchObject({ noun: 'patrocinio', stateLabel: 'Activo' });

      // Changed and extended later: no second notice.
      await defineMilestones(reference, [
        { ...first, id: defined!.id, amount: '500' },
        { title: 'Informe final', doneCriteria: 'Un informe', dueDate: dayOffset(today, 60), amount: '500' },
      ]);
      const notices = await db().query("SELECT 1 FROM mail_outbox WHERE purpose = 'milestones-defined' AND subject LIKE $1", [`%(${reference})`]);
      expect(notices).toHaveLength(1);
    });

    it('says what is next from where the grant stands: the ID, the payment details, the milestones, all accepted, closed', async () => {
      const reference = await application('owner@example.org');
      const next = async (): Promise<string | null> => ((await (await portal(cookies.owner).get(`/applications/${reference}`)).json()) as ApplicantApplicationDetail).nextStep;
      expect(await next()).toBe('El equipo te escribirá con tu ID de seguridad (Security Grantee ID), que necesitarás para enviarnos tus datos de pago por el formulario seguro del sitio.');

      expect((await team(members.admin).post(`/applications/${reference}/grantee`)).status).toBe(201);
      expect(await next()).toBe('Ya te enviamos por correo tu ID de seguridad (Security Grantee ID): úsalo para enviarnos tus datos de pago por el formulario seguro del sitio.');

      const [grantee] = await db().query<{ id: string }>('SELECT id::text AS id FROM grantees WHERE submission_id = $1', [reference.replace(/^PG-0*/, '')]);
      await db().transaction((tx) => recordFinanceDetails(tx, grantee!.id, formDefinitions['grantee-finance'].toPayload(validFinanceCrypto()), storage.keys()));
      expect(await next()).toBe('Recibimos tus datos de pago. El equipo registrará tu beca y sus hitos: los verás en esta página.');

      const { today } = await create(reference);
      expect(await next()).toBe('Recibimos tus datos de pago. El equipo definirá los hitos de tu beca y te avisará por correo cuando estén.');

      const [milestone] = (await defineMilestones(reference, [{ title: 'Todo', doneCriteria: 'Hecho', dueDate: dayOffset(today, 10), amount: '1000' }])).milestones;
      expect(await next()).toBe('Envía el informe de avance de cada hito en esta página, antes de su fecha límite. El equipo lo revisará y te avisará por correo.');

      expect((await portal(cookies.owner).report(reportPath(reference, milestone!.id), { text: 'Listo' })).status).toBe(201);
      expect((await team(members.reviewer).post(reviewPath(reference, milestone!.id), { version: 1, decision: 'accepted' })).status).toBe(200);
      expect(await next()).toBe('El equipo aceptó todos tus hitos: los pagos pendientes aparecerán en esta página cuando el equipo de finanzas los registre.');

      expect((await team(members.admin).post(`/applications/${reference}/grant/complete`, {})).status).toBe(200);
      expect(await next()).toBe('Tu beca está completa: no tienes nada pendiente. Gracias por tu trabajo.');
    });
  });
}
