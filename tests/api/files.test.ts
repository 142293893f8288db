import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/storage/database';
import { legacyUploadsDir, readSubmissionFile } from '../../src/server/storage/files';
import { freshStorage } from './support/testServer';

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

describe('uploads kept in DATA_DIR/uploads by earlier versions', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-uploads-'));
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('are moved into the database when it opens, once; a file no row names, or whose bytes changed, stays where it is', async () => {
    await freshStorage('pglite', dataDir);
    const proposal = Buffer.from('%PDF-1.7 a proposal from before the upgrade');
    const changed = Buffer.from('%PDF-1.7 another proposal');
    // As the previous version left them: rows naming files in DATA_DIR/uploads, and an orphan a crash left behind.
    const before = await openDatabase({ dataDir, databaseUrl: null });
    const insert = async (storedName: string, bytes: Buffer): Promise<string> =>
      (
        await before.query<{ id: string }>(
          `INSERT INTO submissions (form, endpoint, payload, file_stored_name, file_original_name, file_media_type, file_size, file_sha256)
           VALUES ('project-grants', '/api/project-grants', '{}', $1, 'propuesta.pdf', 'application/pdf', $2, $3) RETURNING id::text AS id`,
          [storedName, bytes.length, sha256(bytes)],
        )
      )[0]!.id;
    const movedId = await insert('0b6f3c1e-1111-4a4a-8b8b-000000000001.pdf', proposal);
    const changedId = await insert('0b6f3c1e-1111-4a4a-8b8b-000000000002.pdf', changed);
    await before.close();
    fs.mkdirSync(legacyUploadsDir(dataDir));
    fs.writeFileSync(path.join(legacyUploadsDir(dataDir), '0b6f3c1e-1111-4a4a-8b8b-000000000001.pdf'), proposal);
    fs.writeFileSync(path.join(legacyUploadsDir(dataDir), '0b6f3c1e-1111-4a4a-8b8b-000000000002.pdf'), Buffer.from('%PDF-1.7 edited on disk'));
    fs.writeFileSync(path.join(legacyUploadsDir(dataDir), 'orphan.pdf'), Buffer.from('%PDF-1.7 never answered'));

    for (let opening = 0; opening < 2; opening += 1) {
      const database = await openDatabase({ dataDir, databaseUrl: null });
      try {
        const file = await readSubmissionFile(database, movedId);
        expect(file).toMatchObject({ originalName: 'propuesta.pdf', mediaType: 'application/pdf', size: proposal.length, sha256: sha256(proposal) });
        expect(file!.bytes.equals(proposal)).toBe(true);
        expect(await readSubmissionFile(database, changedId)).toBeNull();
        expect((await database.query<{ n: number }>('SELECT count(*)::int AS n FROM submission_files'))[0]!.n).toBe(1);
      } finally {
        await database.close();
      }
      expect(fs.readdirSync(legacyUploadsDir(dataDir)).sort()).toEqual(['0b6f3c1e-1111-4a4a-8b8b-000000000002.pdf', 'orphan.pdf']);
    }
  }, 120_000);

  it('a submission id that is not a number, or names no file, reads as no file', async () => {
    await freshStorage('pglite', dataDir);
    const database = await openDatabase({ dataDir, databaseUrl: null });
    try {
      expect(await readSubmissionFile(database, '1; DROP TABLE submissions')).toBeNull();
      expect(await readSubmissionFile(database, '99999999999999999999')).toBeNull();
      expect(await readSubmissionFile(database, '42')).toBeNull();
    } finally {
      await database.close();
    }
  });
});
