/**
 * `npm run test:crash`: nothing answered is ever lost. Submissions (JSON, and multipart with a
 * file) stream into `npm start`'s server on PGlite; mid-stream the server gets SIGKILL. After a
 * restart on the same data folder, every submission that had been answered 2xx must be in the
 * database with exactly the payload sent, and its file with the same bytes; and no file may exist
 * without its row (neither in the database nor in DATA_DIR/uploads). CRASH_TEST_PORT moves it from 3170.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpoints } from '../src/api/endpoints';
import { formDefinitions, type WirePayload } from '../src/forms/definitions';
import { payloadToFormEntries } from '../src/forms/definitions/payload';
import { openDatabase } from '../src/server/storage/database';
import { legacyUploadsDir, readSubmissionFile } from '../src/server/storage/files';
import { startFakeSiteverify, TEST_SECRET } from './support/fakeSiteverify';
import { validOfficeHours, validProjectGrants } from './support/formAnswers';
import { startServerProcess } from './server-process';

const PORT = Number(process.env.CRASH_TEST_PORT || 3170);
const WORKERS = 8;
const KILL_AFTER_MS = 4000;

type Sent = { id: string; payload: WirePayload; fileSha256: string | null };

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-test-'));
  const siteverify = await startFakeSiteverify();
  const env = { DATA_DIR: dataDir, RECAPTCHA_SECRET_KEY: TEST_SECRET, RECAPTCHA_VERIFY_URL: siteverify.url, RATE_LIMIT_PER_MINUTE: '1000000' };
  const server = await startServerProcess(env, PORT);

  const acknowledged: Sent[] = [];
  let sent = 0;
  let failed = 0;
  let killed = false;

  const submitOne = async (n: number): Promise<void> => {
    const withFile = n % 3 === 0;
    let response: Response;
    let payload: WirePayload;
    let fileSha256: string | null = null;
    if (withFile) {
      payload = formDefinitions['project-grants'].toPayload({ ...validProjectGrants(), projectName: `Crash test ${n}` });
      const file = Buffer.concat([Buffer.from(`%PDF-1.7\n% submission ${n}\n`), Buffer.alloc(64 * 1024 + n, 0x20)]);
      fileSha256 = createHash('sha256').update(file).digest('hex');
      const body = new FormData();
      for (const [name, value] of payloadToFormEntries(payload)) body.append(name, value);
      body.append('uploadProposal', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), `propuesta-${n}.pdf`);
      response = await fetch(server.url + endpoints.projectGrants.path, { method: 'POST', body });
    } else {
      payload = formDefinitions['office-hours'].toPayload({ ...validOfficeHours(), projectName: `Crash test ${n}` });
      response = await fetch(server.url + endpoints.officeHours.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    }
    if (response.status !== 201) throw new Error(`answer ${response.status}`);
    const { id } = (await response.json()) as { id: string };
    const { captchaToken: _token, ...stored } = payload;
    acknowledged.push({ id, payload: stored, fileSha256 });
  };

  const worker = async (): Promise<void> => {
    while (!killed) {
      const n = sent++;
      try {
        await submitOne(n);
      } catch {
        failed += 1;
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, worker);
  await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
  // On a slow machine, wait (up to a minute more) until some uploads have been answered: the kill must find files to lose.
  const patience = Date.now() + 60_000;
  while (acknowledged.filter((submission) => submission.fileSha256 !== null).length < 3 && Date.now() < patience) await new Promise((resolve) => setTimeout(resolve, 100));
  killed = true;
  server.child.kill('SIGKILL');
  await server.exited;
  await Promise.all(workers);
  console.log(`crash test: SIGKILL after ${KILL_AFTER_MS} ms or more; ${sent} submissions sent, ${acknowledged.length} answered 201, ${failed} in flight when it came`);

  // Restart on the same folder (stale lock, unclean shutdown), then stop cleanly and read back.
  const restarted = await startServerProcess(env, PORT);
  restarted.child.kill('SIGTERM');
  await restarted.exited;
  await siteverify.close();

  const database = await openDatabase({ dataDir, databaseUrl: null });
  const rows = await database.query<{ id: string; payload: WirePayload; file_sha256: string | null }>('SELECT id::text AS id, payload, file_sha256 FROM submissions');
  const byId = new Map(rows.map((row) => [row.id, row]));
  let missing = 0;
  let incomplete = 0;
  for (const submission of acknowledged) {
    const row = byId.get(submission.id);
    if (!row) {
      missing += 1;
      continue;
    }
    const samePayload = JSON.stringify(row.payload, Object.keys(row.payload).sort()) === JSON.stringify(submission.payload, Object.keys(submission.payload).sort());
    let sameFile = submission.fileSha256 === row.file_sha256;
    if (submission.fileSha256 !== null) {
      const file = await readSubmissionFile(database, submission.id);
      sameFile = sameFile && file !== null && createHash('sha256').update(file.bytes).digest('hex') === submission.fileSha256;
    }
    if (!samePayload || !sameFile) incomplete += 1;
  }
  // A file without its row: in the database (a file for no submission), or on disk as before.
  const [filesWithoutRow] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM submission_files f WHERE NOT EXISTS (SELECT 1 FROM submissions s WHERE s.id = f.submission_id)');
  const [rowsWithoutFile] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM submissions s WHERE s.file_sha256 IS NOT NULL AND NOT EXISTS (SELECT 1 FROM submission_files f WHERE f.submission_id = s.id)');
  const [storedFiles] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM submission_files');
  await database.close();
  const filesOnDisk = fs.existsSync(legacyUploadsDir(dataDir)) ? fs.readdirSync(legacyUploadsDir(dataDir)).length : 0;
  const orphans = filesWithoutRow!.n + filesOnDisk;
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`after restart: ${rows.length} rows; of the ${acknowledged.length} answered 2xx, ${missing} missing, ${incomplete} incomplete (${rows.length - (acknowledged.length - missing)} stored but unanswered when the kill came)`);
  console.log(`files: ${storedFiles!.n} stored, ${orphans} without their row (${filesWithoutRow!.n} in the database, ${filesOnDisk} in DATA_DIR/uploads), ${rowsWithoutFile!.n} rows missing their file`);
  if (acknowledged.length === 0) throw new Error('no submission was answered before the kill: the test proved nothing');
  if (acknowledged.every((submission) => submission.fileSha256 === null)) throw new Error('no submission with a file was answered before the kill: the test proved nothing about files');
  if (missing > 0 || incomplete > 0) throw new Error('answered submissions were lost or damaged');
  if (orphans > 0 || rowsWithoutFile!.n > 0) throw new Error('a file and its row did not commit together');
  console.log('crash test passed');
}

main().catch((error: unknown) => {
  console.error(`crash test FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
