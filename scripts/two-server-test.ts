/**
 * `npm run test:two-servers`: two `npm start` processes on one PostgreSQL and one Redis, as a
 * deployment with more than one server runs. Finance ID guesses spread over both are held to the
 * one FINANCE_RATE_LIMIT_PER_MINUTE in total. Submissions, most with a file, stream into both;
 * mid-stream one server gets SIGKILL. Every submission answered 2xx (by either) must be in the
 * database with exactly the payload sent, and its file must come out byte-identical through the
 * export command run with the other server's settings.
 *
 * Ports: TWO_SERVER_PORT_BASE (default 3160) for the servers, +2 PostgreSQL, +3 Redis.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { endpoints } from '../src/api/endpoints';
import { formDefinitions, type WirePayload } from '../src/forms/definitions';
import { payloadToFormEntries } from '../src/forms/definitions/payload';
import { runExportCommand } from '../src/server/export/cli';
import { generateSecurityId } from '../src/server/grantees';
import { startFakeSiteverify, TEST_SECRET } from './support/fakeSiteverify';
import { validFinanceCrypto, validOfficeHours, validProjectGrants } from './support/formAnswers';
import { projectDir } from './export-files';
import { startPostgresCluster } from './postgres-cluster';
import { startRedisServer } from './redis-server';
import { startServerProcess, type ServerProcess } from './server-process';

const BASE_PORT = Number(process.env.TWO_SERVER_PORT_BASE || 3160);
const FINANCE_LIMIT = 5;
const FINANCE_GUESSES = 4 * FINANCE_LIMIT;
const WORKERS = 8;
/** A is killed once it has answered this many submissions (or after KILL_BY_MS on a slow machine). */
const KILL_AFTER_ANSWERS = 25;
const KILL_BY_MS = 10_000;
/** After the kill, the stream goes on (half of it now refused by the dead server) for this long. */
const AFTER_KILL_MS = 1500;

type Sent = { id: string; server: 'A' | 'B'; payload: WirePayload; file: { sha256: string; name: string } | null };

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A finance guess: a well-formed security ID that no grantee has. */
function guessFinance(server: ServerProcess): Promise<Response> {
  const payload = formDefinitions['grantee-finance'].toPayload({ ...validFinanceCrypto(), granteeSecurityID: generateSecurityId() });
  return fetch(server.url + endpoints.granteeFinance.path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
}

/** Three in four submissions carry a file (`kind` counts each server's submissions). */
async function submit(server: ServerProcess, n: number, kind: number): Promise<Omit<Sent, 'server'>> {
  let response: Response;
  let payload: WirePayload;
  let file: Sent['file'] = null;
  if (kind % 4 !== 3) {
    payload = formDefinitions['project-grants'].toPayload({ ...validProjectGrants(), projectName: `Two servers ${n}` });
    const bytes = Buffer.concat([Buffer.from(`%PDF-1.7\n% submission ${n}\n`), Buffer.alloc(48 * 1024 + n, 0x20)]);
    file = { sha256: sha256(bytes), name: `propuesta-${n}.pdf` };
    const body = new FormData();
    for (const [name, value] of payloadToFormEntries(payload)) body.append(name, value);
    body.append('uploadProposal', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), file.name);
    response = await fetch(server.url + endpoints.projectGrants.path, { method: 'POST', body });
  } else {
    payload = formDefinitions['office-hours'].toPayload({ ...validOfficeHours(), projectName: `Two servers ${n}` });
    response = await fetch(server.url + endpoints.officeHours.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  }
  if (response.status !== 201) throw new Error(`answer ${response.status}`);
  const { id } = (await response.json()) as { id: string };
  const { captchaToken: _token, ...stored } = payload;
  return { id, payload: stored, file };
}

function samePayload(a: WirePayload, b: WirePayload): boolean {
  return JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
}

async function main(): Promise<void> {
  const cluster = startPostgresCluster(BASE_PORT + 2);
  const redis = startRedisServer(BASE_PORT + 3);
  const siteverify = await startFakeSiteverify();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'two-servers-'));
  const servers: ServerProcess[] = [];
  try {
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE two_servers');
    await admin.end();
    const databaseUrl = new URL(cluster.adminUrl);
    databaseUrl.pathname = '/two_servers';

    const shared = {
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redis.url,
      RECAPTCHA_SECRET_KEY: TEST_SECRET,
      RECAPTCHA_VERIFY_URL: siteverify.url,
      RATE_LIMIT_PER_MINUTE: '1000000',
      FINANCE_RATE_LIMIT_PER_MINUTE: String(FINANCE_LIMIT),
    };
    // Each server has its own DATA_DIR, as on two machines.
    const envOf = (name: 'A' | 'B') => ({ ...shared, DATA_DIR: path.join(work, `data-${name}`) });
    // Started together: their migrations meet on one database.
    const [serverA, serverB] = await Promise.all([startServerProcess(envOf('A'), BASE_PORT), startServerProcess(envOf('B'), BASE_PORT + 1)]);
    servers.push(serverA, serverB);

    // 1. Finance guesses alternate between the servers: one limit in total, not one per server.
    const guessStatuses: number[] = [];
    for (let guess = 0; guess < FINANCE_GUESSES; guess += 1) guessStatuses.push((await guessFinance(guess % 2 === 0 ? serverA : serverB)).status);
    const guessesAnswered = guessStatuses.filter((status) => status === 404).length;
    const guessesRefused = guessStatuses.filter((status) => status === 429).length;
    console.log(`two servers: ${FINANCE_GUESSES} finance guesses over both servers, limit ${FINANCE_LIMIT} per minute: ${guessesAnswered} checked (404), ${guessesRefused} refused (429)`);

    // 2. Submissions stream into both; A is killed mid-stream, the stream goes on.
    const acknowledged: Sent[] = [];
    let sent = 0;
    let failed = 0;
    let stopped = false;
    const worker = async (): Promise<void> => {
      while (!stopped) {
        const n = sent++;
        const name = n % 2 === 0 ? 'A' : 'B';
        try {
          acknowledged.push({ ...(await submit(name === 'A' ? serverA : serverB, n, Math.floor(n / 2))), server: name });
        } catch {
          failed += 1;
          // The dead server refuses at once: do not spin.
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    };
    const answeredBy = (name: 'A' | 'B') => acknowledged.filter((submission) => submission.server === name).length;
    const streamStart = Date.now();
    const workers = Array.from({ length: WORKERS }, worker);
    while (answeredBy('A') < KILL_AFTER_ANSWERS && Date.now() - streamStart < KILL_BY_MS) await new Promise((resolve) => setTimeout(resolve, 10));
    const killedAfterMs = Date.now() - streamStart;
    serverA.child.kill('SIGKILL');
    await serverA.exited;
    await new Promise((resolve) => setTimeout(resolve, AFTER_KILL_MS));
    stopped = true;
    await Promise.all(workers);
    const withFiles = acknowledged.filter((submission) => submission.file !== null);
    console.log(`two servers: SIGKILL to A after ${killedAfterMs} ms; ${sent} submissions sent, ${acknowledged.length} answered 201 (A ${answeredBy('A')}, B ${answeredBy('B')}; ${withFiles.length} with a file), ${failed} failed or refused`);

    const readyB = await fetch(`${serverB.url}/readyz`);

    // 3. Every answered submission is stored as sent; every file comes out through B's tools.
    const reader = new pg.Client({ connectionString: databaseUrl.toString() });
    await reader.connect();
    const rows = (await reader.query<{ id: string; payload: WirePayload; file_sha256: string | null }>('SELECT id::text AS id, payload, file_sha256 FROM submissions')).rows;
    await reader.end();
    const byId = new Map(rows.map((row) => [row.id, row]));
    let missing = 0;
    let wrongPayload = 0;
    let filesIdentical = 0;
    const fileProblems: string[] = [];
    const downloads = path.join(work, 'downloads');
    fs.mkdirSync(downloads);
    const exportEnv = { ...process.env, ...envOf('B') };
    for (const submission of acknowledged) {
      const row = byId.get(submission.id);
      if (!row) {
        missing += 1;
        continue;
      }
      if (!samePayload(row.payload, submission.payload)) wrongPayload += 1;
      if (submission.file === null) continue;
      const out = path.join(downloads, `${submission.id}.pdf`);
      try {
        // The export command's own code, run in this process with server B's settings.
        await runExportCommand(['--file', submission.id, '--out', out], { stdout: () => undefined, stderr: () => undefined }, { env: exportEnv, projectDir, outputDir: downloads });
        if (sha256(fs.readFileSync(out)) === submission.file.sha256) filesIdentical += 1;
        else fileProblems.push(`${submission.id} (server ${submission.server}): different bytes`);
      } catch (error) {
        fileProblems.push(`${submission.id} (server ${submission.server}): ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // And once through `npm run export` itself, for a file that server A stored before it died.
    const fromA = withFiles.find((submission) => submission.server === 'A');
    let cliIdentical = false;
    if (fromA) {
      const cliOut = path.join(downloads, `cli-${fromA.id}.pdf`);
      const cli = spawnSync(process.execPath, ['--import', 'tsx', path.join(projectDir, 'scripts/export.ts'), '--file', fromA.id, '--out', cliOut], { cwd: projectDir, env: exportEnv, encoding: 'utf8' });
      cliIdentical = cli.status === 0 && fs.existsSync(cliOut) && sha256(fs.readFileSync(cliOut)) === fromA.file?.sha256;
      if (!cliIdentical) fileProblems.push(`npm run export -- --file ${fromA.id} (server A): exit ${cli.status}: ${cli.stderr.trim()}`);
    }
    const unanswered = rows.length - (acknowledged.length - missing);
    console.log(
      `two servers: ${rows.length} rows; of the ${acknowledged.length} answered 201, ${missing} missing, ${wrongPayload} with another payload; ` +
        `${filesIdentical} of ${withFiles.length} files byte-identical through B's export (${withFiles.filter((s) => s.server === 'A').length} stored by A)${fromA ? `, the export CLI ${cliIdentical ? 'too' : 'FAILED'}` : ''}; ` +
        `${unanswered} stored but unanswered when the kill came; B ready after the kill: ${readyB.status}`,
    );
    for (const problem of fileProblems.slice(0, 5)) console.error(`  file problem: ${problem}`);

    if (guessesAnswered !== FINANCE_LIMIT || guessesRefused !== FINANCE_GUESSES - FINANCE_LIMIT) throw new Error(`finance guesses over two servers: ${guessesAnswered} checked, expected exactly ${FINANCE_LIMIT}`);
    if (answeredBy('A') === 0 || answeredBy('B') === 0 || withFiles.length === 0) throw new Error('each server must have answered submissions with files: the test proved nothing');
    if (!fromA) throw new Error('server A stored no file before the kill: the test proved nothing');
    if (missing > 0 || wrongPayload > 0) throw new Error('answered submissions were lost or changed');
    if (fileProblems.length > 0) throw new Error(`${fileProblems.length} files could not be read back through the other server's tools`);
    if (readyB.status !== 200) throw new Error(`server B is not ready after A died: ${readyB.status}`);
    console.log('two-server test passed');
  } finally {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
    await siteverify.close();
    redis.stop();
    cluster.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`two-server test FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
