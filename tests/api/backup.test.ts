import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions } from '../../src/forms/definitions';
import { payloadToFormEntries } from '../../src/forms/definitions/payload';
import { openDatabase } from '../../src/server/storage/database';
import { readSubmissionFile } from '../../src/server/storage/files';
import { validOfficeHours, validProjectGrants } from '../../scripts/support/formAnswers';
import { npmRun } from './support/npmRun';
import { createRestartableStorage } from './support/restartableServer';
import { BACKENDS, freshStorage, postJson } from './support/testServer';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

type Answered = { id: string; fileSha256: string | null };

/** Every third submission carries a proposal of its own bytes; the others are JSON. */
async function submit(url: string, n: number): Promise<Answered> {
  if (n % 3 === 0) {
    const proposal = Buffer.concat([Buffer.from(`%PDF-1.7\n% backup test ${n}\n`), Buffer.alloc(100_000 + n * 37, n % 251)]);
    const body = new FormData();
    for (const [name, value] of payloadToFormEntries(formDefinitions['project-grants'].toPayload({ ...validProjectGrants(), projectName: `Backup ${n}` }))) body.append(name, value);
    body.append('uploadProposal', new Blob([new Uint8Array(proposal)], { type: 'application/pdf' }), `propuesta-${n}.pdf`);
    const response = await fetch(url + endpoints.projectGrants.path, { method: 'POST', body });
    if (response.status !== 201) throw new Error(`answer ${response.status}`);
    return { id: ((await response.json()) as { id: string }).id, fileSha256: sha256(proposal) };
  }
  const response = await postJson(url + endpoints.officeHours.path, formDefinitions['office-hours'].toPayload({ ...validOfficeHours(), projectName: `Backup ${n}` }));
  if (response.status !== 201) throw new Error(`answer ${response.status}`);
  return { id: ((await response.json()) as { id: string }).id, fileSha256: null };
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe.each(BACKENDS)('npm run backup and npm run restore on %s', (backend) => {
  it('a backup taken while submissions arrive, restored into an empty database, holds every submission answered before it began, files byte-identical', { timeout: 600_000 }, async () => {
    const storage = await createRestartableStorage(backend);
    const server = await storage.start({});
    const backupFile = path.join(scratch, `${backend}.sql`);
    const answered: Answered[] = [];
    let sent = 0;
    const failures: string[] = [];
    let streaming = true;
    const worker = async (): Promise<void> => {
      while (streaming) {
        const n = sent++;
        try {
          answered.push(await submit(server.address, n));
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    let answeredBeforeBackup: Answered[] = [];
    let answeredDuringBackup = 0;
    try {
      while (answered.length < 12) await new Promise((resolve) => setTimeout(resolve, 50));
      answeredBeforeBackup = [...answered];
      const backup = await npmRun('backup', ['--out', backupFile], storage.env);
      answeredDuringBackup = answered.length - answeredBeforeBackup.length;
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
    } finally {
      streaming = false;
      await Promise.all(workers);
      await server.stop();
    }
    // A submission may time out (503, stored nothing) while a PGlite dump holds the database on a loaded machine; none may fail otherwise.
    expect(failures.filter((failure) => failure !== 'answer 503')).toEqual([]);
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);

    // Restore into an empty database of the same kind.
    const restoredDir = path.join(scratch, `restored-${backend}`);
    // PGlite: a folder that does not exist yet. PostgreSQL: a new, empty database.
    const target = backend === 'postgres' ? await freshStorage(backend, restoredDir) : { databaseUrl: null, drop: async () => undefined };
    const restoreEnv = { DATA_DIR: restoredDir, DATABASE_URL: target.databaseUrl ?? '' };
    try {
      const restore = await npmRun('restore', [backupFile], restoreEnv);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);

      const database = await openDatabase({ dataDir: restoredDir, databaseUrl: target.databaseUrl });
      let restoredRows = 0;
      try {
        restoredRows = (await database.query<{ n: number }>('SELECT count(*)::int AS n FROM submissions'))[0]!.n;
        for (const submission of answeredBeforeBackup) {
          const [row] = await database.query<{ file_sha256: string | null }>('SELECT file_sha256 FROM submissions WHERE id = $1', [submission.id]);
          expect(row, `submission ${submission.id}`).toBeDefined();
          if (submission.fileSha256 !== null) {
            const file = await readSubmissionFile(database, submission.id);
            expect(file && sha256(file.bytes), `file of submission ${submission.id}`).toBe(submission.fileSha256);
          }
        }
        // Ids restart after the restored ones: the next submission does not collide.
        const [next] = await database.query<{ id: string }>("INSERT INTO submissions (form, endpoint, payload) VALUES ('office-hours', '/api/office-hours', '{}') RETURNING id::text AS id");
        expect(Number(next!.id)).toBeGreaterThan(Math.max(...answeredBeforeBackup.map((submission) => Number(submission.id))));
      } finally {
        await database.close();
      }
      console.log(
        `backup test (${backend}): ${answered.length} answered in all, ${failures.length} timed out, ${answeredBeforeBackup.length} before the backup began (${answeredBeforeBackup.filter((s) => s.fileSha256).length} with files), ${answeredDuringBackup} while it ran; restored ${restoredRows} rows, all ${answeredBeforeBackup.length} present, files identical`,
      );

      // Only into an empty database.
      const again = await npmRun('restore', [backupFile], restoreEnv);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/restore failed: .*(already holds a database|is not empty): restore only into an empty/);
    } finally {
      await target.drop();
      await storage.close();
    }
  });
});

it('npm run restore refuses a DATA_DIR a running server holds', { timeout: 120_000 }, async () => {
  const storage = await createRestartableStorage('pglite');
  const server = await storage.start({});
  try {
    const backupFile = path.join(scratch, 'refuse.sql');
    expect((await npmRun('backup', ['--out', backupFile], storage.env)).code).toBe(0);
    const result = await npmRun('restore', [backupFile], storage.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('A server is running on');
  } finally {
    await server.stop();
    await storage.close();
  }
});
