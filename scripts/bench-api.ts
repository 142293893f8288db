/**
 * `npm run bench:api`: valid submissions at 50 concurrent connections on 127.0.0.1 for 20 s each
 * against `npm start`'s server, on PGlite and then on PostgreSQL (a throwaway cluster): office
 * hours (JSON), then project grants with a 1 MiB PDF (multipart). Prints requests per second,
 * p50/p99 latency, 2xx answers and the rows stored, which must be equal.
 * (`-- --duration 5` for a quick run; BENCH_PORT moves the server and BENCH_PORT + 1 PostgreSQL.
 * `-- --backend pglite|postgres` and `-- --request json|upload` measure one of each only;
 * `-- --cpu-prof <dir>` writes the server's CPU profile there (node --cpu-prof) when it stops;
 * `-- --server-cpu` also prints the server process's CPU time per request (Linux /proc), a figure other
 * work on the machine changes far less than req/s.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { endpoints } from '../src/api/endpoints';
import { formDefinitions } from '../src/forms/definitions';
import { payloadToFormEntries } from '../src/forms/definitions/payload';
import { openDatabase } from '../src/server/storage/database';
import { startFakeSiteverify, TEST_SECRET } from './support/fakeSiteverify';
import { validOfficeHours, validProjectGrants } from './support/formAnswers';
import { startPostgresCluster } from './postgres-cluster';
import { startServerProcess } from './server-process';

const SERVER_PORT = Number(process.env.BENCH_PORT || 3180);
const POSTGRES_PORT = SERVER_PORT + 1;
const CONNECTIONS = 50;
const durationArg = process.argv.indexOf('--duration');
const DURATION_S = durationArg > 0 ? Number(process.argv[durationArg + 1]) : 20;
const option = (name: string): string | undefined => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const BACKEND = option('--backend');
const REQUEST = option('--request');
const CPU_PROFILE_DIR = option('--cpu-prof');
const SERVER_CPU = process.argv.includes('--server-cpu');

/** CPU time (user + system, all threads) the process has used so far, in ms; Linux's /proc. */
function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's closing parenthesis.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
if ((BACKEND && !['pglite', 'postgres'].includes(BACKEND)) || (REQUEST && !['json', 'upload'].includes(REQUEST))) {
  throw new Error('--backend is pglite or postgres, --request is json or upload');
}

type LoadResult = { requestsPerSecond: number; p50: number; p99: number; ok: number; other: number; errors: number };

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0);
}

/**
 * CONNECTIONS clients, each sending its next request as soon as the last one is answered, until
 * the time is up. Every request started is waited for, so each one the server stored is counted
 * as an answer: rows stored must equal the 2xx answers exactly.
 */
type Request = { readonly path: string; readonly init: () => RequestInit };

const officeHoursRequest: Request = {
  path: endpoints.officeHours.path,
  init: () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(formDefinitions['office-hours'].toPayload(validOfficeHours())) }),
};

const PROPOSAL = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024 - 9, 0x20)]);
const projectGrantsFields = payloadToFormEntries(formDefinitions['project-grants'].toPayload(validProjectGrants()));
const projectGrantsRequest: Request = {
  path: endpoints.projectGrants.path,
  init: () => {
    const body = new FormData();
    for (const [name, value] of projectGrantsFields) body.append(name, value);
    body.append('uploadProposal', new Blob([new Uint8Array(PROPOSAL)], { type: 'application/pdf' }), 'propuesta.pdf');
    return { method: 'POST', body };
  },
};

async function load(url: string, request: Request): Promise<LoadResult> {
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
        const response = await fetch(url + request.path, request.init());
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

type Row = { backend: string; request: string; requestsPerSecond: number; p50: number; p99: number; ok: number; other: number; errors: number; rows: number };

/** One server on a fresh database, each kind of request in turn; the rows are counted per endpoint. */
async function run(backend: string, env: Record<string, string>, countRows: (endpoint: string) => Promise<number>): Promise<Row[]> {
  // The limits guard public endpoints; a load test from one address must not hit them.
  const profiling: Record<string, string> = CPU_PROFILE_DIR ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${path.resolve(CPU_PROFILE_DIR)}`.trim() } : {};
  const server = await startServerProcess({ ...env, ...profiling, RATE_LIMIT_PER_MINUTE: '100000000', RECAPTCHA_SECRET_KEY: TEST_SECRET, RECAPTCHA_VERIFY_URL: siteverifyUrl }, SERVER_PORT);
  const measured: Array<[Request, LoadResult]> = [];
  const requests = REQUEST === 'json' ? [officeHoursRequest] : REQUEST === 'upload' ? [projectGrantsRequest] : [officeHoursRequest, projectGrantsRequest];
  for (const request of requests) {
    const cpuBefore = SERVER_CPU ? cpuMsOf(server.child.pid!) : 0;
    const result = await load(server.url, request);
    if (SERVER_CPU) console.log(`${backend}, ${request.path}: server CPU ${((cpuMsOf(server.child.pid!) - cpuBefore) / (result.ok + result.other)).toFixed(2)} ms per request`);
    measured.push([request, result]);
  }
  server.child.kill('SIGTERM');
  await server.exited;
  const rows: Row[] = [];
  for (const [request, result] of measured) rows.push({ backend, request: request === officeHoursRequest ? 'office hours (JSON)' : 'project grants + 1 MiB PDF', ...result, rows: await countRows(request.path) });
  return rows;
}

let siteverifyUrl = '';

async function main(): Promise<void> {
  const results: Row[] = [];
  const siteverify = await startFakeSiteverify();
  siteverifyUrl = siteverify.url;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  try {
    if (BACKEND !== 'postgres') results.push(
      ...(await run('PGlite (fsync on)', { DATA_DIR: dataDir }, async (endpoint) => {
        const database = await openDatabase({ dataDir, databaseUrl: null });
        const [row] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM submissions WHERE endpoint = $1', [endpoint]);
        await database.close();
        return row!.n;
      })),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const cluster = BACKEND === 'pglite' ? null : startPostgresCluster(POSTGRES_PORT);
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  try {
    if (cluster) results.push(
      ...(await run('PostgreSQL 15', { DATA_DIR: pgDataDir, DATABASE_URL: cluster.adminUrl }, async (endpoint) => {
        const client = new pg.Client({ connectionString: cluster.adminUrl });
        await client.connect();
        const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM submissions WHERE endpoint = $1', [endpoint]);
        await client.end();
        return rows[0]!.n;
      })),
    );
  } finally {
    cluster?.stop();
    fs.rmSync(pgDataDir, { recursive: true, force: true });
    await siteverify.close();
  }

  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s per request kind, 127.0.0.1, ${os.cpus().length} cores\n`);
  console.log('| storage | request | req/s | p50 ms | p99 ms | 2xx | non-2xx | errors | rows stored |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of results) console.log(`| ${row.backend} | ${row.request} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.ok} | ${row.other} | ${row.errors} | ${row.rows} |`);
  const mismatched = results.filter((row) => row.rows !== row.ok);
  if (mismatched.length > 0) {
    console.error(`rows stored differ from the 2xx answers: ${mismatched.map((row) => `${row.backend} ${row.request} ${row.rows} ≠ ${row.ok}`).join(', ')}`);
    process.exit(1);
  }
  console.log('\nrows stored = 2xx answers, on every backend');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
