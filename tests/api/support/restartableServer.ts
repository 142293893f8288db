import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/server/config';
import { resolveFinanceKeys, type FinanceKeyring } from '../../../src/server/finance/encryption';
import { loadMailConfig } from '../../../src/server/mail/config';
import { startServer, type RunningServer } from '../../../src/server/main';
import { startFakeSiteverify, TEST_SECRET, type FakeSiteverify } from '../../../scripts/support/fakeSiteverify';
import { listenInRange } from '../../../scripts/support/ports';
import { freshStorage, type Backend } from './testServer';

/**
 * The server as `npm start` runs it (outbox worker included), on storage that outlives a restart:
 * `start(env)` may be called again after `stop()` with other mail settings.
 */
export type RestartableStorage = {
  /** The server's environment (DATA_DIR, DATABASE_URL…), for the CLIs run between two starts. */
  readonly env: Readonly<Record<string, string>>;
  /** `serverEnv` adds to or overrides the server's environment for this start (e.g. other keys). */
  start(mailEnv: Record<string, string>, serverEnv?: Record<string, string>): Promise<RunningServer>;
  /** The keys a start without FINANCE_ENCRYPTION_KEY seals with (DATA_DIR/finance.key). */
  keys(): FinanceKeyring;
  close(): Promise<void>;
};

const projectDir = path.resolve(__dirname, '../../..');

/** Retries quickly, as a deployment might for a local relay; the defaults wait 30 s and more. */
export const FAST_RETRY_ENV = { MAIL_POLL_MS: '50', MAIL_RETRY_BASE_MS: '100', MAIL_RETRY_MAX_MS: '400' };

export async function createRestartableStorage(backend: Backend = 'pglite'): Promise<RestartableStorage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-data-'));
  const storage = await freshStorage(backend, dataDir);
  const siteverify: FakeSiteverify = await startFakeSiteverify();
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: storage.databaseUrl ?? '',
    RECAPTCHA_SECRET_KEY: TEST_SECRET,
    RECAPTCHA_VERIFY_URL: siteverify.url,
    RATE_LIMIT_PER_MINUTE: '1000',
    FINANCE_RATE_LIMIT_PER_MINUTE: '1000',
    LOG_LEVEL: 'silent',
  };
  return {
    env,
    start: async (mailEnv, serverEnv = {}) => {
      const started: RunningServer[] = [];
      await listenInRange(async (port) => started.push(await startServer(loadConfig({ ...env, ...serverEnv, PORT: String(port) }, projectDir), loadMailConfig(mailEnv))));
      return started[0]!;
    },
    keys: () => resolveFinanceKeys({ financeKey: null, financeOldKeys: [], dataDir }).keyring,
    close: async () => {
      await siteverify.close();
      await storage.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` returns true (the worker runs on its own clock). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
