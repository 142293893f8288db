import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions } from '../../src/forms/definitions';
import type { FormValues, WirePayload } from '../../src/forms/definitions/types';
import { FinanceKeysUsageError, RotationIncomplete, runFinanceKeysCommand } from '../../src/server/cli/financeKeys';
import { ConfigError, loadConfig, parseFinanceKey } from '../../src/server/config';
import { exportApplications } from '../../src/server/export/applications';
import { UnreadableFinanceRows } from '../../src/server/finance/export';
import { runExportCommand } from '../../src/server/export/cli';
import { financeKeyring, LOCAL_KEY_FILE, resolveFinanceKeys, type FinanceKeyring } from '../../src/server/finance/encryption';
import { openFinancePayload, sealedPayloadColumns, type SealedPayloadRow } from '../../src/server/finance/versions';
import { addGrantee } from '../../src/server/grantees';
import { claimDueMessage } from '../../src/server/mail/outbox';
import { loadMailConfig } from '../../src/server/mail/config';
import { startServer, type RunningServer } from '../../src/server/main';
import { applyMigrations } from '../../src/server/storage/migrations';
import { openPglite, type Database } from '../../src/server/storage/database';
import { parseReference, readApplication, UNREADABLE_PAYMENT_DETAILS } from '../../src/server/team/applications';
import { validFinanceCrypto, validFinanceFiat } from '../../scripts/support/formAnswers';
import { listenInRange } from '../../scripts/support/ports';
import { createRestartableStorage, type RestartableStorage } from './support/restartableServer';
import { BACKENDS, postJson } from './support/testServer';

/**
 * Payment details at rest: what a database dump, the outbox and the exports show, key rotation,
 * tampering, the start-time conversion of clear rows, and the production start refusal.
 */

const projectDir = path.resolve(__dirname, '../..');
const PG_DUMP = '/usr/lib/postgresql/15/bin/pg_dump';
/** Several server starts, a PGlite dump (a WebAssembly pg_dump) or a child process: slow on a shared machine. */
const SLOW = 180_000;

/** Values to look for in the dump: none of them may appear in clear. */
const IBAN = 'DE89370400440532013000';
const WALLET = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const SWIFT = 'COBADEFFXXX';
const BANK_ADDRESS = 'Kaiserstraße 16, Frankfurt';
const NOTE = 'Pagar antes del viernes, ref. NOTA-77';

const fiat = (): FormValues => ({ ...validFinanceFiat(), IBAN, SWIFTCode: SWIFT, bankAddress: BANK_ADDRESS, notes: NOTE, contactEmail: 'fiat@example.org' });
const crypto = (): FormValues => ({ ...validFinanceCrypto(), ethAddress: WALLET, notes: NOTE, contactEmail: 'wallet@example.org' });

const keyText = (id: string, fill: number): string => `${id}:${Buffer.alloc(32, fill).toString('base64')}`;
const K1 = keyText('k1', 1);
const K2 = keyText('k2', 2);

const wire = (values: FormValues): WirePayload => formDefinitions['grantee-finance'].toPayload(values);

async function submitFinance(server: RunningServer, securityId: string, values: FormValues): Promise<string> {
  const response = await postJson(server.address + endpoints.granteeFinance.path, wire({ ...values, granteeSecurityID: securityId }), 'PUT');
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function sealedRows(database: Database): Promise<Array<SealedPayloadRow & { id: string; payload: WirePayload | null }>> {
  return database.query(`SELECT v.id::text AS id, v.payload, ${sealedPayloadColumns('v')} FROM grantee_finance_versions v ORDER BY v.id`);
}

/** Fails if any of the payment details appears in `text`, in any letter case. */
function expectNoPaymentDetails(text: string): void {
  for (const secret of [IBAN, WALLET, WALLET.toLowerCase(), SWIFT, BANK_ADDRESS, NOTE]) expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
}

let storage: RestartableStorage | null = null;
let running: RunningServer | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
  await storage?.close();
  storage = null;
});

describe.each(BACKENDS)('payment details at rest on %s', (backend) => {
  it('a database dump holds neither the IBAN nor the wallet address (nor the other payment details) in clear', async () => {
    storage = await createRestartableStorage(backend);
    running = await storage.start({}, { FINANCE_ENCRYPTION_KEY: K1 });
    const { securityId } = await addGrantee(running.database, 'Dump check');
    await submitFinance(running, securityId, fiat());
    await submitFinance(running, securityId, crypto());

    let dump: string;
    if (backend === 'postgres') {
      dump = execFileSync(PG_DUMP, ['--no-owner', storage.env.DATABASE_URL!], { encoding: 'utf8' });
      await running.stop();
      running = null;
    } else {
      await running.stop();
      running = null;
      const pg = await PGlite.create({ dataDir: path.join(storage.env.DATA_DIR!, 'pglite') });
      try {
        dump = await (await pgDump({ pg })).text();
      } finally {
        await pg.close();
      }
      // Beyond the dump: not in any file of the data folder either (tables, indexes, WAL).
      for (const file of fs.readdirSync(path.join(storage.env.DATA_DIR!, 'pglite'), { recursive: true, withFileTypes: true })) {
        if (!file.isFile()) continue;
        const bytes = fs.readFileSync(path.join(file.parentPath, file.name));
        for (const secret of [IBAN, WALLET, NOTE]) expect(bytes.includes(Buffer.from(secret)), `${secret} in ${file.name}`).toBe(false);
      }
    }
    // The dump is real: both versions are in it, with the clear columns kept on purpose.
    expect(dump).toContain('grantee_finance_versions');
    expect(dump).toContain('fiat@example.org');
    expect(dump).toContain('wallet@example.org');
    expectNoPaymentDetails(dump);
  }, SLOW);
});

describe('who sees payment details', () => {
  it('the finance view and export decrypt them; the outbox and every other reader get only name and contact email', async () => {
    storage = await createRestartableStorage('pglite');
    running = await storage.start({}, { FINANCE_ENCRYPTION_KEY: K1 });
    const { database } = running;
    const { securityId } = await addGrantee(database, 'Readers');
    const id = await submitFinance(running, securityId, fiat());
    const keyring = financeKeyring(parseFinanceKey(K1, 'test'));

    // The finance role's detail view (routes.ts checks the role and audits): every answer, decrypted.
    const detail = await readApplication(database, parseReference(`GF-${id.padStart(6, '0')}`)!, keyring);
    expect(detail?.unreadable).toBeUndefined();
    expect(detail?.sections.flatMap((section) => section.answers.map((answer) => answer.value))).toEqual(expect.arrayContaining([IBAN, SWIFT, BANK_ADDRESS, NOTE]));

    // The outbox (confirmation email composer): the contact email and name, nothing else.
    const claimed = [];
    for (let message = await claimDueMessage(database, 'test', 60_000, keyring); message; message = await claimDueMessage(database, 'test', 60_000, keyring)) claimed.push(message);
    const financeMessages = claimed.flatMap((message) => (message.kind === 'application' && message.application.form === 'grantee-finance' ? [message.application] : []));
    expect(financeMessages.length).toBeGreaterThan(0);
    for (const application of financeMessages) expect(application.payload).toEqual({ beneficiaryName: 'Ana Pérez', contactEmail: 'fiat@example.org' });

    // Export: grantee finance cannot be exported without the keyring; with it, the answers are there.
    await expect(exportApplications(database, formDefinitions['grantee-finance'], { since: null })).rejects.toThrow('keyring');
    const table = await exportApplications(database, formDefinitions['grantee-finance'], { since: null }, keyring);
    expect(table.rows[0]).toEqual(expect.arrayContaining([IBAN, SWIFT]));
  }, SLOW);

  it('npm run export -- --include-finance decrypts with the configured key', async () => {
    storage = await createRestartableStorage('pglite');
    running = await storage.start({}, { FINANCE_ENCRYPTION_KEY: K1 });
    const { securityId } = await addGrantee(running.database, 'CLI export');
    await submitFinance(running, securityId, crypto());
    await running.stop();
    running = null;
    let stdout = '';
    await runExportCommand(['--form', 'grantee-finance', '--include-finance'], { stdout: (text) => (stdout += text), stderr: () => undefined }, {
      env: { ...storage.env, FINANCE_ENCRYPTION_KEY: K1 },
      projectDir,
      outputDir: projectDir,
    });
    expect(stdout).toContain(WALLET);
    expect(stdout).toContain(NOTE);
  }, SLOW);
});

describe('tampering', () => {
  it('a modified ciphertext, tag or a ciphertext moved to another row fails to decrypt and is reported, not shown', async () => {
    storage = await createRestartableStorage('pglite');
    running = await storage.start({}, { FINANCE_ENCRYPTION_KEY: K1 });
    const { database } = running;
    const { securityId } = await addGrantee(database, 'Tampering');
    const first = await submitFinance(running, securityId, fiat());
    const second = await submitFinance(running, securityId, crypto());
    const keyring = financeKeyring(parseFinanceKey(K1, 'test'));
    const view = (id: string) => readApplication(database, parseReference(`GF-${id.padStart(6, '0')}`)!, keyring);

    // One flipped bit in the ciphertext.
    await database.query(`UPDATE grantee_finance_versions SET payload_ciphertext = overlay(payload_ciphertext placing decode(lpad(to_hex(get_byte(payload_ciphertext, 5) # 1), 2, '0'), 'hex') from 6 for 1) WHERE id = $1`, [first]);
    const tampered = await view(first);
    expect(tampered).toMatchObject({ sections: [], unreadable: UNREADABLE_PAYMENT_DETAILS });
    expect(JSON.stringify(tampered)).not.toContain(IBAN);

    // The second row's intact ciphertext, IV and tag copied onto the first: bound to its own row, it does not open there.
    await database.query(
      `UPDATE grantee_finance_versions t SET payload_ciphertext = s.payload_ciphertext, payload_iv = s.payload_iv, payload_auth_tag = s.payload_auth_tag
       FROM grantee_finance_versions s WHERE t.id = $1 AND s.id = $2`,
      [first, second],
    );
    expect((await view(first))?.unreadable).toBe(UNREADABLE_PAYMENT_DETAILS);
    expect((await view(second))?.unreadable).toBeUndefined();

    // The export refuses as a whole, naming the row, rather than leave it out or blank.
    const refused = exportApplications(database, formDefinitions['grantee-finance'], { since: null }, keyring);
    await expect(refused).rejects.toBeInstanceOf(UnreadableFinanceRows);
    await expect(refused).rejects.toThrow(`GF-${first.padStart(6, '0')}`);

    // A ciphertext under a key that is not configured: reported the same way.
    expect((await readApplication(database, parseReference(`GF-${second.padStart(6, '0')}`)!, financeKeyring(parseFinanceKey(K2, 'test'))))?.unreadable).toBe(UNREADABLE_PAYMENT_DETAILS);
  }, SLOW);
});

describe('key rotation', () => {
  it('npm run finance-keys -- rotate re-encrypts every row under the new key id, beside the running server (PostgreSQL)', async () => {
    storage = await createRestartableStorage('postgres');
    running = await storage.start({}, { FINANCE_ENCRYPTION_KEY: K1 });
    const { securityId } = await addGrantee(running.database, 'Rotation');
    const ids = [await submitFinance(running, securityId, fiat()), await submitFinance(running, securityId, crypto())];
    expect((await sealedRows(running.database)).map((row) => row.payload_key_id)).toEqual(['k1', 'k1']);

    // The server keeps running on PostgreSQL while the command re-encrypts.
    const env = { ...storage.env, FINANCE_ENCRYPTION_KEY: K2, FINANCE_ENCRYPTION_OLD_KEYS: K1 };
    const lines = await runFinanceKeysCommand(['rotate'], env, projectDir);
    expect(lines[0]).toBe("Re-encrypted 2 grantee finance versions under key 'k2' (FINANCE_ENCRYPTION_KEY).");
    expect(lines).toContain('k2: 2 versions, current key');
    const rows = await sealedRows(running.database);
    expect(rows.map((row) => row.payload_key_id)).toEqual(['k2', 'k2']);

    // Readable with the new key alone, no longer with the old one.
    const onlyNew = financeKeyring(parseFinanceKey(K2, 'test'));
    expect(openFinancePayload(onlyNew, rows[0]!)).toMatchObject({ IBAN, notes: NOTE });
    expect(openFinancePayload(onlyNew, rows[1]!)).toMatchObject({ ethAddress: WALLET });
    expect((await readApplication(running.database, parseReference(`GF-${ids[0]!.padStart(6, '0')}`)!, financeKeyring(parseFinanceKey(K1, 'test'))))?.unreadable).toBe(UNREADABLE_PAYMENT_DETAILS);

    // Idempotent: nothing left to re-encrypt.
    expect((await runFinanceKeysCommand(['rotate'], env, projectDir))[0]).toBe("Re-encrypted 0 grantee finance versions under key 'k2' (FINANCE_ENCRYPTION_KEY).");

    // A server restarted on the new key (old one kept for reading) shows them to the finance view.
    await running.stop();
    running = await storage.start({}, { FINANCE_ENCRYPTION_KEY: K2 });
    expect(running.finance.unknownKeyVersions).toEqual([]);
  }, SLOW);

  it('old rows stay readable through FINANCE_ENCRYPTION_OLD_KEYS until rotated; an unreadable row is reported and left alone', async () => {
    storage = await createRestartableStorage('pglite');
    running = await storage.start({}, { FINANCE_ENCRYPTION_KEY: K1 });
    const { securityId } = await addGrantee(running.database, 'Old keys');
    const old = await submitFinance(running, securityId, fiat());
    await running.stop();

    // New current key, old one for reading: the old row opens, new rows go under k2.
    running = await storage.start({}, { FINANCE_ENCRYPTION_KEY: K2, FINANCE_ENCRYPTION_OLD_KEYS: K1 });
    const both: FinanceKeyring = resolveFinanceKeys(loadConfig({ ...storage.env, FINANCE_ENCRYPTION_KEY: K2, FINANCE_ENCRYPTION_OLD_KEYS: K1 }, projectDir)).keyring;
    expect((await readApplication(running.database, parseReference(`GF-${old.padStart(6, '0')}`)!, both))?.sections.length).toBeGreaterThan(0);
    await submitFinance(running, securityId, crypto());
    expect((await sealedRows(running.database)).map((row) => row.payload_key_id)).toEqual(['k1', 'k2']);
    // Started without the old key, the server says which rows it cannot read.
    await running.stop();
    running = await storage.start({}, { FINANCE_ENCRYPTION_KEY: K2 });
    expect(running.finance.unknownKeyVersions).toEqual([{ keyId: 'k1', versions: 1 }]);
    await running.database.query("UPDATE grantee_finance_versions SET payload_auth_tag = decode(repeat('00', 16), 'hex') WHERE id = $1", [old]);
    await running.stop();
    running = null;

    // Rotation with the old key configured: the tampered row cannot be opened, is named, and stays as it was.
    const rotation = runFinanceKeysCommand(['rotate'], { ...storage.env, FINANCE_ENCRYPTION_KEY: K2, FINANCE_ENCRYPTION_OLD_KEYS: K1 }, projectDir);
    await expect(rotation).rejects.toBeInstanceOf(RotationIncomplete);
    await expect(rotation).rejects.toThrow(`Version ${old} could not be decrypted and was left as it was`);
    await expect(runFinanceKeysCommand(['rotate', 'now'], storage.env, projectDir)).rejects.toBeInstanceOf(FinanceKeysUsageError);
  }, SLOW);
});

describe('rows stored in clear before migration 8', () => {
  it('are encrypted at the first start (idempotently), under a generated local key when FINANCE_ENCRYPTION_KEY is unset', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-legacy-'));
    try {
      // The schema as it was before migration 8 (the runner stopped at 7), with a clear row in it.
      const old = await openPglite(dataDir);
      await applyMigrations(old, { through: 7 });
      const { grantee } = await addGrantee(old, 'Legacy');
      const payload = wire({ ...fiat(), granteeSecurityID: '' });
      delete payload.granteeSecurityID;
      await old.query('INSERT INTO grantee_finance_versions (grantee_id, version, payload) VALUES ($1, 1, $2)', [grantee.id, JSON.stringify(payload)]);
      await old.close();

      // Start as `npm start` does, on that folder, with no key set.
      const start = async (): Promise<RunningServer> => {
        const started: RunningServer[] = [];
        await listenInRange(async (port) => started.push(await startServer(loadConfig({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'silent' }, projectDir), loadMailConfig({}))));
        return started[0]!;
      };
      running = await start();
      const keyFile = path.join(dataDir, LOCAL_KEY_FILE);
      expect(running.finance).toMatchObject({ localKeyFile: keyFile, generated: true, sealedAtStart: 1 });
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      const [row] = await sealedRows(running.database);
      expect(row!.payload).toBeNull();
      const local = resolveFinanceKeys(loadConfig({ DATA_DIR: dataDir }, projectDir)).keyring;
      expect(openFinancePayload(local, row!)).toEqual(payload);
      const [clear] = await running.database.query<{ beneficiary_name: string; contact_email: string }>('SELECT beneficiary_name, contact_email FROM grantee_finance_versions');
      expect(clear).toEqual({ beneficiary_name: 'Ana Pérez', contact_email: 'fiat@example.org' });
      await running.stop();

      // Second start: same key file, nothing left to encrypt.
      running = await start();
      expect(running.finance).toMatchObject({ localKeyFile: keyFile, generated: false, sealedAtStart: 0 });
      await running.stop();
      running = null;
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, SLOW);
});

describe('configuration', () => {
  it('refuses to start in production without FINANCE_ENCRYPTION_KEY, and rejects malformed keys without echoing them', () => {
    const production = { NODE_ENV: 'production', RECAPTCHA_SECRET_KEY: 's' };
    expect(() => loadConfig(production)).toThrow('FINANCE_ENCRYPTION_KEY is required when NODE_ENV=production');
    expect(loadConfig({ ...production, FINANCE_ENCRYPTION_KEY: K1 }).financeKey?.id).toBe('k1');

    const short = `k1:${Buffer.alloc(16, 9).toString('base64')}`;
    expect(() => loadConfig({ FINANCE_ENCRYPTION_KEY: short })).toThrow(ConfigError);
    try {
      loadConfig({ FINANCE_ENCRYPTION_KEY: short });
    } catch (error) {
      expect((error as Error).message).not.toContain(short.slice(3));
    }
    expect(() => loadConfig({ FINANCE_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') })).toThrow("'key-id:base64-key'");
    expect(() => loadConfig({ FINANCE_ENCRYPTION_KEY: K1, FINANCE_ENCRYPTION_OLD_KEYS: keyText('k1', 3) })).toThrow("Two different finance keys have the id 'k1'");
    expect(loadConfig({ FINANCE_ENCRYPTION_KEY: K2, FINANCE_ENCRYPTION_OLD_KEYS: `${K1}, ${keyText('k0', 4)}` }).financeOldKeys.map((key) => key.id)).toEqual(['k1', 'k0']);
  });

  it('npm start exits with the reason in production without the key', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-prod-'));
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
        cwd: projectDir,
        env: { PATH: process.env.PATH, NODE_ENV: 'production', RECAPTCHA_SECRET_KEY: 's', DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('npm start: FINANCE_ENCRYPTION_KEY is required when NODE_ENV=production');
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, SLOW);
});
