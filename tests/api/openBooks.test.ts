/**
 * Open books on the server (issue 51), on PGlite and PostgreSQL: the grantee's consent (GET/PUT
 * /api/applicant/applications/:reference/publication) and the public list (GET /api/open-books/grants).
 * Nothing of a grant is public until its grantee publishes it, and then only the parts they allowed:
 * every string of the list is checked against the stored application's answers, the payments'
 * destinations and the bank transfer's reference. Consent given, changed and withdrawn (the list follows
 * at once), bad input refused with nothing stored, another applicant's grant answered 404, erasure,
 * the webhooks, the ETag and who may call what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_COOKIE } from '../../src/api/contracts/applicant';
import { OPEN_BOOKS_GRANTS_PATH, PUBLICATION_MESSAGES, type Publication, type PublicationChoice, type PublishedGrantList } from '../../src/api/contracts/openBooks';
import { formDefinitions } from '../../src/forms/definitions';
import type { FormValues } from '../../src/forms/definitions/types';
import { DISALLOWED_TEXT_MESSAGE_ES } from '../../src/forms/definitions/validate';
import { startApplicantSession } from '../../src/server/applicant/sessions';
import { receiveApplication } from '../../src/server/applications/receive';
import { ConfigError, loadConfig } from '../../src/server/config';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { referenceOf } from '../../src/server/mail/compose';
import { syncWebhookEndpoints } from '../../src/server/webhooks/outbox';
import { validProjectGrants, validSmallGrantsProject } from '../../scripts/support/formAnswers';
import { enrolMember, SITE, teamClient, type Member } from './support/teamClient';
import { BACKENDS, startTestServer, type TestServer } from './support/testServer';

const HOOK = 'https://crm.example.org/hook';
const EXPLORERS = 'ethereum=https://etherscan.io/tx/,l2=https://optimistic.etherscan.io/tx/';
const ROSA = 'rosa.mamani@example.org';
const BRUNO = 'bruno.silva@example.org';
const ETH_HASH = `0x${'ab'.repeat(32)}`;
const L2_HASH = `0x${'cd'.repeat(32)}`;
const IBAN = 'PE12 3456 7890 1234 5678 90';
const BANK_REFERENCE = 'TRF-ROSA-2026-0042';
const ETH_DESTINATION = `0x${'1f'.repeat(20)}`;
const DAI_DESTINATION = `0x${'2e'.repeat(20)}`;
/** What Rosa writes for publication: nothing of it is in her application. */
const PUBLIC_NAME = 'Talleres de Solidity en el altiplano';
const PUBLIC_DESCRIPTION = 'Talleres gratuitos para estudiantes de Puno y Juliaca, con materiales abiertos.';

const everything: PublicationChoice = { publish: true, projectName: PUBLIC_NAME, description: PUBLIC_DESCRIPTION, showAmount: true, showMilestones: true, showPayments: true };

/** Every string in a JSON value (keys' values, nested), for comparing with what must never be there. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object') return Object.values(value as Record<string, unknown>).flatMap(stringsOf);
  return [];
}

for (const backend of BACKENDS) {
  describe(`open books: the grantee's consent and the public list (${backend})`, () => {
    let server: TestServer;
    const members = {} as Record<'admin' | 'finance', Member>;
    let rosaRef = '';
    let rosaId = '';
    let rosaAnswers: FormValues = {};
    let brunoRef = '';
    let rosaCookie = '';
    let brunoCookie = '';

    const count = async (sql: string, params: unknown[] = []): Promise<number> => (await server.database.query<{ n: number }>(sql, params))[0]!.n;
    /** What a refused call must leave as it was: the choices, the audit log and the webhooks. */
    const state = async () => ({
      publications: await count('SELECT count(*)::int AS n FROM grant_publications'),
      stored: (await server.database.query('SELECT * FROM grant_publications ORDER BY grant_id')).map((row) => JSON.stringify(row)),
      audit: await count('SELECT count(*)::int AS n FROM team_audit_log'),
      webhooks: await count('SELECT count(*)::int AS n FROM webhook_outbox'),
    });
    const url = (reference: string) => `${server.url}/api/applicant/applications/${reference}/publication`;
    const getChoice = (reference: string, cookie: string | null) => fetch(url(reference), { headers: cookie ? { cookie } : {} });
    const putChoice = (reference: string, cookie: string | null, body: unknown, headers: Record<string, string> = {}) =>
      fetch(url(reference), { method: 'PUT', headers: { 'content-type': 'application/json', origin: SITE, ...(cookie ? { cookie } : {}), ...headers }, body: JSON.stringify(body) });
    const publicList = async (): Promise<{ text: string; body: PublishedGrantList }> => {
      const answer = await fetch(`${server.url}${OPEN_BOOKS_GRANTS_PATH}`);
      expect(answer.status).toBe(200);
      const text = await answer.text();
      return { text, body: JSON.parse(text) as PublishedGrantList };
    };
    const webhookEvents = async (): Promise<string[]> => (await server.database.query<{ event: string }>("SELECT event FROM webhook_outbox WHERE event LIKE 'grant.%published' ORDER BY id")).map((row) => row.event);
    const lastAudit = async () => (await server.database.query<{ actor: string; action: string; target: string }>('SELECT actor, action, target FROM team_audit_log ORDER BY id DESC LIMIT 1'))[0];

    beforeAll(async () => {
      server = await startTestServer({ backend, env: { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000', BLOCK_EXPLORER_TX_URLS: EXPLORERS } });
      await syncWebhookEndpoints(server.database, [HOOK]);
      const keys = resolveFinanceKeys(server.config).keyring;
      for (const role of ['admin', 'finance'] as const) members[role] = await enrolMember(server.url, server.database, `${role}@example.org`, role, keys);
      const db = server.database;
      rosaAnswers = { ...validProjectGrants(), firstName: 'Rosa', lastName: 'Mamani-Condori', email: ROSA, company: 'Cooperativa Altiplano Digital', projectName: 'Verkle explorer para Puno' };
      rosaId = await receiveApplication(db, { form: 'project-grants', endpoint: '/api/project-grants', payload: formDefinitions['project-grants'].toPayload(rosaAnswers), upload: null });
      rosaRef = referenceOf('project-grants', rosaId);
      await db.query("UPDATE submissions SET status = 'approved' WHERE id = $1", [rosaId]);
      const [grant] = await db.query<{ id: string }>("INSERT INTO grants (submission_id, amount, currency, created_at) VALUES ($1, 1000000, 'USD', '2026-10-01T12:00:00Z') RETURNING id::text AS id", [rosaId]);
      await db.query(
        `INSERT INTO grant_milestones (grant_id, position, title, done_criteria, due_date, amount, state, accepted_at) VALUES
         ($1, 1, 'Primer taller', 'Criterio interno: lista de asistencia firmada', '2026-10-20', 500000, 'accepted', now()),
         ($1, 2, 'Segundo taller', 'Criterio interno: fotos del taller', '2026-11-01', 500000, 'pending', NULL)`,
        [grant!.id],
      );
      // Three advances: ETH on Ethereum, DAI on a layer 2, and a bank transfer with its bank's reference and an IBAN.
      const finance = teamClient(server.url, members.finance.cookie);
      const payments = [
        { amount: '0.5', currency: 'ETH', grantAmount: '1500.00', rate: '1 ETH = 3000 USD', paidOn: '2026-10-05', method: 'eth', reference: ETH_HASH, destination: ETH_DESTINATION },
        { amount: '1000', currency: 'DAI', grantAmount: '1000.00', rate: '1 DAI = 1 USD', paidOn: '2026-10-10', method: 'dai_l2', reference: L2_HASH, destination: DAI_DESTINATION },
        { amount: '2000.00', currency: 'USD', paidOn: '2026-10-15', method: 'bank_transfer', reference: BANK_REFERENCE, destination: IBAN },
      ];
      for (const payment of payments) expect((await finance.post(`/applications/${rosaRef}/grant/payments`, { milestoneId: null, ...payment, confirmMismatch: true })).status).toBe(201);
      // Bruno: an approved Small Grants application, without a grant.
      brunoRef = referenceOf(
        'small-grants',
        await receiveApplication(db, {
          form: 'small-grants',
          endpoint: '/api/small-grants/project',
          payload: formDefinitions['small-grants'].toPayload({ ...validSmallGrantsProject(), email: BRUNO }),
          upload: null,
        }),
      );
      await db.query("UPDATE submissions SET status = 'approved' WHERE id = $1", [brunoRef.replace(/^[A-Z]{2}-0*/, '')]);
      rosaCookie = `${APPLICANT_COOKIE}=${await startApplicantSession(db, ROSA)}`;
      brunoCookie = `${APPLICANT_COOKIE}=${await startApplicantSession(db, BRUNO)}`;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('answers each route by who calls exactly as the table says, and a refused caller stores nothing', async () => {
      const before = await state();
      // Signed out: 401 on the grantee's routes; the public list needs no session.
      expect((await getChoice(rosaRef, null)).status).toBe(401);
      expect((await putChoice(rosaRef, null, everything)).status).toBe(401);
      // Another applicant: 404, as for a missing application, and nothing stored.
      const foreign = await putChoice(rosaRef, brunoCookie, everything);
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toEqual({ error: 'No encontramos esa solicitud.' });
      expect((await getChoice(rosaRef, brunoCookie)).status).toBe(404);
      // A team member's session is not an applicant's: 401 on the portal's routes.
      expect((await getChoice(rosaRef, members.admin.cookie)).status).toBe(401);
      expect((await putChoice(rosaRef, members.admin.cookie, everything)).status).toBe(401);
      // The grantee herself from another site, or without an Origin: 403.
      expect((await putChoice(rosaRef, rosaCookie, everything, { origin: 'https://evil.example' })).status).toBe(403);
      expect((await fetch(url(rosaRef), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: rosaCookie }, body: JSON.stringify(everything) })).status).toBe(403);
      expect(await state()).toEqual(before);
      expect((await fetch(`${server.url}${OPEN_BOOKS_GRANTS_PATH}`)).status).toBe(200);
      // The owner: 200.
      expect((await getChoice(rosaRef, rosaCookie)).status).toBe(200);
    });

    it('answers 409 with a sentence for an application without a grant, and stores nothing', async () => {
      const before = await state();
      const read = await getChoice(brunoRef, brunoCookie);
      expect(read.status).toBe(409);
      expect(await read.json()).toEqual({ error: PUBLICATION_MESSAGES.noGrant });
      const write = await putChoice(brunoRef, brunoCookie, everything);
      expect(write.status).toBe(409);
      expect(await write.json()).toEqual({ error: PUBLICATION_MESSAGES.noGrant });
      expect(await state()).toEqual(before);
    });

    it('shows nothing of a grant before its grantee chooses, nor while the choice does not publish', async () => {
      const fresh = (await (await getChoice(rosaRef, rosaCookie)).json()) as Publication;
      expect(fresh).toEqual({ choice: { publish: false, projectName: '', description: '', showAmount: false, showMilestones: false, showPayments: false }, updatedAt: null });
      expect((await publicList()).body.grants).toEqual([]);
      // Everything allowed but publish off: still nothing, and no webhook.
      const saved = await putChoice(rosaRef, rosaCookie, { ...everything, publish: false });
      expect(saved.status).toBe(200);
      expect(((await saved.json()) as Publication).choice).toEqual({ ...everything, publish: false });
      const { text, body } = await publicList();
      expect(body.grants).toEqual([]);
      for (const secret of [PUBLIC_NAME, ETH_HASH, '10000.00']) expect(text).not.toContain(secret);
      expect(await webhookEvents()).toEqual([]);
      expect(await lastAudit()).toEqual({ actor: 'Solicitante', action: 'applicant-change-publication', target: rosaRef });
    });

    it('refuses a description over its limit, markup and control characters with a clear sentence, storing nothing', async () => {
      const before = await state();
      const cases: Array<[Partial<PublicationChoice>, string]> = [
        [{ description: 'a'.repeat(601) }, 'La descripción pública puede tener hasta 600 caracteres.'],
        [{ projectName: 'n'.repeat(121) }, 'El nombre del proyecto puede tener hasta 120 caracteres.'],
        [{ projectName: 'Talleres <a href="https://phish.example">aquí</a>' }, PUBLICATION_MESSAGES.nameMarkup],
        [{ description: 'Mira esto <script>alert(1)</script>' }, PUBLICATION_MESSAGES.descriptionMarkup],
        [{ description: 'Texto </p> cortado' }, PUBLICATION_MESSAGES.descriptionMarkup],
        [{ description: 'Timbre\u0007 escondido' }, DISALLOWED_TEXT_MESSAGE_ES],
        [{ projectName: '   ' }, PUBLICATION_MESSAGES.nameNeeded],
      ];
      for (const [change, message] of cases) {
        const answer = await putChoice(rosaRef, rosaCookie, { ...everything, ...change });
        expect(answer.status, JSON.stringify(change)).toBe(400);
        expect(await answer.json()).toEqual({ error: message });
      }
      expect((await putChoice(rosaRef, rosaCookie, { ...everything, showAmount: 'sí' })).status).toBe(400);
      expect((await putChoice(rosaRef, rosaCookie, { publish: true })).status).toBe(400);
      expect(await state()).toEqual(before);
      // A "<" that opens no tag is text: "menos de <10 días" is kept.
      const kept = await putChoice(rosaRef, rosaCookie, { ...everything, publish: false, description: 'Respuesta en menos de <10 días.' });
      expect(kept.status).toBe(200);
      expect(((await kept.json()) as Publication).choice.description).toBe('Respuesta en menos de <10 días.');
    });

    it('publishes what the grantee allowed and nothing of the application, the IBAN or the bank reference', async () => {
      const saved = await putChoice(rosaRef, rosaCookie, { ...everything, projectName: `  ${PUBLIC_NAME} ` });
      expect(saved.status).toBe(200);
      const publication = (await saved.json()) as Publication;
      expect(publication.choice).toEqual(everything);
      expect(publication.updatedAt).toEqual(expect.any(String));
      expect(await webhookEvents()).toEqual(['grant.published']);
      expect(await lastAudit()).toEqual({ actor: 'Solicitante', action: 'applicant-publish-grant', target: `${rosaRef} monto=sí hitos=sí pagos=sí` });

      const { text, body } = await publicList();
      console.info(`[${backend}] GET ${OPEN_BOOKS_GRANTS_PATH} with Rosa's grant published:\n${JSON.stringify(body, null, 2)}`);
      expect(body.grants).toHaveLength(1);
      const [grant] = body.grants;
      expect(grant).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        programme: 'project-grants',
        programmeName: 'Project Grants',
        round: { id: expect.any(String), name: 'Project Grants · primera convocatoria' },
        approvedOn: '2026-10-01',
        projectName: PUBLIC_NAME,
        description: PUBLIC_DESCRIPTION,
        amount: { amount: '10000.00', currency: 'USD', paid: '4500.00' },
        milestones: {
          done: 1,
          total: 2,
          items: [
            { title: 'Primer taller', state: 'accepted', stateLabel: 'Aceptado' },
            { title: 'Segundo taller', state: 'overdue', stateLabel: 'Vencido' },
          ],
        },
        payments: [
          { kind: 'onchain', paidOn: '2026-10-05', amount: '0.5', currency: 'ETH', network: 'Ethereum', txHash: ETH_HASH, explorerUrl: `https://etherscan.io/tx/${ETH_HASH}` },
          { kind: 'onchain', paidOn: '2026-10-10', amount: '1000', currency: 'DAI', network: 'Capa 2', txHash: L2_HASH, explorerUrl: `https://optimistic.etherscan.io/tx/${L2_HASH}` },
          { kind: 'bank_transfer', paidOn: '2026-10-15', amount: '2000.00', currency: 'USD', network: null, txHash: null, explorerUrl: null },
        ],
      });
      // Every string of the list against what must never be there: each answer of the application (as stored), the
      // reference, where each payment went, the bank's reference and the milestones' internal criteria.
      const [stored] = await server.database.query<{ payload: Record<string, unknown> }>('SELECT payload FROM submissions WHERE id = $1', [rosaId]);
      const answers = stringsOf(stored!.payload).map((answer) => answer.trim()).filter((answer) => answer.length >= 5);
      expect(answers).toContain(ROSA);
      expect(answers).toContain('Verkle explorer para Puno');
      const secrets = [...answers, rosaRef, IBAN, IBAN.replace(/\s/g, ''), BANK_REFERENCE, ETH_DESTINATION, DAI_DESTINATION, 'Criterio interno'];
      const shown = stringsOf(body);
      for (const secret of secrets) {
        expect(text.toLowerCase(), secret).not.toContain(secret.toLowerCase());
        for (const value of shown) expect(value.toLowerCase(), `${value} holds ${secret}`).not.toContain(secret.toLowerCase());
      }
    });

    it('follows a change at once: amounts, milestones and payments hidden one by one; a bank transfer never shows its reference', async () => {
      const webhooksBefore = await webhookEvents();
      expect((await putChoice(rosaRef, rosaCookie, { ...everything, showAmount: false })).status).toBe(200);
      let [grant] = (await publicList()).body.grants;
      expect(grant!.amount).toBeNull();
      // Without amounts, no bank transfer at all, and the on-chain payments without their amounts.
      expect(grant!.payments).toEqual([
        { kind: 'onchain', paidOn: '2026-10-05', amount: null, currency: null, network: 'Ethereum', txHash: ETH_HASH, explorerUrl: `https://etherscan.io/tx/${ETH_HASH}` },
        { kind: 'onchain', paidOn: '2026-10-10', amount: null, currency: null, network: 'Capa 2', txHash: L2_HASH, explorerUrl: `https://optimistic.etherscan.io/tx/${L2_HASH}` },
      ]);
      expect(await lastAudit()).toEqual({ actor: 'Solicitante', action: 'applicant-change-publication', target: `${rosaRef} monto=no hitos=sí pagos=sí` });

      expect((await putChoice(rosaRef, rosaCookie, { ...everything, showPayments: false })).status).toBe(200);
      const { text, body } = await publicList();
      [grant] = body.grants;
      // Amounts without payments: the bank transfer alone, as "Transferencia bancaria" with its date and amount.
      expect(grant!.payments).toEqual([{ kind: 'bank_transfer', paidOn: '2026-10-15', amount: '2000.00', currency: 'USD', network: null, txHash: null, explorerUrl: null }]);
      for (const hidden of [ETH_HASH, L2_HASH, BANK_REFERENCE]) expect(text).not.toContain(hidden);

      expect((await putChoice(rosaRef, rosaCookie, { ...everything, showMilestones: false, showAmount: false, showPayments: false, description: 'Otra descripción.' })).status).toBe(200);
      [grant] = (await publicList()).body.grants;
      expect(grant).toMatchObject({ projectName: PUBLIC_NAME, description: 'Otra descripción.', amount: null, milestones: null, payments: [] });
      // Changes while published send no webhook: only entering and leaving the list do.
      expect(await webhookEvents()).toEqual(webhooksBefore);
    });

    it('serves the list cacheable a minute, with a strong ETag and 304, open to cross-origin reads, and refuses unknown parameters', async () => {
      const first = await fetch(`${server.url}${OPEN_BOOKS_GRANTS_PATH}`, { headers: { origin: 'https://collector.example' } });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('public, max-age=60');
      expect(first.headers.get('access-control-allow-origin')).toBe('*');
      expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      const firstBody = await first.text();
      const again = await fetch(`${server.url}${OPEN_BOOKS_GRANTS_PATH}`);
      expect(await again.text()).toBe(firstBody);
      const notModified = await fetch(`${server.url}${OPEN_BOOKS_GRANTS_PATH}`, { headers: { 'if-none-match': etag } });
      expect(notModified.status).toBe(304);
      expect(await notModified.text()).toBe('');
      // A change makes a new ETag: the old one gets the new list.
      expect((await putChoice(rosaRef, rosaCookie, { ...everything, description: 'Descripción nueva.' })).status).toBe(200);
      const changed = await fetch(`${server.url}${OPEN_BOOKS_GRANTS_PATH}`, { headers: { 'if-none-match': etag } });
      expect(changed.status).toBe(200);
      expect(((await changed.json()) as PublishedGrantList).grants[0]!.description).toBe('Descripción nueva.');
      for (const query of ['?programme=project-grants', '?x=1', '?callback=f']) {
        const refused = await fetch(`${server.url}${OPEN_BOOKS_GRANTS_PATH}${query}`);
        expect(refused.status, query).toBe(400);
        expect(((await refused.json()) as { error: string }).error).toMatch(/^Esta dirección no admite parámetros: quita «\w+» de la consulta\.$/);
      }
    });

    it('withdraws at once: the list empties and grant.unpublished is queued; publishing again keeps the same public id', async () => {
      const id = (await publicList()).body.grants[0]!.id;
      const withdrawn = await putChoice(rosaRef, rosaCookie, { ...everything, publish: false });
      expect(withdrawn.status).toBe(200);
      const { text, body } = await publicList();
      expect(body.grants).toEqual([]);
      expect(text).not.toContain(PUBLIC_NAME);
      expect(await webhookEvents()).toEqual(['grant.published', 'grant.unpublished']);
      expect(await lastAudit()).toEqual({ actor: 'Solicitante', action: 'applicant-unpublish-grant', target: rosaRef });
      expect((await putChoice(rosaRef, rosaCookie, everything)).status).toBe(200);
      expect((await publicList()).body.grants.map((grant) => grant.id)).toEqual([id]);
      expect(await webhookEvents()).toEqual(['grant.published', 'grant.unpublished', 'grant.published']);
      // Each event names the application, as the grant's other events do.
      const rows = await server.database.query<{ submission_id: string; status_after: string }>("SELECT submission_id::text AS submission_id, status_after FROM webhook_outbox WHERE event LIKE 'grant.%published'");
      expect(rows.every((row) => row.submission_id === rosaId && row.status_after === 'approved')).toBe(true);
    });

    it('leaves a cancelled grant out of the list, keeping the grantee’s choice', async () => {
      const [grant] = await server.database.query<{ id: string; state: string }>('SELECT id::text AS id, state FROM grants WHERE submission_id = $1', [rosaId]);
      await server.database.query("UPDATE grants SET state = 'cancelled', cancel_reason = 'Proyecto abandonado' WHERE id = $1", [grant!.id]);
      expect((await publicList()).body.grants).toEqual([]);
      expect(((await (await getChoice(rosaRef, rosaCookie)).json()) as Publication).choice).toEqual(everything);
      await server.database.query('UPDATE grants SET state = $2, cancel_reason = NULL WHERE id = $1', [grant!.id, grant!.state]);
      expect((await publicList()).body.grants).toHaveLength(1);
    });

    it('gives the grantee her publication choice in her data download, as she wrote it', async () => {
      const answer = await fetch(`${server.url}/api/applicant/data`, { headers: { cookie: rosaCookie } });
      expect(answer.status).toBe(200);
      const copy = (await answer.json()) as { applications: Array<{ reference: string; grant: { publication: Publication } | null }> };
      const publication = copy.applications.find((application) => application.reference === rosaRef)!.grant!.publication;
      expect(publication).toEqual({ choice: everything, updatedAt: expect.any(String) });
    });

    it('loses an erased applicant’s grant from the list at once', async () => {
      expect((await publicList()).body.grants).toHaveLength(1);
      const erased = await teamClient(server.url, members.admin.cookie).post('/data-rights/erase', { email: ROSA, confirm: ROSA });
      expect(erased.status).toBe(200);
      const { text, body } = await publicList();
      expect(body.grants).toEqual([]);
      expect(text).not.toContain(PUBLIC_NAME);
      expect(await count('SELECT count(*)::int AS n FROM grant_publications')).toBe(0);
    });
  });
}

describe('BLOCK_EXPLORER_TX_URLS', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/unused', ...env });
  it('reads an explorer per network, and falls back to NEXT_PUBLIC_BLOCK_EXPLORER_TX_URL for Ethereum', () => {
    expect(load({ BLOCK_EXPLORER_TX_URLS: EXPLORERS }).blockExplorers).toEqual({ ethereum: 'https://etherscan.io/tx/', l2: 'https://optimistic.etherscan.io/tx/' });
    expect(load({ BLOCK_EXPLORER_TX_URLS: 'l2=https://optimistic.etherscan.io/tx/', NEXT_PUBLIC_BLOCK_EXPLORER_TX_URL: 'https://etherscan.io/tx/' }).blockExplorers).toEqual({
      ethereum: 'https://etherscan.io/tx/',
      l2: 'https://optimistic.etherscan.io/tx/',
    });
    expect(load({}).blockExplorers).toEqual({});
  });
  it('refuses a malformed setting at start with a message that says what is expected', () => {
    for (const raw of ['https://etherscan.io/tx/', 'polygon=https://polygonscan.com/tx/', 'ethereum=etherscan.io/tx/', 'ethereum=http://etherscan.io/tx/', 'ethereum=https://a.example/tx/,ethereum=https://b.example/tx/']) {
      expect(() => load({ BLOCK_EXPLORER_TX_URLS: raw }), raw).toThrow(ConfigError);
    }
    expect(() => load({ BLOCK_EXPLORER_TX_URLS: 'polygon=https://polygonscan.com/tx/' })).toThrow(/'network=url' pairs separated by commas, the networks 'ethereum' and 'l2'/);
  });
});
