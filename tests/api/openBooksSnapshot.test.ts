/**
 * The build's snapshot of /becas-otorgadas/ (src/server/cli/openBooksSnapshot.ts, the first step of
 * `npm run build`), on PGlite and PostgreSQL: the published grants as the server's list has them,
 * nothing of a grant its grantee did not publish, and an empty list with the date when there is no
 * database or it cannot be read (the build goes on).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PublishedGrantList } from '../../src/api/contracts/openBooks';
import { writeOpenBooksSnapshot } from '../../src/server/cli/openBooksSnapshot';
import { OPEN_BOOKS_SNAPSHOT_FILE, readOpenBooksSnapshot } from '../../src/lib/openBooksSnapshot';
import { openDatabase } from '../../src/server/storage/database';
import { SEEDED_BANK_REFERENCE, SEEDED_HASH, SEEDED_NAMES, seedPublishedGrants } from './support/publishedGrants';
import { BACKENDS, freshStorage } from './support/testServer';

const NOW = new Date('2027-04-02T08:30:00Z');
const EXPLORERS = 'ethereum=https://etherscan.io/tx/,l2=https://optimistic.etherscan.io/tx/';
const folders: string[] = [];
const folder = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), name));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const written = (projectDir: string): PublishedGrantList => JSON.parse(fs.readFileSync(path.join(projectDir, OPEN_BOOKS_SNAPSHOT_FILE), 'utf8')) as PublishedGrantList;

for (const backend of BACKENDS) {
  describe(`the build's snapshot of the published grants (${backend})`, () => {
    it('holds the published grants as the public list has them, and nothing of the unpublished one', async () => {
      const projectDir = folder('snapshot-project-');
      const dataDir = folder('snapshot-data-');
      const storage = await freshStorage(backend, dataDir);
      try {
        const db = await openDatabase({ dataDir, databaseUrl: storage.databaseUrl });
        try {
          await seedPublishedGrants(db);
        } finally {
          await db.close();
        }
        const env = { DATA_DIR: dataDir, ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}), BLOCK_EXPLORER_TX_URLS: EXPLORERS };
        const outcome = await writeOpenBooksSnapshot(env, projectDir, NOW);
        expect(outcome.note).toBe('2 published grant(s)');
        const list = written(projectDir);
        expect(list.generatedAt).toBe(NOW.toISOString());
        expect(list.grants.map((grant) => [grant.projectName, grant.amount])).toEqual([
          [SEEDED_NAMES.wallet, { amount: '10000.00', currency: 'USD', paid: '4000.00' }],
          [SEEDED_NAMES.meetup, { amount: '1200.5', currency: 'DAI', paid: '0' }],
        ]);
        const [wallet] = list.grants;
        expect(wallet!.milestones).toMatchObject({ done: 1, total: 2 });
        expect(wallet!.payments.map((payment) => [payment.kind, payment.txHash, payment.explorerUrl])).toEqual(
          expect.arrayContaining([
            ['bank_transfer', null, null],
            ['onchain', SEEDED_HASH, `https://etherscan.io/tx/${SEEDED_HASH}`],
          ]),
        );
        const text = JSON.stringify(list);
        expect(text).not.toContain(SEEDED_NAMES.hidden);
        expect(text).not.toContain(SEEDED_BANK_REFERENCE);
        // The page's getStaticProps reads exactly what was written.
        expect(readOpenBooksSnapshot(projectDir, NOW)).toEqual(list);
      } finally {
        await storage.drop();
      }
    });
  });
}

describe('the build without a database', () => {
  it('writes an empty list with the date when there is no database, and says so', async () => {
    const projectDir = folder('snapshot-project-');
    const outcome = await writeOpenBooksSnapshot({ DATA_DIR: folder('snapshot-empty-') }, projectDir, NOW);
    expect(outcome.note).toMatch(/^no database/);
    expect(written(projectDir)).toEqual({ generatedAt: NOW.toISOString(), grants: [] });
  });

  it('writes an empty list with the date when the database cannot be read', async () => {
    const projectDir = folder('snapshot-project-');
    const outcome = await writeOpenBooksSnapshot({ DATA_DIR: folder('snapshot-empty-'), DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none' }, projectDir, NOW);
    expect(outcome.note).toMatch(/^the database could not be read/);
    expect(written(projectDir)).toEqual({ generatedAt: NOW.toISOString(), grants: [] });
  });

  it('gives the page an empty list dated now when the build wrote no snapshot', () => {
    expect(readOpenBooksSnapshot(folder('snapshot-none-'), NOW)).toEqual({ generatedAt: NOW.toISOString(), grants: [] });
  });
});
