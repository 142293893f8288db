/**
 * `npm run bench:api`: valid office-hours submissions at 50 concurrent connections on 127.0.0.1
 * for 20 s against `npm start`'s server, on PGlite and then on PostgreSQL (a throwaway cluster).
 * Prints requests per second, p50/p99 latency, 2xx answers and the rows stored, which must be equal.
 * (`-- --duration 5` for a quick run.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { endpoints } from '../src/api/endpoints';
import { formDefinitions } from '../src/forms/definitions';
import { openDatabase } from '../src/server/storage/database';
import { validOfficeHours } from '../tests/unit/forms/definitions/fixtures';
import { startPostgresCluster } from './postgres-cluster';
import { startServerProcess } from './server-process';

const SERVER_PORT = 3180;
const POSTGRES_PORT = 3181;
const CONNECTIONS = 50;
const durationArg = process.argv.indexOf('--duration');
const DURATION_S = durationArg > 0 ? Number(process.argv[durationArg + 1]) : 20;

type LoadResult = { requestsPerSecond: number; p50: number; p99: number; ok: number; other: number; errors: number };

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0);
}

/**
 * CONNECTIONS clients, each sending its next request as soon as the last one is answered, until
 * the time is up. Every request started is waited for, so each one the server stored is counted
 * as an answer: rows stored must equal the 2xx answers exactly.
 */
async function load(url: string, body: string): Promise<LoadResult> {
  const latencies: number[] = [];
  let ok = 0;
  let other = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + DURATION_S * 1000;
  const client = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        await response.arrayBuffer();
        latencies.push(performance.now() - sent);
        if (response.ok) ok += 1;
        else other += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requestsPerSecond: (ok + other) / elapsedS, p50: Math.round(percentile(latencies, 0.5)), p99: Math.round(percentile(latencies, 0.99)), ok, other, errors };
}

type Row = { backend: string; requestsPerSecond: number; p50: number; p99: number; ok: number; other: number; errors: number; rows: number };

async function run(backend: string, env: Record<string, string>, countRows: () => Promise<number>): Promise<Row> {
  // The limits guard public endpoints; a load test from one address must not hit them.
  const server = await startServerProcess({ ...env, RATE_LIMIT_PER_MINUTE: '100000000', RECAPTCHA_SECRET_KEY: 'unused-by-office-hours' }, SERVER_PORT);
  const result = await load(server.url + endpoints.officeHours.path, JSON.stringify(formDefinitions['office-hours'].toPayload(validOfficeHours())));
  server.child.kill('SIGTERM');
  await server.exited;
  return { backend, ...result, rows: await countRows() };
}

async function main(): Promise<void> {
  const results: Row[] = [];

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  try {
    results.push(
      await run('PGlite (fsync on)', { DATA_DIR: dataDir }, async () => {
        const database = await openDatabase({ dataDir, databaseUrl: null });
        const [row] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM submissions');
        await database.close();
        return row!.n;
      }),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const cluster = startPostgresCluster(POSTGRES_PORT);
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  try {
    const url = cluster.adminUrl;
    results.push(
      await run('PostgreSQL 15', { DATA_DIR: pgDataDir, DATABASE_URL: url }, async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM submissions');
        await client.end();
        return rows[0]!.n;
      }),
    );
  } finally {
    cluster.stop();
    fs.rmSync(pgDataDir, { recursive: true, force: true });
  }

  console.log(`\nPOST ${endpoints.officeHours.path}, ${CONNECTIONS} connections, ${DURATION_S} s, 127.0.0.1, ${os.cpus().length} cores\n`);
  console.log('| storage | req/s | p50 ms | p99 ms | 2xx | non-2xx | errors | rows stored |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of results) console.log(`| ${row.backend} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.ok} | ${row.other} | ${row.errors} | ${row.rows} |`);
  const mismatched = results.filter((row) => row.rows !== row.ok);
  if (mismatched.length > 0) {
    console.error(`rows stored differ from the 2xx answers: ${mismatched.map((row) => `${row.backend} ${row.rows} ≠ ${row.ok}`).join(', ')}`);
    process.exit(1);
  }
  console.log('\nrows stored = 2xx answers, on every backend');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
