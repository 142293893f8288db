import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formDefinitions, type FormValues } from '../../src/forms/definitions';
import { FINANCE_WARNING, runExportCommand, UsageError } from '../../src/server/export/cli';
import { PAYMENT_HEADERS } from '../../src/server/export/payments';
import { recordFinanceDetails } from '../../src/server/finance/receive';
import type { RunningServer } from '../../src/server/main';
import { receiveApplication } from '../../src/server/applications/receive';
import { referenceOf } from '../../src/server/mail/compose';
import { granteePayments } from '../../src/server/payments/read';
import { APPLICANT_COOKIE } from '../../src/api/contracts/applicant';
import { startApplicantSession } from '../../src/server/applicant/sessions';
import { syncWebhookEndpoints } from '../../src/server/webhooks/outbox';
import type { Role } from '../../src/server/team/roles';
import { CHECKSUMMED_ADDRESS, validFinanceCrypto, validFinanceFiat, validProjectGrants } from '../../scripts/support/formAnswers';
import { npmRun } from './support/npmRun';
import { createRestartableStorage, type RestartableStorage } from './support/restartableServer';
import { auditEntries, enrolMember, teamClient, type Member } from './support/teamClient';

const projectDir = path.resolve(__dirname, '../..');

const HASH = `0x${'ab'.repeat(32)}`;
const OTHER_ADDRESS = '0x1111111111111111111111111111111111111111';
const IBAN = 'PE12345678901234567890';
const GRANT_DAY = '2026-01-10';
const yesterday = (): string => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const tomorrow = (): string => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

type Grant = { reference: string; submissionId: string; grantId: string; milestones: string[] };

describe('grant payments', () => {
  let storage: RestartableStorage;
  let server: RunningServer;
  const members = {} as Record<Role, Member>;
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-out-'));

  const api = (member: { cookie: string } | null) => teamClient(server.address, member?.cookie ?? null);

  /**
   * An approved application with its grantee ID issued through the route, the grantee's payment
   * details (`details`), and a grant with milestones written as the grants module stores them
   * (created on GRANT_DAY), so each test starts from the state it needs.
   */
  async function grant(options: { currency?: 'USD' | 'ETH' | 'DAI'; amount?: string; milestones?: Array<{ amount: string; accepted: boolean }>; details?: FormValues | null } = {}): Promise<Grant> {
    const values = validProjectGrants();
    const submissionId = await receiveApplication(server.database, { form: 'project-grants', endpoint: '/api/project-grants', payload: formDefinitions['project-grants'].toPayload(values), upload: null });
    const reference = referenceOf('project-grants', submissionId);
    // Approved as the decision route leaves it (the decision itself is tested with the review).
    await server.database.query("UPDATE submissions SET status = 'approved' WHERE id = $1", [submissionId]);
    expect((await api(members.admin).post(`/applications/${reference}/grantee`, {})).status).toBe(201);
    const details = options.details === undefined ? validFinanceCrypto() : options.details;
    if (details) {
      const [grantee] = await server.database.query<{ id: string }>('SELECT id::text AS id FROM grantees WHERE submission_id = $1', [submissionId]);
      await server.database.transaction((tx) => recordFinanceDetails(tx, grantee!.id, formDefinitions['grantee-finance'].toPayload(details), storage.keys()));
    }
    const [row] = await server.database.query<{ id: string }>(
      "INSERT INTO grants (submission_id, amount, currency, created_at) VALUES ($1, $2, $3, $4::date + time '12:00') RETURNING id::text AS id",
      [submissionId, options.amount ?? '1000000', options.currency ?? 'USD', GRANT_DAY],
    );
    const milestones: string[] = [];
    for (const [index, milestone] of (options.milestones ?? [{ amount: '1000000', accepted: true }]).entries()) {
      const [inserted] = await server.database.query<{ id: string }>(
        `INSERT INTO grant_milestones (grant_id, position, title, done_criteria, due_date, amount, state, accepted_at)
         VALUES ($1, $2, $3, 'Publicado.', '2026-06-30', $4, $5, $6) RETURNING id::text AS id`,
        [row!.id, index + 1, `Hito ${index + 1}`, milestone.amount, milestone.accepted ? 'accepted' : 'pending', milestone.accepted ? new Date(Date.now() - (10 - index) * 60_000) : null],
      );
      milestones.push(inserted!.id);
    }
    return { reference, submissionId, grantId: row!.id, milestones };
  }

  /** A valid ETH payment of a USD grant against its first milestone: only `overrides` change. */
  const ethPayment = (g: Grant, overrides: Record<string, unknown> = {}) => ({
    milestoneId: g.milestones[0],
    amount: '0.5',
    currency: 'ETH',
    grantAmount: '1500.00',
    rate: '1 ETH = 3000 USD',
    paidOn: yesterday(),
    method: 'eth',
    reference: HASH,
    destination: CHECKSUMMED_ADDRESS.toLowerCase(),
    ...overrides,
  });

  const pay = (g: Grant, body: unknown, member: Member = members.finance) => api(member).post(`/applications/${g.reference}/grant/payments`, body);

  const paymentRows = async (): Promise<number> => Number((await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM grant_payments'))[0]!.n);
  const webhookRows = async (submissionId: string): Promise<number> =>
    Number((await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_outbox WHERE event = 'grant.payment_recorded' AND submission_id = $1", [submissionId]))[0]!.n);

  beforeAll(async () => {
    storage = await createRestartableStorage();
    server = await storage.start({}, { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' });
    // An active endpoint (no worker delivers in this test): each event queues one row for it.
    await syncWebhookEndpoints(server.database, ['https://crm.example.org/hook']);
    for (const role of ['admin', 'reviewer', 'finance'] as const) members[role] = await enrolMember(server.address, server.database, `${role}@example.org`, role, storage.keys());
  });
  afterAll(async () => {
    await server?.stop();
    await storage?.close();
    fs.rmSync(outputDir, { recursive: true, force: true });
  });

  describe('roles', () => {
    // [method, path, body]: statuses for signed out, the grantee signed in to the portal, reviewer, finance, admin.
    const CALLERS = ['signed out', 'applicant', 'reviewer', 'finance', 'admin'] as const;
    it.each(CALLERS.map((caller, index) => [caller, index] as const))('%s gets exactly the statuses of the matrix', async (caller, index) => {
      const g = await grant({ amount: '10000000' });
      // A payment the finance member records first, so the destination route has one to show.
      const first = await pay(g, ethPayment(g, { reference: `0x${String(index).repeat(64)}` }));
      expect(first.status).toBe(201);
      const paymentId = ((await first.json()) as { payment: { id: string } }).payment.id;
      const MATRIX: Array<[string, string, unknown, number, number, number, number, number]> = [
        ['POST', `/applications/${g.reference}/grant/payments`, ethPayment(g, { reference: `0x${'c'.repeat(63)}${index}` }), 401, 401, 403, 201, 403],
        ['GET', `/applications/${g.reference}/grant/payments/${paymentId}/destination`, null, 401, 401, 403, 200, 403],
        ['GET', '/payments/due', null, 401, 401, 403, 200, 403],
        ['GET', '/payments?since=2026-01-01', null, 401, 401, 403, 200, 403],
        ['GET', '/payments.csv', null, 401, 401, 403, 200, 403],
      ];
      // The grantee's portal session (the applicant's email of the application) is no team session.
      const applicant = { cookie: `${APPLICANT_COOKIE}=${await startApplicantSession(server.database, 'ana@example.org')}` };
      const member = caller === 'signed out' ? null : caller === 'applicant' ? applicant : members[caller];
      const seen: string[] = [];
      const expected: string[] = [];
      for (const [method, route, body, ...statuses] of MATRIX) {
        const response = method === 'GET' ? await api(member).get(route) : await api(member).post(route, body);
        seen.push(`${method} ${route} → ${response.status}`);
        expected.push(`${method} ${route} → ${statuses[index]}`);
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
      expect(seen).toEqual(expected);
    });
  });

  describe('recording', () => {
    it('records an ETH payment of a USD grant: exact amounts, the rate, the checked details version, an audit entry and a webhook row', async () => {
      const g = await grant({ amount: '300000', milestones: [{ amount: '150000', accepted: true }, { amount: '150000', accepted: false }] });
      const response = await pay(g, ethPayment(g));
      expect(response.status).toBe(201);
      const body = (await response.json()) as { payment: Record<string, unknown>; paid: string; outstanding: string };
      expect(body.payment).toMatchObject({ milestoneId: g.milestones[0], amount: '0.5', currency: 'ETH', grantAmount: '1500.00', rate: '1 ETH = 3000 USD', method: 'eth', reference: HASH, detailsVersion: 1, destinationMismatchConfirmed: false, recordedBy: 'finance@example.org' });
      expect(body).toMatchObject({ paid: '1500.00', outstanding: '1500.00' });
      const [stored] = await server.database.query<{ amount: string; grant_amount: string; destination: string | null; sealed: Uint8Array }>(
        'SELECT amount::text, grant_amount::text, destination, destination_ciphertext AS sealed FROM grant_payments WHERE grant_id = $1',
        [g.grantId],
      );
      // 0.5 ETH in wei, 1500 USD in cents; the destination only sealed (AES-GCM: not even its hex digits in the row).
      expect(stored).toMatchObject({ amount: '500000000000000000', grant_amount: '150000', destination: null });
      expect(Buffer.from(stored!.sealed).toString('latin1')).not.toContain(CHECKSUMMED_ADDRESS.toLowerCase().slice(2, 20));
      expect(await webhookRows(g.submissionId)).toBe(1);
      expect((await auditEntries(server.database)).at(-1)).toEqual({ actor: 'finance@example.org', action: 'record-payment', target: expect.stringContaining(g.reference) });
    });

    it('takes an advance (no milestone) in the grant currency with a bank reference, the IBAN written with spaces', async () => {
      const g = await grant({ details: validFinanceFiat(), milestones: [{ amount: '1000000', accepted: false }] });
      const response = await pay(g, { amount: '2500.00', currency: 'USD', paidOn: yesterday(), method: 'bank_transfer', reference: 'TRF 2026/0042', destination: 'pe12 3456 7890 1234 5678 90' });
      expect(response.status).toBe(201);
      expect(((await response.json()) as { payment: unknown }).payment).toMatchObject({ milestoneId: null, amount: '2500.00', grantAmount: '2500.00', rate: null, reference: 'TRF 2026/0042' });
    });

    it('takes an amount written as the screens show it («USD 2.500,00») or pasted from a spreadsheet («2,500.00») as the same 2500.00', async () => {
      const g = await grant({ details: validFinanceFiat(), milestones: [{ amount: '1000000', accepted: false }] });
      for (const amount of ['USD 2.500,00', '2,500.00']) {
        const response = await pay(g, { amount, currency: 'USD', paidOn: yesterday(), method: 'bank_transfer', reference: 'TRF 2026/0043', destination: 'pe12 3456 7890 1234 5678 90' });
        expect(response.status).toBe(201);
        expect(((await response.json()) as { payment: unknown }).payment).toMatchObject({ amount: '2500.00', grantAmount: '2500.00' });
      }
    });

    const REFUSALS: Array<[string, Record<string, unknown>, string]> = [
      ['too many decimals', { amount: '0.1234567890123456789' }, 'El monto admite como máximo 18 decimales en ETH.'],
      ['zero', { amount: '0' }, 'El monto debe ser mayor que cero.'],
      ['an ETH amount with the pages’ thousands point', { amount: '1.500' }, '¿1.500 = mil quinientos? Escribe 1500 o 1.500,0; si son decimales, escribe 1,5.'],
      ['an ETH amount with a spreadsheet’s thousands comma', { amount: '1,500' }, '¿1,500 = mil quinientos? Escribe 1500 o 1.500,0; si son decimales, escribe 1,5.'],
      ['an amount in another currency than the method’s', { amount: 'USD 0,5' }, '«USD 0,5» está en USD, y este monto va en ETH.'],
      ['negative', { amount: '-1' }, 'El monto debe ser mayor que cero.'],
      ['a USD value with three decimals', { grantAmount: '1500.001' }, 'Valor en USD: El monto admite como máximo 2 decimales en USD.'],
      ['a USD value with the pages’ thousands point', { grantAmount: '1.500' }, 'Valor en USD: ¿1.500 = mil quinientos? Escribe 1500 o 1.500,00; si son decimales, escribe 1,50.'],
      ['the value in the grant currency missing', { grantAmount: undefined }, 'El pago es en ETH y la beca en USD: escribe su valor en USD y el tipo de cambio usado.'],
      ['the rate missing', { rate: '  ' }, 'Escribe el tipo de cambio usado entre ETH y USD.'],
      ['a malformed hash', { reference: `0x${'a'.repeat(63)}` }, 'El hash de la transacción debe ser 0x seguido de 64 caracteres hexadecimales.'],
      ['a hash that is not hex', { reference: `0x${'g'.repeat(64)}` }, 'El hash de la transacción debe ser 0x seguido de 64 caracteres hexadecimales.'],
      ['a date before the grant', { paidOn: '2026-01-09' }, 'La fecha del pago no puede ser anterior a la beca (10 ene 2026).'],
      ['a date in the future', { paidOn: tomorrow() }, 'La fecha del pago no puede ser futura.'],
      ['a day that does not exist', { paidOn: '2026-02-30' }, 'La fecha del pago no es una fecha válida (AAAA-MM-DD).'],
      ['a method paid in another currency', { currency: 'DAI' }, 'Un pago por ETH se registra en ETH.'],
      ['a destination that is not an address', { destination: 'mi billetera' }, 'La dirección de destino debe ser 0x seguido de 40 caracteres hexadecimales.'],
      ['an unknown method', { method: 'cash' }, 'El método debe ser uno de: bank_transfer, eth, eth_l2, dai, dai_l2.'],
      ['no date', { paidOn: undefined }, 'Escribe la fecha del pago como AAAA-MM-DD.'],
    ];

    it.each(REFUSALS)('refuses %s with a Spanish message and stores nothing', async (_case, overrides, message) => {
      const g = await grant();
      const before = await paymentRows();
      const auditBefore = (await auditEntries(server.database)).length;
      const response = await pay(g, JSON.parse(JSON.stringify(ethPayment(g, overrides))) as unknown);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message });
      expect(await paymentRows()).toBe(before);
      expect(await webhookRows(g.submissionId)).toBe(0);
      expect((await auditEntries(server.database)).length).toBe(auditBefore);
    });

    it('refuses a bank reference over 64 characters, and one on a milestone not yet accepted', async () => {
      const g = await grant({ details: validFinanceFiat(), milestones: [{ amount: '1000000', accepted: false }] });
      const before = await paymentRows();
      const bank = { milestoneId: g.milestones[0], amount: '10.00', currency: 'USD', paidOn: yesterday(), method: 'bank_transfer', destination: IBAN };
      const long = await pay(g, { ...bank, reference: 'R'.repeat(65) });
      expect(await long.json()).toEqual({ error: 'La referencia bancaria debe tener entre 1 y 64 caracteres imprimibles.' });
      const pending = await pay(g, { ...bank, reference: 'TRF-1' });
      expect(pending.status).toBe(400);
      expect(await pending.json()).toEqual({ error: 'Solo se puede registrar el pago de un hito aceptado; sin hito, se registra como anticipo.' });
      const unknown = await pay(g, { ...bank, milestoneId: '999999', reference: 'TRF-1' });
      expect(unknown.status).toBe(404);
      expect(await paymentRows()).toBe(before);
    });

    it('refuses a rate holding NUL, ESC, BEL or a bidi override with the Spanish message of the text rule, and stores nothing', async () => {
      const g = await grant();
      const before = await paymentRows();
      for (const rate of ['1 ETH = 3000\u0000 USD', '1 ETH = \u001b[31m3000 USD', '1 ETH = 3000 USD\u0007', '1 ETH = \u202e3000 USD']) {
        const refused = await pay(g, ethPayment(g, { rate }));
        expect(refused.status, JSON.stringify(rate)).toBe(400);
        expect(await refused.json()).toEqual({ error: 'Tu texto tiene un carácter que no podemos guardar (suele venir de copiar y pegar). Pégalo como texto sin formato e inténtalo de nuevo.' });
      }
      expect(await paymentRows()).toBe(before);
    });

    it('refuses paying more than the approved amount, naming what is left, and stores nothing', async () => {
      const g = await grant({ amount: '200000' });
      expect((await pay(g, ethPayment(g, { grantAmount: '1500.00' }))).status).toBe(201);
      const before = await paymentRows();
      const over = await pay(g, ethPayment(g, { grantAmount: '500.01', reference: `0x${'d'.repeat(64)}` }));
      expect(over.status).toBe(400);
      expect(await over.json()).toEqual({ error: 'Este pago supera el monto aprobado: quedan USD 500,00 por pagar.' });
      expect(await paymentRows()).toBe(before);
      expect((await pay(g, ethPayment(g, { grantAmount: '500.00', reference: `0x${'d'.repeat(64)}` }))).status).toBe(201);
    });

    it('a destination that is not the latest payment details is refused until confirmed, then recorded as confirmed', async () => {
      const g = await grant();
      const before = await paymentRows();
      const refused = await pay(g, ethPayment(g, { destination: OTHER_ADDRESS }));
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        error: 'El destino no coincide con los datos de pago más recientes de la persona beneficiaria (versión 1). Revísalo; si es correcto, confirma para registrar el pago igualmente.',
        destinationMismatch: true,
      });
      expect(await paymentRows()).toBe(before);
      const confirmed = await pay(g, ethPayment(g, { destination: OTHER_ADDRESS, confirmMismatch: true }));
      expect(confirmed.status).toBe(201);
      const { payment } = (await confirmed.json()) as { payment: { id: string; destinationMismatchConfirmed: boolean } };
      expect(payment.destinationMismatchConfirmed).toBe(true);
      expect((await auditEntries(server.database)).at(-1)!.target).toContain('destino distinto confirmado');
      // Finance reads where it went, and the view is audited.
      const destination = await api(members.finance).get(`/applications/${g.reference}/grant/payments/${payment.id}/destination`);
      expect(await destination.json()).toEqual({ destination: OTHER_ADDRESS });
      expect((await auditEntries(server.database)).at(-1)).toMatchObject({ action: 'view-payment-destination', actor: 'finance@example.org' });
    });

    it('compares with the LATEST version: the address of an earlier version is a mismatch', async () => {
      const g = await grant();
      const [grantee] = await server.database.query<{ id: string }>('SELECT id::text AS id FROM grantees WHERE submission_id = $1', [g.submissionId]);
      await server.database.transaction((tx) =>
        recordFinanceDetails(tx, grantee!.id, formDefinitions['grantee-finance'].toPayload({ ...validFinanceCrypto(), ethAddress: OTHER_ADDRESS }), storage.keys()),
      );
      const old = await pay(g, ethPayment(g));
      expect(old.status).toBe(409);
      expect(((await old.json()) as { error: string }).error).toContain('(versión 2)');
      const latest = await pay(g, ethPayment(g, { destination: OTHER_ADDRESS }));
      expect(latest.status).toBe(201);
      expect(((await latest.json()) as { payment: { detailsVersion: number } }).payment.detailsVersion).toBe(2);
    });

    it('with no payment details at all, asks for the confirmation too', async () => {
      const g = await grant({ details: null });
      const refused = await pay(g, ethPayment(g));
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ error: 'La persona beneficiaria aún no envió datos de pago: revisa el destino y confirma para registrar el pago igualmente.', destinationMismatch: true });
      expect((await pay(g, ethPayment(g, { confirmMismatch: true }))).status).toBe(201);
    });
  });

  describe('reading', () => {
    it('the grantee sees the date, amount and transaction hash, never an IBAN nor a bank reference', async () => {
      const g = await grant({ details: validFinanceFiat(), milestones: [{ amount: '1000000', accepted: true }] });
      expect((await pay(g, { milestoneId: g.milestones[0], amount: '100.00', currency: 'USD', paidOn: yesterday(), method: 'bank_transfer', reference: 'TRF-SECRETA-1', destination: IBAN })).status).toBe(201);
      expect((await pay(g, ethPayment(g, { grantAmount: '200.00', destination: OTHER_ADDRESS, confirmMismatch: true }))).status).toBe(201);
      const seen = await granteePayments(server.database, g.grantId);
      expect(seen).toEqual([
        { paidOn: yesterday(), amount: '100.00', currency: 'USD', milestoneId: g.milestones[0], publicReference: null },
        { paidOn: yesterday(), amount: '0.5', currency: 'ETH', milestoneId: g.milestones[0], publicReference: HASH },
      ]);
      expect(JSON.stringify(seen)).not.toMatch(/TRF-SECRETA|PE123/);
    });

    it("on the grant's pages: totals paid and outstanding; a reviewer never gets a bank reference, the grantee only the hash", async () => {
      const g = await grant({ details: validFinanceFiat(), amount: '300000', milestones: [{ amount: '300000', accepted: true }] });
      expect((await pay(g, { milestoneId: g.milestones[0], amount: '100.00', currency: 'USD', paidOn: yesterday(), method: 'bank_transfer', reference: 'TRF-SECRETA-2', destination: IBAN })).status).toBe(201);
      expect((await pay(g, ethPayment(g, { grantAmount: '200.00', destination: OTHER_ADDRESS, confirmMismatch: true }))).status).toBe(201);
      const teamView = async (member: Member) => (await (await api(member).get(`/applications/${g.reference}/grant`)).json()) as { paid: string; outstanding: string; payments: Array<{ method: string; reference: string | null }> };
      const forReviewer = await teamView(members.reviewer);
      expect(forReviewer).toMatchObject({ paid: '300.00', outstanding: '2700.00' });
      expect(forReviewer.payments.map((payment) => [payment.method, payment.reference])).toEqual([
        ['bank_transfer', null],
        ['eth', HASH],
      ]);
      expect(JSON.stringify(forReviewer)).not.toMatch(/TRF-SECRETA|PE123|0x1111/);
      const forFinance = await teamView(members.finance);
      expect(forFinance.payments.map((payment) => payment.reference)).toEqual(['TRF-SECRETA-2', HASH]);
      expect(JSON.stringify(forFinance)).not.toMatch(/PE123|0x1111/);

      const portal = await fetch(`${server.address}/api/applicant/applications/${g.reference}/grant`, { headers: { cookie: `${APPLICANT_COOKIE}=${await startApplicantSession(server.database, 'ana@example.org')}` } });
      expect(portal.status).toBe(200);
      const seen = (await portal.json()) as { paid: string; outstanding: string; payments: unknown[] };
      expect(seen).toMatchObject({ paid: '300.00', outstanding: '2700.00' });
      expect(seen.payments).toEqual([
        { paidOn: yesterday(), amount: '100.00', currency: 'USD', milestoneId: g.milestones[0], publicReference: null },
        { paidOn: yesterday(), amount: '0.5', currency: 'ETH', milestoneId: g.milestones[0], publicReference: HASH },
      ]);
      expect(JSON.stringify(seen)).not.toMatch(/TRF-SECRETA|PE123|0x1111/);
    });

    it('the last payment of a grant whose milestones are all accepted completes it; nothing more is taken', async () => {
      const g = await grant({ amount: '150000', milestones: [{ amount: '150000', accepted: true }] });
      const last = await pay(g, ethPayment(g));
      expect(((await last.json()) as { grantState: string; outstanding: string })).toMatchObject({ grantState: 'completed', outstanding: '0.00' });
      const more = await pay(g, ethPayment(g, { grantAmount: '1.00', reference: `0x${'f'.repeat(64)}` }));
      expect(more.status).toBe(400);
      expect(await more.json()).toEqual({ error: 'La beca no está activa: no se registran pagos en ella.' });
    });

    it('Por pagar lists accepted milestones not fully paid, the longest waiting first, and drops one once paid', async () => {
      const g = await grant({ amount: '300000', milestones: [{ amount: '100000', accepted: true }, { amount: '100000', accepted: true }, { amount: '100000', accepted: false }] });
      const dueOf = async () => ((await (await api(members.finance).get('/payments/due')).json()) as { due: Array<{ reference: string; milestoneId: string; outstanding: string }> }).due.filter((row) => row.reference === g.reference);
      expect((await dueOf()).map((row) => row.milestoneId)).toEqual([g.milestones[0], g.milestones[1]]);
      expect((await pay(g, ethPayment(g, { grantAmount: '400.00' }))).status).toBe(201);
      expect((await dueOf()).map((row) => [row.milestoneId, row.outstanding])).toEqual([
        [g.milestones[0], '600.00'],
        [g.milestones[1], '1000.00'],
      ]);
      expect((await pay(g, ethPayment(g, { grantAmount: '600.00', reference: `0x${'e'.repeat(64)}` }))).status).toBe(201);
      expect((await dueOf()).map((row) => row.milestoneId)).toEqual([g.milestones[1]]);
    });

    it('lists payments in a date range, and refuses a day that does not exist', async () => {
      const inRange = await api(members.finance).get(`/payments?since=${yesterday()}&before=${tomorrow()}`);
      const { payments } = (await inRange.json()) as { payments: Array<{ paidOn: string; applicationReference: string }> };
      expect(payments.length).toBeGreaterThan(0);
      expect(payments.every((payment) => payment.paidOn === yesterday())).toBe(true);
      const none = (await (await api(members.finance).get(`/payments?before=${yesterday()}`)).json()) as { payments: unknown[] };
      expect(none.payments).toEqual([]);
      const bad = await api(members.finance).get('/payments?since=2026-02-30');
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ error: 'Las fechas van en formato AAAA-MM-DD.' });
    });
  });

  describe('the CSV and the CLI', () => {
    let csvGrant: Grant;
    beforeAll(async () => {
      csvGrant = await grant({ details: validFinanceFiat(), milestones: [{ amount: '1000000', accepted: true }] });
      const [row] = await server.database.query<{ id: string }>("UPDATE submissions SET payload = payload || '{\"firstName\": \"=HYPERLINK(1)\"}' WHERE id = $1 RETURNING id::text AS id", [csvGrant.submissionId]);
      expect(row).toBeDefined();
      expect((await pay(csvGrant, { milestoneId: csvGrant.milestones[0], amount: '250.00', currency: 'USD', paidOn: '2026-02-01', method: 'bank_transfer', reference: 'TRF-CSV-1', destination: IBAN })).status).toBe(201);
    });

    it('the Pagos download: one row a payment, formulas neutralised, no destination nor bank reference, the export audited', async () => {
      const response = await api(members.finance).get('/payments.csv?since=2026-02-01&before=2026-02-02');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const text = await response.text();
      const [headers, ...records] = parse(text, { bom: true }) as string[][];
      expect(headers).toEqual([...PAYMENT_HEADERS]);
      expect(records).toEqual([[csvGrant.reference, "'=HYPERLINK(1) Pérez", 'Hito 1', '2026-02-01', '250.00', 'USD', '250.00', 'USD', '', 'Transferencia bancaria', '']]);
      expect(text).not.toContain('TRF-CSV-1');
      expect(text).not.toContain(IBAN);
      expect((await auditEntries(server.database)).at(-1)).toEqual({ actor: 'finance@example.org', action: 'export', target: 'pagos since=2026-02-01 before=2026-02-02 (1)' });
    });

    it('npm run export -- --payments writes the same CSV; --include-finance adds the bank reference and the destination, with the warning', async () => {
      await server.stop();
      try {
        const run = async (...args: string[]) => {
          const result = { stdout: '', stderr: '' };
          await runExportCommand(args, { stdout: (text) => (result.stdout += text), stderr: (text) => (result.stderr += text) }, { env: storage.env, projectDir, outputDir });
          return result;
        };
        const plain = await run('--payments', '--since', '2026-02-01', '--before', '2026-02-02');
        expect(plain.stderr).toBe('');
        const [headers, ...records] = parse(plain.stdout, { bom: true }) as string[][];
        expect(headers).toEqual([...PAYMENT_HEADERS]);
        expect(records).toHaveLength(1);
        expect(records[0]![0]).toBe(csvGrant.reference);

        const finance = await run('--payments', '--since', '2026-02-01', '--before', '2026-02-02', '--include-finance');
        expect(finance.stderr).toBe(`${FINANCE_WARNING}\n`);
        const [financeHeaders, financeRow] = parse(finance.stdout, { bom: true }) as string[][];
        expect(financeHeaders!.slice(-2)).toEqual(['Bank reference', 'Destination']);
        expect(financeRow!.slice(-2)).toEqual(['TRF-CSV-1', IBAN]);

        await expect(run('--payments', '--before', '2026-02-30')).rejects.toThrow(UsageError);
        await expect(run('--form', 'project-grants', '--before', '2026-02-01')).rejects.toThrow('--before is for --payments only.');
      } finally {
        server = await storage.start({}, { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' });
      }
    });

    it('a rate and a name stored with ESC, BEL and a bidi override before the rule reach neither the Pagos CSV nor the terminal of `npm run export -- --payments`', async () => {
      const g = await grant({ milestones: [{ amount: '1000000', accepted: true }] });
      expect((await pay(g, ethPayment(g, { paidOn: '2026-03-01', reference: `0x${'d'.repeat(64)}` }))).status).toBe(201);
      // As a row written before every field held the rule (or by hand): the database takes all three.
      await server.database.query("UPDATE grant_payments SET rate = $1 WHERE paid_on = '2026-03-01'", ['1 ETH = \u001b[2J\u001b[31m3000\u0007 USD']);
      await server.database.query("UPDATE submissions SET payload = payload || jsonb_build_object('firstName', $1::text) WHERE id = $2", ['Ana\u001b]0;pwned\u0007\u202e', g.submissionId]);
      const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
      const range = ['--payments', '--since', '2026-03-01', '--before', '2026-03-02'];

      const download = await (await api(members.finance).get('/payments.csv?since=2026-03-01&before=2026-03-02')).text();
      expect(download).toContain('3000');
      expect(download).not.toMatch(CONTROL);
      await server.stop();
      try {
        // The real command in its own process, as the accountant's terminal receives it.
        for (const format of [[], ['--format', 'json'], ['--include-finance']]) {
          const printed = await npmRun('export', [...range, ...format], storage.env);
          expect(printed.code).toBe(0);
          expect(printed.stdout).toContain('3000');
          expect(printed.stdout).toContain('\uFFFD[2J\uFFFD[31m3000\uFFFD USD');
          expect(printed.stdout).not.toMatch(CONTROL);
          expect(printed.stderr).not.toMatch(CONTROL);
        }
        // The other commands print through the same rule: the stored answers, one JSON line each.
        const listed = await npmRun('submissions', ['project-grants', '--limit', '100'], storage.env);
        expect(listed.code).toBe(0);
        // JSON escapes ESC and BEL as text (\\u001b); the override, which it leaves raw, is replaced.
        expect(listed.stdout).toContain('Ana\\u001b]0;pwned\\u0007\uFFFD');
        expect(listed.stdout).not.toMatch(CONTROL);
      } finally {
        server = await storage.start({}, { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' });
      }
    });
  });
});
