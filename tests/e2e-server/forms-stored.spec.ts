/**
 * Every form, filled in the browser as an applicant does and sent to `npm start`'s server (the
 * real API, PostgreSQL behind it, a local fake captcha verifier): the thank-you page shows and
 * the row holds exactly what the form sends, minus the captcha token and the security ID.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { formDefinitions, type FormDefinition, type FormValues, type WirePayload } from '../../src/forms/definitions';
import { defaultValues } from '../../src/forms/definitions/validate';
import { parseFinanceKey } from '../../src/server/config';
import { financeKeyring } from '../../src/server/finance/encryption';
import { openFinancePayload, sealedPayloadColumns, type SealedPayloadRow } from '../../src/server/finance/versions';
import { addGrantee } from '../../src/server/grantees';
import { openPostgres, type Database } from '../../src/server/storage/database';
import { readSubmissionFile } from '../../src/server/storage/files';
import { startPostgresCluster, type PostgresCluster } from '../../scripts/postgres-cluster';
import { startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { startFakeSiteverify, TEST_SECRET, type FakeSiteverify } from '../../scripts/support/fakeSiteverify';
import { academicGrantsSample, devconGrantsSample, granteeFinanceSample, officeHoursSample, projectGrantsSample, smallGrantsEventSample } from '../unit/forms/components/samples';
import { expect, gotoHydrated, test } from '../e2e/fixtures';
import { CAPTCHA_TOKEN, fill, solveCaptcha, stubCaptcha } from '../e2e/forms-support';
import { E2E_SERVER_PORT } from '../../playwright.server.config';

const POSTGRES_PORT = 3193;

let cluster: PostgresCluster;
let siteverify: FakeSiteverify;
let server: ServerProcess;
let database: Database;
let dataDir: string;
/** The server's payment-details key in this test (32 bytes of 0x0e, base64). */
const FINANCE_KEY = `e2e:${Buffer.alloc(32, 14).toString('base64')}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  cluster = startPostgresCluster(POSTGRES_PORT);
  siteverify = await startFakeSiteverify(CAPTCHA_TOKEN);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-server-'));
  server = await startServerProcess(
    { DATA_DIR: dataDir, DATABASE_URL: cluster.adminUrl, RECAPTCHA_SECRET_KEY: TEST_SECRET, RECAPTCHA_VERIFY_URL: siteverify.url, FINANCE_ENCRYPTION_KEY: FINANCE_KEY },
    E2E_SERVER_PORT,
  );
  database = await openPostgres(cluster.adminUrl);
});

test.afterAll(async () => {
  await database?.close();
  server?.child.kill('SIGTERM');
  await server?.exited;
  await siteverify?.close();
  cluster?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => stubCaptcha(page));

/** The confirmation route, as exported (trailing slash). */
const thankYou = (definition: FormDefinition): RegExp => new RegExp(`${definition.thankYouPath.replace(/\/$/, '')}/$`);

const withoutSecrets = (payload: WirePayload): WirePayload => Object.fromEntries(Object.entries(payload).filter(([name]) => name !== 'captchaToken' && name !== 'granteeSecurityID'));

async function submit(page: Page, definition: FormDefinition, route: string, values: FormValues): Promise<void> {
  await gotoHydrated(page, route);
  await fill(page, definition, values);
  if (definition.captcha) await solveCaptcha(page);
  await page.getByRole('button', { name: definition.submitLabel }).click();
  await page.waitForURL(thankYou(definition));
}

const JSON_FORMS: ReadonlyArray<{ route: string; definition: FormDefinition; values: FormValues }> = [
  { route: '/devcon-grants/apply/', definition: formDefinitions['devcon-grants'], values: devconGrantsSample },
  { route: '/applicants/small-grants/apply/', definition: formDefinitions['small-grants'], values: smallGrantsEventSample },
  { route: '/applicants/office-hours/apply/', definition: formDefinitions['office-hours'], values: officeHoursSample },
  { route: '/academic-grants/apply/', definition: formDefinitions['academic-grants'], values: academicGrantsSample },
];

test('project grants with a proposal: the row and the file are stored', async ({ page }) => {
  const definition = formDefinitions['project-grants'];
  const proposal = Buffer.from('%PDF-1.4 a proposal sent through the browser');
  await gotoHydrated(page, '/applicants/project-grants/apply/');
  await fill(page, definition, projectGrantsSample);
  await page.locator('#field-uploadProposal').setInputFiles({ name: 'proposal.pdf', mimeType: 'application/pdf', buffer: proposal });
  await solveCaptcha(page);
  await page.getByRole('button', { name: definition.submitLabel }).click();
  await page.waitForURL(thankYou(definition));

  const [row] = await database.query<{ id: string; payload: WirePayload }>("SELECT id::text AS id, payload FROM submissions WHERE form = 'project-grants' ORDER BY id DESC LIMIT 1");
  expect(row?.payload).toEqual(withoutSecrets(definition.toPayload({ ...defaultValues(definition), ...projectGrantsSample, captchaToken: CAPTCHA_TOKEN })));
  const file = await readSubmissionFile(database, row!.id);
  expect(file).toMatchObject({ originalName: 'proposal.pdf', mediaType: 'application/pdf' });
  expect(file!.bytes.equals(proposal)).toBe(true);
});

for (const { route, definition, values } of JSON_FORMS) {
  test(`${definition.key}: submitted in the browser, found in the database`, async ({ page }) => {
    await submit(page, definition, route, values);
    const rows = await database.query<{ payload: WirePayload; endpoint: string }>('SELECT payload, endpoint FROM submissions WHERE form = $1 ORDER BY id DESC LIMIT 1', [definition.key]);
    expect(rows[0]?.payload).toEqual(withoutSecrets(definition.toPayload({ ...defaultValues(definition), ...values, captchaToken: CAPTCHA_TOKEN })));
    expect(rows[0]?.endpoint).toBe(definition.endpoint(values).path);
  });
}

async function submitFinance(page: Page, securityId: string): Promise<void> {
  await gotoHydrated(page, '/applicants/grantee-finance/');
  await fill(page, formDefinitions['grantee-finance'], { ...granteeFinanceSample, granteeSecurityID: securityId });
  await page.getByRole('button', { name: formDefinitions['grantee-finance'].submitLabel }).click();
  // The form reads the payment details back before it sends them.
  await page.getByRole('button', { name: /Confirm and send/ }).click();
}

test('grantee finance: a provisioned security ID stores the details as a version', async ({ page }) => {
  const definition = formDefinitions['grantee-finance'];
  const { grantee, securityId } = await addGrantee(database, 'E2E grantee');
  await submitFinance(page, securityId);
  await page.waitForURL(thankYou(definition));
  const rows = await database.query<SealedPayloadRow & { payload: WirePayload | null }>(`SELECT v.payload, ${sealedPayloadColumns('v')} FROM grantee_finance_versions v WHERE v.grantee_id = $1`, [grantee.id]);
  const sent = { ...defaultValues(definition), ...granteeFinanceSample, granteeSecurityID: securityId };
  // Stored encrypted (no clear payload); opened with the server's key, it is what was sent.
  expect(rows.map((row) => ({ clear: row.payload, keyId: row.payload_key_id, version: row.version }))).toEqual([{ clear: null, keyId: 'e2e', version: 1 }]);
  expect(openFinancePayload(financeKeyring(parseFinanceKey(FINANCE_KEY, 'test')), rows[0]!)).toEqual(withoutSecrets(definition.toPayload(sent)));
});

test('grantee finance: an unknown security ID is answered 404 and the form says so', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404.*\/api\/grantee-finance/, 'the server refuses the unknown ID and Chromium logs the failed request');
  consoleErrors.allow(/refused with status 404/, 'the form logs the failure, as it should');
  const before = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM grantee_finance_versions');
  await submitFinance(page, 'NOT-A-REAL-ID-0000');
  await expect(page.locator('.Toastify [role="alert"]', { hasText: 'Please make sure the Security Grantee ID is correct.' })).toBeVisible();
  expect(await database.query<{ n: number }>('SELECT count(*)::int AS n FROM grantee_finance_versions')).toEqual(before);
});
