import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { formDefinitions } from '../../../src/forms/definitions';
import { buildApp, type AppDependencies } from '../../../src/server/app';
import { loadConfig, type ServerConfig } from '../../../src/server/config';
import type { FormRegistry } from '../../../src/server/formRoutes';
import { openDatabase, type Database } from '../../../src/server/storage/database';
import { startFakeSiteverify, TEST_SECRET, type FakeSiteverify } from '../../../scripts/support/fakeSiteverify';
import { listenInRange } from '../../../scripts/support/ports';

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: readonly Backend[] = ['pglite', 'postgres'];

export type TestServer = {
  readonly url: string;
  readonly database: Database;
  readonly config: ServerConfig;
  readonly siteverify: FakeSiteverify;
  /** Number of rows in a table. */
  count(table: 'submissions' | 'submission_files' | 'newsletter_subscribers' | 'grantee_finance_versions'): Promise<number>;
  close(): Promise<void>;
};

const projectDir = path.resolve(__dirname, '../../..');

/** A fresh, empty database of the given kind: a copy of the PGlite template, or a new PostgreSQL database. */
export async function freshStorage(backend: Backend, dataDir: string): Promise<{ databaseUrl: string | null; drop: () => Promise<void> }> {
  if (backend === 'pglite') {
    fs.cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
    return { databaseUrl: null, drop: async () => undefined };
  }
  const name = `api_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The real app on a real port, with its own data folder, database and fake captcha verifier. */
export async function startTestServer(
  options: { backend?: Backend; env?: Record<string, string>; forms?: FormRegistry; onRoute?: AppDependencies['onRoute']; now?: AppDependencies['now'] } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-data-'));
  const storage = await freshStorage(options.backend ?? 'pglite', dataDir);
  const siteverify = await startFakeSiteverify();
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: storage.databaseUrl ?? '',
      RECAPTCHA_SECRET_KEY: TEST_SECRET,
      RECAPTCHA_VERIFY_URL: siteverify.url,
      RATE_LIMIT_PER_MINUTE: '1000',
      FINANCE_RATE_LIMIT_PER_MINUTE: '1000',
      ...options.env,
    },
    projectDir,
  );
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, forms: options.forms ?? formDefinitions, logger: false, onRoute: options.onRoute, now: options.now });
  const port = await listenInRange((candidate) => app.listen({ host: '127.0.0.1', port: candidate }));
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    config,
    siteverify,
    count: async (table) => (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n,
    close: async () => {
      await app.close();
      await database.close();
      await siteverify.close();
      await storage.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function postJson(url: string, body: unknown, method: 'POST' | 'PUT' = 'POST', headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}
