/**
 * The build's snapshot of /becas-otorgadas/ (scripts/open-books-snapshot.ts, run before `next build`):
 * the public list of funded grants as GET /api/open-books/grants would answer now, read from the
 * database the server would use (DATA_DIR / DATABASE_URL, the same settings) and written where the
 * page's getStaticProps reads it (src/lib/openBooksSnapshot.ts). A build with no database (no
 * DATABASE_URL and no PGlite folder in DATA_DIR) or one that cannot be read writes an empty list
 * with the date, and says why: the page then shows its empty state until the server's list arrives.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PublishedGrantList } from '../../api/contracts/openBooks';
import { utcToday } from '../../lib/grants';
import { emptySnapshot, OPEN_BOOKS_SNAPSHOT_FILE } from '../../lib/openBooksSnapshot';
import { loadConfig, type Env } from '../config';
import { listPublishedGrants } from '../openBooks/published';
import { openDatabase } from '../storage/database';

export type SnapshotOutcome = { readonly file: string; readonly list: PublishedGrantList; readonly note: string };

async function readList(env: Env, projectDir: string, now: Date): Promise<{ list: PublishedGrantList; note: string }> {
  const config = loadConfig(env, projectDir);
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite'))) {
    return { list: emptySnapshot(now), note: `no database (no DATABASE_URL, nothing in ${path.relative(projectDir, config.dataDir) || config.dataDir}/pglite): an empty list` };
  }
  const database = await openDatabase(config);
  try {
    const grants = await listPublishedGrants(database, { explorers: config.blockExplorers, today: utcToday(now) });
    return { list: { generatedAt: now.toISOString(), grants }, note: `${grants.length} published grant(s)` };
  } finally {
    await database.close();
  }
}

/** Writes the snapshot and says what it holds; never throws for the database (the build goes on with an empty list). */
export async function writeOpenBooksSnapshot(env: Env = process.env, projectDir: string = process.cwd(), now: Date = new Date()): Promise<SnapshotOutcome> {
  let outcome: { list: PublishedGrantList; note: string };
  try {
    outcome = await readList(env, projectDir, now);
  } catch (error) {
    outcome = { list: emptySnapshot(now), note: `the database could not be read (${error instanceof Error ? error.message : String(error)}): an empty list` };
  }
  const file = path.join(projectDir, OPEN_BOOKS_SNAPSHOT_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(outcome.list)}\n`);
  return { file, ...outcome };
}
