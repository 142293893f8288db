/**
 * The DAOIP-5 open data feed (issue 51), on PGlite and PostgreSQL: the grant system, its pools (one per round of a
 * grant programme) and each pool's applications validate against the spec's schema (a copy in
 * tests/api/fixtures/daoip5/, with where it came from), carry the spec's @context and absolute URIs; only published
 * grants appear, and of them only what the grantee allowed (amounts, on-chain payments with their hash as proof, never
 * a bank transfer's reference or a destination, nothing of the application's answers); a withdrawal or an erasure
 * takes a grant out at once; the documents are cacheable (ETag/304), open to cross-origin reads, and refuse a query.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAOIP5_CONTEXT,
  DAOIP5_POOL_NOT_FOUND,
  type Daoip5Applications,
  type Daoip5GrantPools,
  type Daoip5GrantSystem,
} from '../../src/api/contracts/daoip5';
import { APPLICANT_COOKIE } from '../../src/api/contracts/applicant';
import type { PublicationChoice } from '../../src/api/contracts/openBooks';
import { formDefinitions, type FormValues } from '../../src/forms/definitions';
import { startApplicantSession } from '../../src/server/applicant/sessions';
import { receiveApplication } from '../../src/server/applications/receive';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { PUBLIC_READ_MESSAGES } from '../../src/server/publicRead';
import { referenceOf } from '../../src/server/mail/compose';
import { validSmallGrantsProject } from '../../scripts/support/formAnswers';
import { enrolMember, teamClient, type Member } from './support/teamClient';
import { BACKENDS, startTestServer, type TestServer } from './support/testServer';

const ETHERSCAN = 'https://etherscan.io/tx/';
const HASH_OPEN = `0x${'ab'.repeat(32)}`;
const HASH_HIDDEN = `0x${'ef'.repeat(32)}`;
const HASH_UNPUBLISHED = `0x${'cd'.repeat(32)}`;
const BANK_REFERENCE = 'TRX-SECRETO-7781';
const IBAN = 'PE12 3456 7890 1234 5678 90';
const WALLET = '0x1111111111111111111111111111111111111111';
const HIDDEN_NAME = 'Proyecto que no se publica';

const schema = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/daoip5/daoip-5.schema.json'), 'utf8')) as object;
// ajv-formats is CommonJS: its function is the default export's default under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }));
ajv.addSchema(schema);
const validatorOf = (definition: string): ValidateFunction => ajv.getSchema(`daoip-5.schema.json#/definitions/${definition}`)!;
/** The validator's verdict as ajv words it ("No errors" when valid). */
function validation(definition: string, document: unknown): string {
  const validate = validatorOf(definition);
  validate(document);
  return ajv.errorsText(validate.errors);
}

/** Every string value in a JSON value (not its keys: those are the form's field names). */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(stringsOf) : value !== null && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : [];

type Grantee = { submissionId: string; reference: string; grantId: string; email: string; answers: FormValues };

for (const backend of BACKENDS) {
  describe(`the DAOIP-5 feed (${backend})`, () => {
    let server: TestServer;
    /** The site's public origin (NEXT_PUBLIC_SITE_URL, also the team's WebAuthn origin): every URI of the feed starts with it. */
    let ORIGIN = '';
    let finance: Member;
    let admin: Member;
    const grantees = {} as Record<'open' | 'private' | 'unpublished', Grantee>;
    let budgetRoundId = '';
    let officeHoursRoundId = '';
    let smallGrantsRoundId = '';

    /** A URI the feed gives, fetched from the test server (the feed names the site's public origin). */
    const local = (uri: string): string => {
      expect(uri.startsWith(`${ORIGIN}/`)).toBe(true);
      const url = new URL(uri);
      return `${server.url}${url.pathname}${url.search}`;
    };
    const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${server.url}${pathname}`, { headers });
    const json = async <T,>(pathname: string): Promise<T> => {
      const answer = await get(pathname);
      expect(answer.status).toBe(200);
      return (await answer.json()) as T;
    };
    const poolsDocument = () => json<Daoip5GrantPools>('/api/daoip5/grantPools');
    const applicationsOfRound = (roundId: string) => json<Daoip5Applications>(`/api/daoip5/grantPools/${roundId}/applications`);
    /** Every document of the feed as served, in one text, to look for what must never be there. */
    async function wholeFeed(): Promise<string> {
      const system = await json<Daoip5GrantSystem>('/api/daoip5');
      const pools = await poolsDocument();
      const applications = await Promise.all(pools.grantPools.map(async (pool) => (await fetch(local(pool.applicationsURI))).text()));
      return [JSON.stringify(system), JSON.stringify(pools), ...applications].join('\n');
    }

    async function approvedGrant(key: keyof typeof grantees, projectName: string): Promise<void> {
      const email = `${key}@example.org`;
      const answers = { ...validSmallGrantsProject(), email, projectName, projectDescription: `Respuesta privada de ${key}: presupuesto interno.` };
      const submissionId = await receiveApplication(server.database, {
        form: 'small-grants',
        endpoint: '/api/small-grants/project',
        payload: formDefinitions['small-grants'].toPayload(answers),
        upload: null,
      });
      await server.database.query("UPDATE submissions SET status = 'approved' WHERE id = $1", [submissionId]);
      const [grant] = await server.database.query<{ id: string }>(
        "INSERT INTO grants (submission_id, amount, currency, created_at) VALUES ($1, 1000000, 'USD', '2026-10-05T12:00:00Z') RETURNING id::text AS id",
        [submissionId],
      );
      grantees[key] = { submissionId, reference: referenceOf('small-grants', submissionId), grantId: grant!.id, email, answers };
    }

    async function pay(grantee: Grantee, body: Record<string, unknown>): Promise<void> {
      const answer = await teamClient(server.url, finance.cookie).post(`/applications/${grantee.reference}/grant/payments`, {
        grantAmount: '2500.00',
        rate: '',
        paidOn: '2026-10-20',
        confirmMismatch: true,
        ...body,
      });
      expect(answer.status, await answer.clone().text()).toBe(201);
    }

    /** The grantee's consent, given in the portal (PUT /api/applicant/applications/:reference/publication, their own session). */
    async function publish(grantee: Grantee, choice: { publish: boolean; name: string; description: string; amount: boolean; milestones: boolean; payments: boolean }): Promise<void> {
      const cookie = `${APPLICANT_COOKIE}=${await startApplicantSession(server.database, grantee.email)}`;
      const body: PublicationChoice = {
        publish: choice.publish,
        projectName: choice.name,
        description: choice.description,
        showAmount: choice.amount,
        showMilestones: choice.milestones,
        showPayments: choice.payments,
      };
      const answer = await fetch(`${server.url}/api/applicant/applications/${grantee.reference}/publication`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
        body: JSON.stringify(body),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
    }

    beforeAll(async () => {
      server = await startTestServer({
        backend,
        env: { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000', BLOCK_EXPLORER_TX_URLS: `ethereum=${ETHERSCAN}` },
      });
      ORIGIN = server.config.siteOrigin;
      expect(ORIGIN).toMatch(/^https?:\/\/[^/]+$/);
      expect(server.url.startsWith(ORIGIN)).toBe(false);
      const keys = resolveFinanceKeys(server.config).keyring;
      admin = await enrolMember(server.url, server.database, 'admin@example.org', 'admin', keys);
      finance = await enrolMember(server.url, server.database, 'finance@example.org', 'finance', keys);
      const db = server.database;
      [{ id: smallGrantsRoundId }] = (await db.query<{ id: string }>("SELECT id::text AS id FROM rounds WHERE programme = 'small-grants'")) as [{ id: string }];
      [{ id: officeHoursRoundId }] = (await db.query<{ id: string }>("SELECT id::text AS id FROM rounds WHERE programme = 'office-hours'")) as [{ id: string }];
      // A past round with a budget: USD 75.000,00 (minor units), closed at the end of March.
      [{ id: budgetRoundId }] = (await db.query<{ id: string }>(
        `INSERT INTO rounds (programme, name, opens_at, closes_at, timezone, budget_amount, budget_currency)
         VALUES ('project-grants', 'Project Grants · 2026-1', '2026-01-05T00:00:00Z', '2026-03-31T23:59:00Z', 'UTC', 7500000, 'USD') RETURNING id::text AS id`,
      )) as [{ id: string }];

      await approvedGrant('open', 'Verkle explorer privado');
      await approvedGrant('private', 'Indexador privado');
      await approvedGrant('unpublished', 'Wallet privada');
      for (const key of ['open', 'private'] as const) {
        for (const position of [1, 2]) {
          await db.query(
            `INSERT INTO grant_milestones (grant_id, position, title, done_criteria, due_date, amount, state, accepted_at)
             VALUES ($1, $2, $3, 'Publicado.', '2027-06-30', 500000, $4, $5)`,
            [grantees[key].grantId, position, `Hito ${position}`, position === 1 ? 'accepted' : 'delivered', position === 1 ? new Date() : null],
          );
        }
      }
      await pay(grantees.open, { amount: '0.8', currency: 'ETH', rate: '1 ETH = 3125 USD', method: 'eth', reference: HASH_OPEN, destination: WALLET });
      await pay(grantees.open, { amount: '2500.00', currency: 'USD', method: 'bank_transfer', reference: BANK_REFERENCE, destination: IBAN, paidOn: '2026-10-22' });
      await pay(grantees.private, { amount: '0.8', currency: 'ETH', rate: '1 ETH = 3125 USD', method: 'eth', reference: HASH_HIDDEN, destination: WALLET });
      await pay(grantees.unpublished, { amount: '0.8', currency: 'ETH', rate: '1 ETH = 3125 USD', method: 'eth', reference: HASH_UNPUBLISHED, destination: WALLET });

      await publish(grantees.open, { publish: true, name: 'Explorador Verkle', description: 'Un explorador de árboles Verkle para la comunidad.', amount: true, milestones: true, payments: true });
      await publish(grantees.private, { publish: true, name: 'Indexador comunitario', description: 'Indexa eventos de contratos públicos.', amount: false, milestones: false, payments: false });
      await publish(grantees.unpublished, { publish: false, name: HIDDEN_NAME, description: 'Nunca debe verse.', amount: true, milestones: true, payments: true });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('serves the grant system, its pools and every pool’s applications as the spec’s schema says, with its @context and absolute URIs', async () => {
      const system = await json<Daoip5GrantSystem>('/api/daoip5');
      expect(system).toEqual({ '@context': DAOIP5_CONTEXT, name: 'Cadena Academy', type: 'Organization', grantPoolsURI: `${ORIGIN}/api/daoip5/grantPools` });
      expect(validation('grantSystem', system)).toBe('No errors');

      const poolsAnswer = await fetch(local(system.grantPoolsURI));
      const pools = (await poolsAnswer.json()) as Daoip5GrantPools;
      expect(pools['@context']).toBe(DAOIP5_CONTEXT);
      expect(validation('grantPools', pools)).toBe('No errors');
      for (const pool of pools.grantPools) {
        const document = (await (await fetch(local(pool.applicationsURI))).json()) as Daoip5Applications;
        expect(document['@context']).toBe(DAOIP5_CONTEXT);
        expect(document.grantPools.map((entry) => [entry.id, entry.name])).toEqual([[pool.id, pool.name]]);
        expect(validation('applications', document)).toBe('No errors');
        for (const application of document.grantPools[0]!.applications) expect(application.grantPoolsURI).toBe(system.grantPoolsURI);
      }
      const served = await applicationsOfRound(smallGrantsRoundId);
      console.info(`[${backend}] GET /api/daoip5/grantPools/${smallGrantsRoundId}/applications as served:\n${JSON.stringify(served, null, 2)}`);
      console.info(`[${backend}] ajv (draft-07, ajv-formats) against tests/api/fixtures/daoip5/daoip-5.schema.json: system: ${validation('grantSystem', system)}; pools: ${validation('grantPools', pools)}; applications: ${validation('applications', served)}`);
    });

    it('the schema copy refuses what the spec forbids, so a passing document means something', () => {
      expect(validation('grantSystem', { name: 'x', type: 'DAO', grantPoolsURI: `${ORIGIN}/x` })).toContain("must have required property '@context'");
      expect(validation('grantPools', { '@context': DAOIP5_CONTEXT, name: 'x', type: 'DAO', grantPools: [{ type: 'GrantPool', id: 'p', name: 'p', description: 'd', grantFundingMechanism: 'Lottery', isOpen: 'true', applicationsURI: 'relative/path', totalGrantPoolSize: [] }] })).toMatch(
        /grantFundingMechanism must be equal to one of the allowed values.*isOpen must be boolean.*applicationsURI must match format "uri"/,
      );
      expect(validation('applications', { '@context': DAOIP5_CONTEXT, name: 'x', type: 'DAO', grantPools: [{ type: 'GrantPool', name: 'p', applications: [{ type: 'GrantApplication', id: 'a', projectName: 'n', status: 'cancelled', payouts: [{ type: 'OnchainTransaction', value: {} }] }] }] })).toMatch(
        /status must be equal to one of the allowed values.*must have required property 'proof'/,
      );
    });

    it('publishes one pool per round of a grant programme: open or not, its close, its budget where set; Office Hours is not a pool', async () => {
      const pools = await poolsDocument();
      const ids = pools.grantPools.map((pool) => pool.id);
      expect(ids).not.toContain(`daoip-5:cadena-academy:grantPool:${officeHoursRoundId}`);
      expect(pools.grantPools.map((pool) => pool.name).sort()).toEqual(
        ['Academic Grants · primera convocatoria', 'Devcon Grants · primera convocatoria', 'Project Grants · 2026-1', 'Project Grants · primera convocatoria', 'Small Grants · primera convocatoria'].sort(),
      );
      const budgeted = pools.grantPools.find((pool) => pool.id === `daoip-5:cadena-academy:grantPool:${budgetRoundId}`)!;
      expect(budgeted).toMatchObject({
        type: 'GrantPool',
        grantFundingMechanism: 'Direct Grants',
        isOpen: false,
        closeDate: '2026-03-31T23:59:00.000Z',
        totalGrantPoolSize: [{ amount: '75000.00', denomination: 'USD' }],
        applicationsURI: `${ORIGIN}/api/daoip5/grantPools/${budgetRoundId}/applications`,
        governanceURI: `${ORIGIN}/applicants/project-grants/`,
      });
      const small = pools.grantPools.find((pool) => pool.id === `daoip-5:cadena-academy:grantPool:${smallGrantsRoundId}`)!;
      expect(small.isOpen).toBe(true);
      expect(small).not.toHaveProperty('closeDate');
      expect(small.totalGrantPoolSize).toEqual([]);
    });

    it('lists only published grants, each with only what its grantee allowed: amounts, on-chain payouts with the hash as proof, no bank transfer', async () => {
      const [pool] = (await applicationsOfRound(smallGrantsRoundId)).grantPools;
      const applications = pool!.applications;
      expect(applications.map((application) => application.projectName).sort()).toEqual(['Explorador Verkle', 'Indexador comunitario']);
      const open = applications.find((application) => application.projectName === 'Explorador Verkle')!;
      expect(open).toMatchObject({
        type: 'GrantApplication',
        grantPoolId: `daoip-5:cadena-academy:grantPool:${smallGrantsRoundId}`,
        grantPoolName: 'Small Grants · primera convocatoria',
        description: 'Un explorador de árboles Verkle para la comunidad.',
        contentURI: `${ORIGIN}/becas-otorgadas/`,
        fundsApproved: [{ amount: '10000.00', denomination: 'USD' }],
        status: 'funded',
        payouts: [{ type: 'OnchainTransaction', value: { network: 'Ethereum', paidOn: '2026-10-20', amount: '0.8', denomination: 'ETH', explorerURI: `${ETHERSCAN}${HASH_OPEN}` }, proof: HASH_OPEN }],
      });
      expect(open.id).toMatch(/^daoip-5:cadena-academy:grantApplication:[0-9a-f-]{36}$/);
      expect(open).not.toHaveProperty('fundsAsked');
      expect(open.extensions).toEqual({ 'x-programme': 'Small Grants', 'x-approvedOn': '2026-10-05', 'x-fundsPaid': [{ amount: '5000.00', denomination: 'USD' }], 'x-milestones': { done: 1, total: 2 } });

      const hidden = applications.find((application) => application.projectName === 'Indexador comunitario')!;
      expect(hidden).not.toHaveProperty('fundsApproved');
      expect(hidden.payouts).toEqual([]);
      // Its payment is private, so the status says no more than "approved".
      expect(hidden.status).toBe('approved');
      expect(hidden.extensions).toEqual({ 'x-programme': 'Small Grants', 'x-approvedOn': '2026-10-05' });
    });

    it('never carries a bank reference, a destination, a private hash, an unpublished grant or anything of the applications’ answers', async () => {
      const feed = await wholeFeed();
      for (const secret of [BANK_REFERENCE, IBAN, WALLET, HASH_HIDDEN, HASH_UNPUBLISHED, HIDDEN_NAME, 'Nunca debe verse', grantees.open.reference, grantees.private.reference]) expect(feed).not.toContain(secret);
      const answers = Object.values(grantees).flatMap((grantee) => stringsOf(grantee.answers).filter((value) => value.length >= 4));
      expect(answers.length).toBeGreaterThan(20);
      expect(answers.filter((value) => feed.includes(value))).toEqual([]);
    });

    it('says completed once every milestone the grantee shows is accepted', async () => {
      await server.database.query("UPDATE grant_milestones SET state = 'accepted', accepted_at = now() WHERE grant_id = $1", [grantees.open.grantId]);
      const [pool] = (await applicationsOfRound(smallGrantsRoundId)).grantPools;
      expect(pool!.applications.find((application) => application.projectName === 'Explorador Verkle')!.status).toBe('completed');
    });

    it('is cacheable with a strong ETag (304 without a body), open to cross-origin reads, and answers HEAD', async () => {
      for (const pathname of ['/api/daoip5', '/api/daoip5/grantPools', `/api/daoip5/grantPools/${smallGrantsRoundId}/applications`]) {
        const first = await get(pathname, { origin: 'https://collector.example.net' });
        expect(first.status).toBe(200);
        expect(first.headers.get('cache-control')).toBe('public, max-age=60');
        expect(first.headers.get('access-control-allow-origin')).toBe('*');
        expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
        const etag = first.headers.get('etag')!;
        expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
        const again = await get(pathname, { 'if-none-match': etag });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe('');
        expect(again.headers.get('access-control-allow-origin')).toBe('*');
        const head = await fetch(`${server.url}${pathname}`, { method: 'HEAD' });
        expect([head.status, head.headers.get('etag')]).toEqual([200, etag]);
      }
    });

    it('refuses a query string (400), an unknown pool and Office Hours’ round (404), and every method but GET and HEAD, storing nothing', async () => {
      const before = await server.database.query('SELECT count(*)::int AS n FROM grant_publications');
      for (const [pathname, parameter] of [
        ['/api/daoip5?status=funded', 'status'],
        ['/api/daoip5/grantPools?page=2', 'page'],
        [`/api/daoip5/grantPools/${smallGrantsRoundId}/applications?limit=1`, 'limit'],
      ] as const) {
        const answer = await get(pathname);
        expect(answer.status).toBe(400);
        expect(answer.headers.get('access-control-allow-origin')).toBe('*');
        expect(await answer.json()).toEqual({ error: PUBLIC_READ_MESSAGES.unknownParameter(parameter) });
      }
      for (const poolId of ['999999', officeHoursRoundId, 'abc', `daoip-5:cadena-academy:grantPool:${smallGrantsRoundId}`]) {
        const answer = await get(`/api/daoip5/grantPools/${encodeURIComponent(poolId)}/applications`);
        expect([answer.status, await answer.json()]).toEqual([404, { error: DAOIP5_POOL_NOT_FOUND }]);
      }
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const answer = await fetch(`${server.url}/api/daoip5/grantPools`, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
        expect(answer.status).toBe(404);
      }
      expect(await server.database.query('SELECT count(*)::int AS n FROM grant_publications')).toEqual(before);
    });

    it('drops a grant at once when its grantee withdraws consent or is erased, and the ETag changes with it', async () => {
      const pathname = `/api/daoip5/grantPools/${smallGrantsRoundId}/applications`;
      const etag = (await get(pathname)).headers.get('etag')!;
      await publish(grantees.private, { publish: false, name: 'Indexador comunitario', description: 'Indexa eventos de contratos públicos.', amount: false, milestones: false, payments: false });
      const afterWithdrawal = await get(pathname, { 'if-none-match': etag });
      expect(afterWithdrawal.status).toBe(200);
      const names = ((await afterWithdrawal.json()) as Daoip5Applications).grantPools[0]!.applications.map((application) => application.projectName);
      expect(names).toEqual(['Explorador Verkle']);

      const erased = await teamClient(server.url, admin.cookie).post('/data-rights/erase', { email: grantees.open.email, confirm: grantees.open.email });
      expect(erased.status).toBe(200);
      expect((await applicationsOfRound(smallGrantsRoundId)).grantPools[0]!.applications).toEqual([]);
      const feed = await wholeFeed();
      for (const gone of ['Explorador Verkle', HASH_OPEN, 'Indexador comunitario']) expect(feed).not.toContain(gone);
    });
  });
}
