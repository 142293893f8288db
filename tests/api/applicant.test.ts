import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApplicantApplicationDetail,
  ApplicantApplicationList,
  InformationResponseCreated,
  LinkAccepted,
} from '../../src/api/contracts/applicant';
import type { ErasureRequestList, QuestionEmailPreview, QuestionSent, SatisfactionSummary, TeamInformationRequest } from '../../src/api/contracts/teamInformation';
import { formDefinitions, type FormKey, type FormValues } from '../../src/forms/definitions';
import { receiveApplication } from '../../src/server/applications/receive';
import { recordFinanceDetails } from '../../src/server/finance/receive';
import type { RunningServer } from '../../src/server/main';
import { referenceOf } from '../../src/server/mail/compose';
import type { Role } from '../../src/server/team/roles';
import { validDevconGrants, validFinanceCrypto, validProjectGrants } from '../../scripts/support/formAnswers';
import { createRestartableStorage, eventually, FAST_RETRY_ENV, type RestartableStorage } from './support/restartableServer';
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from './support/smtpSink';
import { auditEntries, enrolMember, SITE, teamClient, type Member } from './support/teamClient';
import { BACKENDS, startTestServer } from './support/testServer';

const PORTAL = `${SITE}/mi-solicitud/`;
const COOKIE = '__Host-solicitante';
const NOT_FOUND = { error: 'No encontramos esa solicitud.' };
const SIGNED_OUT = { error: 'Tu sesión terminó. Pide un enlace nuevo para entrar.' };
const USED_LINK = { error: 'El enlace venció o ya se usó. Pide uno nuevo.' };
/** A sign-in token: 43 base64url characters (any such run in an email is a token). */
const TOKEN_PATTERN = /[A-Za-z0-9_-]{43}/;

/** The smallest PDF file-type recognises. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type Json = Record<string, unknown>;

/** The portal as the browser calls it: the cookie it holds, the site's Origin on POSTs. */
function applicantClient(baseUrl: string, cookie: string | null) {
  const cookieHeader: Record<string, string> = cookie ? { cookie } : {};
  return {
    get: (path: string) => fetch(`${baseUrl}/api/applicant${path}`, { headers: cookieHeader }),
    post: (path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}/api/applicant${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE, ...cookieHeader, ...headers }, body: JSON.stringify(body) }),
    /** An answer as the page sends it: FormData with `text` and maybe `file`. */
    respond: (path: string, parts: { text?: string; file?: { name: string; bytes: Buffer; type?: string } }) => {
      const form = new FormData();
      if (parts.text !== undefined) form.append('text', parts.text);
      if (parts.file) form.append('file', new Blob([new Uint8Array(parts.file.bytes)], { type: parts.file.type ?? 'application/octet-stream' }), parts.file.name);
      return fetch(`${baseUrl}/api/applicant${path}`, { method: 'POST', headers: { origin: SITE, ...cookieHeader }, body: form });
    },
  };
}

const cookieOf = (response: Response): string => {
  const line = response.headers.getSetCookie().find((header) => header.startsWith(`${COOKIE}=`));
  if (!line) throw new Error('no applicant cookie set');
  return line.split(';')[0]!;
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const backend of BACKENDS) {
  describe(`applicant portal (${backend})`, () => {
    let sink: SmtpSink;
    let storage: RestartableStorage;
    let server: RunningServer;
    const members = {} as Record<Role, Member>;

    const team = (member: Member | null) => teamClient(server.address, member?.cookie ?? null);
    const portal = (cookie: string | null) => applicantClient(server.address, cookie);

    /** A stored application (as the form route stores it, confirmation queued) by `email`. */
    async function application(email: string, form: FormKey = 'project-grants', values: FormValues = validProjectGrants()): Promise<string> {
      const id = await receiveApplication(server.database, { form, endpoint: `/api/${form}`, payload: formDefinitions[form].toPayload({ ...values, email }), upload: null });
      return referenceOf(form, id);
    }

    const LINK_SUBJECT = 'Tu enlace para ver tus solicitudes en Cadena Academy';
    const linkEmails = (email: string) => sink.received.filter((message) => message.envelopeTo.includes(email) && message.headers.subject === LINK_SUBJECT);
    const tokenIn = (text: string): string => {
      const link = new RegExp(`${SITE}/mi-solicitud/entrar/#([A-Za-z0-9_-]{43})\\n`).exec(text);
      if (!link) throw new Error('no sign-in link in the email');
      return link[1]!;
    };

    /** The per-address window passes (as if 15 minutes went by): the next request gets a link. */
    const windowPasses = (email: string) => server.database.query("UPDATE applicant_links SET created_at = created_at - interval '1 hour' WHERE email = $1", [email]);

    /** Asks for a link as the page does and returns the token of the email that arrives. */
    async function requestLink(email: string): Promise<string> {
      const before = linkEmails(email).length;
      await windowPasses(email);
      expect((await portal(null).post('/link', { email })).status).toBe(202);
      await eventually(() => linkEmails(email).length > before);
      return tokenIn(linkEmails(email).at(-1)!.text);
    }

    async function signIn(email: string, previousCookie: string | null = null): Promise<string> {
      const response = await portal(previousCookie).post('/session', { token: await requestLink(email) });
      expect(response.status).toBe(200);
      return cookieOf(response);
    }

    const queuedLinks = async (email: string): Promise<number> =>
      (await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE purpose = 'applicant-link' AND recipient = $1", [email]))[0]!.n;

    const detailOf = async (cookie: string, reference: string): Promise<ApplicantApplicationDetail> => {
      const response = await portal(cookie).get(`/applications/${reference}`);
      expect(response.status).toBe(200);
      return (await response.json()) as ApplicantApplicationDetail;
    };

    const askQuestion = async (reference: string, question: string): Promise<QuestionSent> => {
      const response = await team(members.reviewer).post(`/applications/${reference}/information-request/send`, { question });
      expect(response.status).toBe(200);
      return (await response.json()) as QuestionSent;
    };

    const arrivedTo = async (address: string, subjectPart: string): Promise<ReceivedEmail> => {
      const matching = () => sink.received.filter((email) => email.envelopeTo.includes(address) && (email.headers.subject ?? '').includes(subjectPart));
      await eventually(() => matching().length > 0);
      return matching().at(-1)!;
    };

    const webhookEvents = async (reference: string): Promise<string[]> =>
      (await server.database.query<{ event: string }>('SELECT event FROM webhook_outbox WHERE submission_id = $1 ORDER BY id', [reference.replace(/^[A-Z]{2}-0*/, '')])).map((row) => row.event);

    let ana: string;
    let bruno: string;
    let anaRef: string;
    let anaEvent: string;
    let brunoRef: string;

    beforeAll(async () => {
      sink = await startSmtpSink();
      storage = await createRestartableStorage(backend);
      server = await storage.start(
        { SMTP_URL: sink.url, MAIL_FROM: '"Cadena Academy" <hola@example.org>', ...FAST_RETRY_ENV },
        { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000', APPLICANT_LINK_RATE_LIMIT_PER_MINUTE: '1000' },
      );
      for (const role of ['admin', 'reviewer', 'finance'] as const) members[role] = await enrol(role);
      // One active receiver, whose deliveries wait unsent (no worker without WEBHOOK_URLS): the queued events can be read.
      await server.database.query("INSERT INTO webhook_endpoints (url_sha256) VALUES ('test-endpoint')");
      // The address in another letter case than the applicant types it later.
      anaRef = await application('Ana.Perez@Example.org');
      anaEvent = await application('ana.perez@example.org', 'devcon-grants', validDevconGrants());
      brunoRef = await application('bruno@example.org');
      ana = await signIn('ana.perez@example.org');
      bruno = await signIn('bruno@example.org');
    });
    afterAll(async () => {
      await server?.stop();
      await storage?.close();
      await sink?.close();
    });
    const enrol = (role: Role) => enrolMember(server.address, server.database, `${role}@example.org`, role, storage.keys());

    describe('the sign-in link', () => {
      it('answers 202 with the same body and about the same time for a known and an unknown address, and emails only the known one', async () => {
        const timed = async (email: string) => {
          await windowPasses(email);
          const started = performance.now();
          const response = await portal(null).post('/link', { email });
          const elapsed = performance.now() - started;
          return { status: response.status, body: (await response.json()) as LinkAccepted, elapsed };
        };
        const known: Array<Awaited<ReturnType<typeof timed>>> = [];
        const unknown: Array<Awaited<ReturnType<typeof timed>>> = [];
        for (let round = 0; round < 5; round += 1) {
          known.push(await timed('bruno@example.org'));
          unknown.push(await timed('nadie@example.org'));
        }
        for (const answer of [...known, ...unknown]) expect(answer).toMatchObject({ status: 202, body: known[0]!.body });
        expect(known[0]!.body.message).toContain('Si ese correo tiene solicitudes con nosotros');
        const medians = { known: median(known.map((answer) => answer.elapsed)), unknown: median(unknown.map((answer) => answer.elapsed)) };
        console.log(`link request, median of 5 (ms): known ${medians.known.toFixed(1)}, unknown ${medians.unknown.toFixed(1)}`);
        expect(Math.abs(medians.known - medians.unknown)).toBeLessThan(60);
        expect(await queuedLinks('nadie@example.org')).toBe(0);
        expect(await queuedLinks('bruno@example.org')).toBeGreaterThanOrEqual(5);
      });

      it('limits each address silently: the fourth request in the window still gets 202, and no fourth email', async () => {
        const email = 'carla@example.org';
        await application(email);
        const answers = [];
        for (let request = 0; request < 4; request += 1) answers.push(await portal(null).post('/link', { email: 'Carla@Example.org' }));
        expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
        expect(await queuedLinks(email)).toBe(3);
      });

      it('sends the link to the page in the fragment, valid once, and ends the email with the portal', async () => {
        const token = await requestLink('bruno@example.org');
        const email = linkEmails('bruno@example.org').at(-1)!;
        expect(email.text).toContain(`${SITE}/mi-solicitud/entrar/#${token}\n`);
        // The token is bound to no device: the email does not say "este mismo dispositivo".
        expect(email.text).toContain('Ábrelo en el navegador donde quieras verlas:');
        expect(email.text.trimEnd().endsWith(PORTAL)).toBe(true);
        const first = await portal(null).post('/session', { token });
        expect(first.status).toBe(200);
        expect(await first.json()).toEqual({ email: 'bruno@example.org' });
        const cookie = first.headers.getSetCookie().find((line) => line.startsWith(`${COOKIE}=`))!;
        expect(cookie).toMatch(/; Path=\//);
        expect(cookie).toMatch(/; HttpOnly/);
        expect(cookie).toMatch(/; Secure/);
        expect(cookie).toMatch(/; SameSite=Strict/);
        const again = await portal(null).post('/session', { token });
        expect(again.status).toBe(410);
        expect(await again.json()).toEqual(USED_LINK);
        // Only the token's hash is stored.
        const stored = await server.database.query<{ token_hash: string }>('SELECT token_hash FROM applicant_links');
        expect(stored.some((row) => row.token_hash === token)).toBe(false);
      });

      it('refuses an expired link (410) and a malformed one (400)', async () => {
        const token = await requestLink('bruno@example.org');
        await server.database.query("UPDATE applicant_links SET expires_at = now() - interval '1 second' WHERE email = 'bruno@example.org'");
        const expired = await portal(null).post('/session', { token });
        expect(expired.status).toBe(410);
        expect(await expired.json()).toEqual(USED_LINK);
        for (const bad of [{ token: 'abc' }, { token: 42 }, {}, { token: `${token}x` }]) {
          const response = await portal(null).post('/session', bad);
          expect(response.status, JSON.stringify(bad)).toBe(400);
          expect(await response.json()).toEqual({ error: 'El enlace no es válido. Pide uno nuevo.' });
        }
      });

      it('starts a fresh session at each link (the browser’s previous one ends) and ends sessions idle for 60 minutes', async () => {
        const first = await signIn('bruno@example.org');
        const second = await signIn('bruno@example.org', first);
        expect(second).not.toBe(first);
        expect((await portal(first).get('/me')).status).toBe(401);
        expect(await (await portal(second).get('/me')).json()).toEqual({ email: 'bruno@example.org' });
        expect(await (await portal(second).get('/session')).json()).toEqual({ signedIn: true, email: 'bruno@example.org' });
        await server.database.query("UPDATE applicant_sessions SET last_seen_at = now() - interval '61 minutes' WHERE email = 'bruno@example.org'");
        const idle = await portal(second).get('/me');
        expect(idle.status).toBe(401);
        expect(await idle.json()).toEqual(SIGNED_OUT);
        // The portal's probe says the same without a 401 (the browser would log it).
        const probe = await portal(second).get('/session');
        expect(probe.status).toBe(200);
        expect(await probe.json()).toEqual({ signedIn: false });
        bruno = await signIn('bruno@example.org');
        await server.database.query("UPDATE applicant_sessions SET created_at = now() - interval '25 hours' WHERE email = 'bruno@example.org'");
        expect((await portal(bruno).get('/me')).status).toBe(401);
        bruno = await signIn('bruno@example.org');
      });
    });

    describe('authorisation', () => {
      it('gives anonymous, applicant A and applicant B exactly their answers on every applicant route', async () => {
        // A question on Ana's application, so that the response route has a request to answer.
        const asked = await askQuestion(anaRef, '¿Cuál es el presupuesto detallado?');
        const requestId = asked.request.id;
        const missing = 'PG-999999';
        type Call = { method: 'GET' | 'POST' | 'FORM'; path: string; body?: Json; expected: { anonymous: number; a: number; b: number } };
        // Order matters only for A's signout, last.
        const routes: Call[] = [
          { method: 'GET', path: '/me', expected: { anonymous: 401, a: 200, b: 200 } },
          { method: 'GET', path: '/session', expected: { anonymous: 200, a: 200, b: 200 } },
          { method: 'GET', path: '/applications', expected: { anonymous: 401, a: 200, b: 200 } },
          { method: 'GET', path: `/applications/${anaRef}`, expected: { anonymous: 401, a: 200, b: 404 } },
          { method: 'GET', path: `/applications/${missing}`, expected: { anonymous: 401, a: 404, b: 404 } },
          { method: 'POST', path: `/applications/${anaRef}/satisfaction`, body: { rating: 5 }, expected: { anonymous: 401, a: 409, b: 404 } },
          { method: 'POST', path: `/applications/${missing}/withdraw`, body: {}, expected: { anonymous: 401, a: 404, b: 404 } },
          { method: 'FORM', path: `/applications/${anaRef}/requests/${requestId}/response`, expected: { anonymous: 401, a: 201, b: 404 } },
          { method: 'FORM', path: `/applications/${missing}/requests/${requestId}/response`, expected: { anonymous: 401, a: 404, b: 404 } },
          { method: 'POST', path: `/applications/${anaRef}/withdraw`, body: { reason: 'Matrix' }, expected: { anonymous: 401, a: 200, b: 404 } },
          { method: 'GET', path: '/data', expected: { anonymous: 401, a: 200, b: 200 } },
          { method: 'POST', path: '/erasure-request', body: {}, expected: { anonymous: 401, a: 202, b: 202 } },
          { method: 'POST', path: '/link', body: { email: 'ana.perez@example.org' }, expected: { anonymous: 202, a: 202, b: 202 } },
          { method: 'POST', path: '/session', body: { token: 'A'.repeat(43) }, expected: { anonymous: 410, a: 410, b: 410 } },
          { method: 'POST', path: '/signout', body: {}, expected: { anonymous: 401, a: 204, b: 204 } },
        ];
        const call = (cookie: string | null, route: Call) =>
          route.method === 'GET' ? portal(cookie).get(route.path) : route.method === 'FORM' ? portal(cookie).respond(route.path, { text: 'El presupuesto va adjunto.' }) : portal(cookie).post(route.path, route.body);
        const seen: Array<[string, number, number, number]> = [];
        const notFoundBodies: unknown[] = [];
        // B before A: A's withdrawal would otherwise change what B is refused for (it must not matter: same 404).
        for (const route of routes) {
          const anonymous = await call(null, route);
          const b = await call(bruno, route);
          if (b.status === 404) notFoundBodies.push(await b.json());
          const a = await call(ana, route);
          if (a.status === 404) notFoundBodies.push(await a.json());
          seen.push([`${route.method} ${route.path.replace(anaRef, '{A}').replace(missing, '{missing}').replace(`/${requestId}/`, '/{request}/')}`, anonymous.status, a.status, b.status]);
        }
        expect(seen).toEqual(routes.map((route) => [expect.any(String), route.expected.anonymous, route.expected.a, route.expected.b]));
        // The same 404 body for another's reference and a reference that does not exist.
        expect(notFoundBodies.length).toBeGreaterThan(5);
        for (const body of notFoundBodies) expect(body).toEqual(NOT_FOUND);
        console.table(seen.map(([route, anonymous, a, b]) => ({ route, anonymous, 'applicant A': a, 'applicant B': b })));
        ana = await signIn('ana.perez@example.org');
        bruno = await signIn('bruno@example.org');
      });

      it('lists only the applicant’s own applications, matched on the email answer in any letter case, newest first', async () => {
        const list = (await (await portal(ana).get('/applications')).json()) as ApplicantApplicationList;
        expect(list.items.map((item) => item.reference)).toEqual([anaEvent, anaRef]);
        expect(list.items[0]).toMatchObject({ form: 'devcon-grants', programme: 'Devcon Grants', title: validDevconGrants().eventName, status: 'received', statusLabel: 'Recibida' });
        expect(list.items[1]).toMatchObject({ form: 'project-grants', title: validProjectGrants().projectName });
        const brunos = (await (await portal(bruno).get('/applications')).json()) as ApplicantApplicationList;
        expect(brunos.items.map((item) => item.reference)).toEqual([brunoRef]);
      });

      it('refuses the applicant cookie on team routes and the team cookie on applicant routes', async () => {
        expect((await fetch(`${server.address}/api/team/applications`, { headers: { cookie: ana } })).status).toBe(401);
        expect((await fetch(`${server.address}/api/team/applications/${anaRef}`, { headers: { cookie: ana } })).status).toBe(401);
        for (const path of ['/me', '/applications', `/applications/${anaRef}`, '/data']) {
          expect((await portal(members.admin.cookie).get(path)).status, path).toBe(401);
        }
        expect((await portal(members.admin.cookie).post(`/applications/${anaRef}/withdraw`, {})).status).toBe(401);
      });

      it('refuses state changes from another origin, without an Origin, and not in JSON', async () => {
        expect((await portal(bruno).post(`/applications/${brunoRef}/withdraw`, {}, { origin: 'https://evil.example' })).status).toBe(403);
        const noOrigin = await fetch(`${server.address}/api/applicant/applications/${brunoRef}/withdraw`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: bruno }, body: '{}' });
        expect(noOrigin.status).toBe(403);
        const form = await fetch(`${server.address}/api/applicant/link`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE }, body: 'email=bruno@example.org' });
        expect(form.status).toBe(415);
        expect((await detailOf(bruno, brunoRef)).status).toBe('received');
      });
    });

    describe('requests for information', () => {
      let reference: string;
      let cookie: string;

      beforeAll(async () => {
        reference = await application('dora@example.org');
        cookie = await signIn('dora@example.org');
        const assigned = await team(members.admin).post(`/applications/${reference}/assign`, { memberId: await memberIdOf('reviewer@example.org') });
        expect(assigned.status).toBe(200);
        // An assigned reviewer declares before reading or acting on the application.
        expect((await team(members.reviewer).post(`/applications/${reference}/declaration`, { conflict: false })).status).toBe(200);
      });
      const memberIdOf = async (email: string) => (await server.database.query<{ id: string }>('SELECT id::text AS id FROM team_members WHERE email = $1', [email]))[0]!.id;

      it('previews the question as sent, sets Información solicitada, and emails the applicant without a token', async () => {
        const question = '¿Puedes enviarnos el presupuesto por partidas?';
        const preview = (await (await team(members.reviewer).post(`/applications/${reference}/information-request/preview`, { question })).json()) as QuestionEmailPreview;
        expect(preview.body).toContain(question);
        expect((await team(members.finance).post(`/applications/${reference}/information-request/send`, { question })).status).toBe(403);
        const sent = await askQuestion(reference, question);
        expect(sent).toMatchObject({ status: 'information_requested', statusLabel: 'Información solicitada', request: { question, responses: [] } });
        const email = await arrivedTo('dora@example.org', 'necesita más información');
        expect(email.headers.subject).toBe(preview.subject);
        expect(email.text.trim()).toBe(preview.body.trim());
        // How to answer: the portal, with this same address (a link comes by email).
        expect(email.text).toContain(`Para responder, entra en ${PORTAL} con este mismo correo: te enviaremos un enlace para abrir tu solicitud`);
        expect(email.text.trimEnd().endsWith(PORTAL)).toBe(true);
        expect(email.text).not.toMatch(TOKEN_PATTERN);
        const detail = await detailOf(cookie, reference);
        expect(detail).toMatchObject({ status: 'information_requested', statusLabel: 'Información solicitada', canWithdraw: true, canRate: false });
        expect(detail.steps.map((step) => step.label)).toEqual(['Recibida', 'Información solicitada']);
        expect(detail.informationRequests).toEqual([{ id: sent.request.id, question, askedAt: sent.request.askedAt, correction: null, responses: [] }]);
        expect(detail.nextStep).toContain('respóndela en esta página');
        expect(await webhookEvents(reference)).toEqual(expect.arrayContaining(['application.status_changed', 'application.information_requested']));
      });

      it('refuses a file over 4 MB and a forbidden file type, storing nothing', async () => {
        const [request] = (await detailOf(cookie, reference)).informationRequests;
        const path = `/applications/${reference}/requests/${request!.id}/response`;
        const countResponses = async () => (await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM information_responses'))[0]!.n;
        const before = await countResponses();
        const tooLarge = await portal(cookie).respond(path, { text: 'Adjunto.', file: { name: 'grande.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(4 * 1024 * 1024)]) } });
        expect(tooLarge.status).toBe(413);
        expect(await tooLarge.json()).toEqual({ error: 'El archivo no puede superar 4 MB.' });
        const executable = await portal(cookie).respond(path, { text: 'Adjunto.', file: { name: 'presupuesto.pdf', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]) } });
        expect(executable.status).toBe(400);
        expect(((await executable.json()) as { error: string }).error).toMatch(/^El archivo debe ser PDF/);
        for (const text of ['', '   ', 'x'.repeat(32769), 'control \u0007']) {
          const response = await portal(cookie).respond(path, { text });
          expect(response.status, JSON.stringify(text.slice(0, 10))).toBe(400);
        }
        expect((await portal(cookie).respond(path, {})).status).toBe(400);
        expect((await portal(cookie).post(path, { text: 'JSON' })).status).toBe(415);
        const truncated = await fetch(`${server.address}/api/applicant${path}`, {
          method: 'POST',
          headers: { origin: SITE, cookie, 'content-type': 'multipart/form-data; boundary=xyz' },
          body: '--xyz\r\nContent-Disposition: form-data; name="text"\r\n\r\nHola',
        });
        expect(truncated.status).toBe(400);
        expect(await countResponses()).toBe(before);
        expect((await detailOf(cookie, reference)).status).toBe('information_requested');
      });

      it('stores the answer and its file beside the original answers, goes back to En revisión and tells the assignee', async () => {
        const before = (await (await team(members.reviewer).get(`/applications/${reference}`)).json()) as { sections: unknown };
        const [request] = (await detailOf(cookie, reference)).informationRequests;
        const response = await portal(cookie).respond(`/applications/${reference}/requests/${request!.id}/response`, {
          text: 'Va el presupuesto por partidas.',
          file: { name: '../presupuesto final.pdf', bytes: PDF, type: 'application/pdf' },
        });
        expect(response.status).toBe(201);
        const created = (await response.json()) as InformationResponseCreated;
        expect(created).toMatchObject({ status: 'in_review', statusLabel: 'En revisión', response: { text: 'Va el presupuesto por partidas.', fileName: 'presupuesto final.pdf' } });
        const teamView = (await (await team(members.reviewer).get(`/applications/${reference}`)).json()) as { sections: unknown; status: string; informationRequests: TeamInformationRequest[] };
        expect(teamView.status).toBe('in_review');
        expect(teamView.sections).toEqual(before.sections);
        const answer = teamView.informationRequests[0]!.responses[0]!;
        expect(answer).toMatchObject({ text: 'Va el presupuesto por partidas.', fileName: 'presupuesto final.pdf' });
        const download = await fetch(`${server.address}${answer.fileLink!}`, { headers: { cookie: members.finance.cookie } });
        expect(download.status).toBe(200);
        expect(download.headers.get('content-type')).toBe('application/pdf');
        expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
        expect((await fetch(`${server.address}${answer.fileLink!}`, { headers: { cookie } })).status).toBe(401);
        const notice = await arrivedTo('reviewer@example.org', 'Llegó la respuesta');
        expect(notice.text).toContain(reference);
        expect(notice.text).not.toContain('Va el presupuesto');
        expect(await webhookEvents(reference)).toContain('application.information_received');
        // Another round.
        await askQuestion(reference, '¿Y el cronograma?');
        const detail = await detailOf(cookie, reference);
        expect(detail.informationRequests.map((item) => item.question)).toEqual(['¿Puedes enviarnos el presupuesto por partidas?', '¿Y el cronograma?']);
        expect(detail.steps.map((step) => step.label)).toEqual(['Recibida', 'Información solicitada', 'En revisión', 'Información solicitada']);
      });
    });

    describe('withdrawal, decision message and satisfaction', () => {
      it('withdraws with a reason until a decision, and refuses it after one', async () => {
        const reference = await application('eva@example.org');
        const decided = await application('eva@example.org');
        const cookie = await signIn('eva@example.org');
        const withdrawn = await portal(cookie).post(`/applications/${reference}/withdraw`, { reason: 'Conseguimos otra financiación.' });
        expect(withdrawn.status).toBe(200);
        expect(await withdrawn.json()).toEqual({ status: 'withdrawn', statusLabel: 'Retirada' });
        const teamView = (await (await team(members.reviewer).get(`/applications/${reference}`)).json()) as { status: string; withdrawal: { reason: string } };
        expect(teamView).toMatchObject({ status: 'withdrawn', withdrawal: { reason: 'Conseguimos otra financiación.' } });
        expect(await webhookEvents(reference)).toContain('application.withdrawn');
        const again = await portal(cookie).post(`/applications/${reference}/withdraw`, {});
        expect(again.status).toBe(409);
        await team(members.reviewer).post('/applications/status', { references: [decided], status: 'in_review' });
        expect((await team(members.admin).post(`/applications/${decided}/decision`, { status: 'approved', reason: 'meets-criteria' })).status).toBe(200);
        const late = await portal(cookie).post(`/applications/${decided}/withdraw`, {});
        expect(late.status).toBe(409);
        expect(await late.json()).toEqual({ error: 'La solicitud ya tiene una decisión o fue retirada: ya no se puede retirar.' });
        expect((await detailOf(cookie, decided)).status).toBe('approved');
        const audit = await auditEntries(server.database);
        expect(audit).toContainEqual({ actor: 'Solicitante', action: 'applicant-withdraw', target: reference });
        expect(audit).toContainEqual({ actor: 'Solicitante', action: 'change-status', target: `${reference}: Recibida → Retirada` });
      });

      it('shows the team’s message with the decision, in the email and the portal, and takes one rating', async () => {
        const reference = await application('fede@example.org');
        const cookie = await signIn('fede@example.org');
        expect((await portal(cookie).post(`/applications/${reference}/satisfaction`, { rating: 4 })).status).toBe(409);
        await team(members.reviewer).post('/applications/status', { references: [reference], status: 'in_review' });
        expect((await team(members.admin).post(`/applications/${reference}/decision`, { status: 'approved', reason: 'meets-criteria' })).status).toBe(200);
        const applicantMessage = 'Nos gustó mucho el plan de difusión.';
        const preview = (await (await team(members.reviewer).post(`/applications/${reference}/decision-email/preview`, { applicantMessage })).json()) as { subject: string; text: string };
        expect(preview.text).toContain(applicantMessage);
        expect((await team(members.reviewer).post(`/applications/${reference}/decision-email/send`, { subject: preview.subject, text: preview.text })).status).toBe(409);
        expect((await team(members.reviewer).post(`/applications/${reference}/decision-email/send`, { ...preview, applicantMessage })).status).toBe(202);
        const email = await arrivedTo('fede@example.org', 'fue aprobada');
        expect(email.text).toContain(applicantMessage);
        const detail = await detailOf(cookie, reference);
        expect(detail).toMatchObject({ status: 'approved', statusLabel: 'Aprobada', decisionMessage: { text: applicantMessage }, canWithdraw: false, canRate: true, satisfaction: null });
        expect(detail.nextStep).toContain('ID de seguridad');
        const rated = await portal(cookie).post(`/applications/${reference}/satisfaction`, { rating: 4, comment: 'Claro y rápido.' });
        expect(rated.status).toBe(201);
        const twice = await portal(cookie).post(`/applications/${reference}/satisfaction`, { rating: 1 });
        expect(twice.status).toBe(409);
        expect(await detailOf(cookie, reference)).toMatchObject({ canRate: false, satisfaction: { rating: 4, comment: 'Claro y rápido.' } });
        const summary = (await (await team(members.finance).get('/satisfaction')).json()) as SatisfactionSummary;
        expect(summary.programmes.find((programme) => programme.form === 'project-grants')).toMatchObject({ average: 4, count: 1 });
        const teamView = (await (await team(members.reviewer).get(`/applications/${reference}`)).json()) as { satisfaction: unknown; decisionMessage: unknown };
        expect(teamView).toMatchObject({ satisfaction: { rating: 4, comment: 'Claro y rápido.' }, decisionMessage: { text: applicantMessage } });
        // Payment details sent with the grantee ID: only that a version arrived, and when.
        expect((await team(members.admin).post(`/applications/${reference}/grantee`)).status).toBe(201);
        const [grantee] = await server.database.query<{ id: string }>('SELECT id::text AS id FROM grantees WHERE submission_id = $1', [reference.replace(/^[A-Z]{2}-0*/, '')]);
        const version = await server.database.transaction((tx) => recordFinanceDetails(tx, grantee!.id, formDefinitions['grantee-finance'].toPayload(validFinanceCrypto()), storage.keys()));
        const withPayment = await detailOf(cookie, reference);
        expect(withPayment.paymentDetailsReceived).toEqual([{ at: expect.any(String) }]);
        const data = await (await portal(cookie).get('/data')).text();
        expect(JSON.parse(data)).toMatchObject({ grantees: [{ paymentDetails: [{ reference: referenceOf('grantee-finance', version.id), version: 1, receivedAt: expect.any(String) }] }] });
        expect(data).not.toContain(validFinanceCrypto().ethAddress!);
      });
    });

    describe('own data', () => {
      it('downloads the data-rights export of the address without payment details, and files an erasure request the admins see', async () => {
        const cookie = await signIn('bruno@example.org');
        const response = await portal(cookie).get('/data');
        expect(response.status).toBe(200);
        expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="mis-datos-\d{4}-\d{2}-\d{2}\.json"$/);
        const data = (await response.json()) as { email: string; applications: Array<{ reference: string }> };
        expect(data.email).toBe('bruno@example.org');
        expect(data.applications.map((item) => item.reference)).toEqual([brunoRef]);
        const anas = (await (await portal(ana).get('/data')).json()) as { applications: Array<{ reference: string; informationRequests: Array<{ question: string; responses: Array<{ text: string }> }>; withdrawal: { reason: string } | null }> };
        expect(anas.applications.find((item) => item.reference === anaRef)).toMatchObject({
          informationRequests: [{ question: '¿Cuál es el presupuesto detallado?', responses: [{ text: 'El presupuesto va adjunto.' }] }],
          withdrawal: { reason: 'Matrix' },
        });
        await server.database.query('DELETE FROM applicant_erasure_requests');
        const requested = await portal(cookie).post('/erasure-request', {});
        expect(requested.status).toBe(202);
        const list = (await (await team(members.admin).get('/data-rights/erasure-requests')).json()) as ErasureRequestList;
        expect(list.items).toEqual([{ id: expect.any(String), email: 'bruno@example.org', requestedAt: expect.any(String), daysLeft: 15 }]);
        expect((await team(members.reviewer).get('/data-rights/erasure-requests')).status).toBe(403);
        const erased = await team(members.admin).post('/data-rights/erase', { email: 'bruno@example.org', confirm: 'bruno@example.org' });
        expect(erased.status).toBe(200);
        expect(((await (await team(members.admin).get('/data-rights/erasure-requests')).json()) as ErasureRequestList).items).toEqual([]);
        expect((await portal(cookie).get('/me')).status).toBe(401);
      });
    });

    describe('malformed requests', () => {
      it('answers every malformed body with a 4xx in Spanish, never a 5xx', async () => {
        const EMAIL = 'Escribe un correo electrónico válido.';
        const UNREADABLE = 'No pudimos leer lo que enviaste.';
        const RATING = 'Elige una valoración del 1 al 5.';
        const REASON = 'El motivo puede tener hasta 2.000 caracteres.';
        const TEXT = 'Tu texto tiene un carácter que no podemos guardar (suele venir de copiar y pegar). Pégalo como texto sin formato e inténtalo de nuevo.';
        const cases: Array<[string, string | Json, string]> = [
          ['/link', {}, EMAIL],
          ['/link', { email: 'no es un correo' }, EMAIL],
          ['/link', { email: ['a@example.org'] }, EMAIL],
          ['/link', { email: `${'a'.repeat(250)}@example.org` }, EMAIL],
          ['/link', '{"email": ', UNREADABLE],
          ['/link', '[]', UNREADABLE],
          ['/session', { token: null }, 'El enlace no es válido. Pide uno nuevo.'],
          [`/applications/${anaRef}/satisfaction`, {}, RATING],
          [`/applications/${anaRef}/satisfaction`, { rating: 0 }, RATING],
          [`/applications/${anaRef}/satisfaction`, { rating: 6 }, RATING],
          [`/applications/${anaRef}/satisfaction`, { rating: '5' }, RATING],
          [`/applications/${anaRef}/satisfaction`, { rating: 3.5 }, RATING],
          [`/applications/${anaRef}/satisfaction`, { rating: 3, comment: 'x'.repeat(2001) }, 'El comentario puede tener hasta 2.000 caracteres.'],
          [`/applications/${anaEvent}/withdraw`, { reason: 'x'.repeat(2001) }, REASON],
          [`/applications/${anaEvent}/withdraw`, { reason: 7 }, REASON],
          [`/applications/${anaEvent}/withdraw`, { reason: ['Ya no'] }, REASON],
          // The rule of allowed text (NUL answered 500 and ESC, BEL were stored before it held here).
          [`/applications/${anaRef}/satisfaction`, { rating: 4, comment: 'Muy claro\u0000' }, TEXT],
          [`/applications/${anaRef}/satisfaction`, { rating: 4, comment: '\u001b[31mMuy claro\u0007' }, TEXT],
          [`/applications/${anaEvent}/withdraw`, { reason: 'Ya no\u0000' }, TEXT],
          [`/applications/${anaEvent}/withdraw`, { reason: 'Ya no \u001b[2J' }, TEXT],
          [`/applications/${anaEvent}/withdraw`, { reason: 'Ya no \u202etxt' }, TEXT],
          [`/applications/${anaEvent}/withdraw`, { reason: 'Ya no \ud800' }, TEXT],
          [`/applications/${'X'.repeat(100)}/withdraw`, {}, 'No encontramos esa solicitud.'],
          ['/erasure-request', '{"__proto__": {}}', UNREADABLE],
        ];
        for (const [path, body, message] of cases) {
          const response = await fetch(`${server.address}/api/applicant${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: SITE, cookie: ana },
            body: typeof body === 'string' ? body : JSON.stringify(body),
          });
          const label = `${path.slice(0, 40)} ${(typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 40)}`;
          expect(response.status, label).toBe(400);
          expect(await response.json(), label).toEqual({ error: message });
        }
        expect((await detailOf(ana, anaEvent)).status).toBe('received');
      });
    });

    describe('emails to the applicant', () => {
      it('all end with the portal link and carry no token, the link email aside', async () => {
        const reference = await application('gabi@example.org');
        await eventually(() => sink.received.some((email) => email.envelopeTo.includes('gabi@example.org')));
        const cookie = await signIn('gabi@example.org');
        await askQuestion(reference, '¿Cuántas personas asistirán?');
        const [request] = (await detailOf(cookie, reference)).informationRequests;
        await portal(cookie).respond(`/applications/${reference}/requests/${request!.id}/response`, { text: 'Unas 200.' });
        expect((await team(members.admin).post(`/applications/${reference}/decision`, { status: 'approved', reason: 'meets-criteria' })).status).toBe(200);
        const preview = (await (await team(members.reviewer).post(`/applications/${reference}/decision-email/preview`, {})).json()) as { subject: string; text: string };
        expect((await team(members.reviewer).post(`/applications/${reference}/decision-email/send`, preview)).status).toBe(202);
        expect((await team(members.admin).post(`/applications/${reference}/grantee`)).status).toBe(201);
        await eventually(() => sink.received.filter((email) => email.envelopeTo.includes('gabi@example.org')).length >= 5);
        const emails = sink.received.filter((email) => email.envelopeTo.includes('gabi@example.org'));
        const subjects = emails.map((email) => email.headers.subject);
        expect(subjects.sort()).toEqual(
          [
            `Recibimos tu solicitud a Project Grants (${reference})`,
            'Tu enlace para ver tus solicitudes en Cadena Academy',
            `El equipo necesita más información sobre tu solicitud a Project Grants (${reference})`,
            `Tu solicitud a Project Grants fue aprobada (${reference})`,
            `Tu ID de seguridad (Security Grantee ID) para Project Grants (${reference})`,
          ].sort(),
        );
        for (const email of emails) {
          expect(email.text.trimEnd().endsWith(PORTAL), email.headers.subject).toBe(true);
          const withoutOwnLink = email.text.replace(/\S+\/mi-solicitud\/entrar\/#\S+/, '');
          expect(withoutOwnLink, email.headers.subject).not.toMatch(TOKEN_PATTERN);
          expect(withoutOwnLink).not.toContain('/mi-solicitud/entrar/');
        }
        for (const email of emails) console.log(`--- ${email.headers.subject}\n${email.text}`);
      });
    });
  });
}

describe('applicant portal rate limit per client', () => {
  it('answers 429 in Spanish once a client has asked for too many links in a minute', async () => {
    const server = await startTestServer({ env: { APPLICANT_LINK_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      let refused: Response | null = null;
      for (let request = 0; request < 4; request += 1) {
        const response = await fetch(`${server.url}/api/applicant/link`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SITE },
          body: JSON.stringify({ email: `persona${request}@example.org` }),
        });
        statuses.push(response.status);
        if (response.status === 429) refused = response;
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
      expect(await refused!.json()).toEqual({ error: 'Demasiados intentos: espera un minuto e inténtalo de nuevo.' });
    } finally {
      await server.close();
    }
  });
});
