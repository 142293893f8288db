import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import { dataDirHolder, openPglite, type PgliteDatabase } from './database';
import { backupSocketPath } from './localTools';

/**
 * Backups are pg_dump's plain SQL (--inserts: plain statements that PGlite's exec and
 * node-postgres can run, no COPY), files included since they are rows. One snapshot: pg_dump
 * reads in one repeatable-read transaction; PGlite's WASM pg_dump runs with the gate held.
 */

/** pg_dump's psql-only lines (\restrict, since PostgreSQL 17.6/15.14); nothing else in a dump needs psql. */
const PSQL_ONLY_LINES = /^\\(?:un)?restrict\b.*$/gm;

/** A dump of this process's PGlite, with the gate held: no statement of the server or a tool interleaves. */
export function dumpPglite(database: PgliteDatabase): Promise<string> {
  const { pglite } = database;
  return database.gate.run(async () => {
    try {
      return await (await pgDump({ pg: pglite, args: ['--no-owner', '--no-privileges'] })).text();
    } finally {
      // pg_dump leaves by disconnecting, which ends its read-only transaction and its settings on a
      // server; PGlite's one session stays, so end them here or the next INSERT fails as read-only.
      if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
      await pglite.exec('RESET ALL');
      // It also ran DEALLOCATE ALL: the server's prepared statements are gone (src/server/storage/pgliteStatements.ts).
      database.gate.sessionTouchedByTool = true;
    }
  });
}

/** PG_DUMP, or Debian's pg_dump 15 (it refuses servers newer than itself: point PG_DUMP at a matching one). */
function pgDumpBinary(env: Readonly<Record<string, string | undefined>>): string {
  if (env.PG_DUMP) return env.PG_DUMP;
  const debian = '/usr/lib/postgresql/15/bin/pg_dump';
  return fs.existsSync(debian) ? debian : 'pg_dump';
}

async function dumpPostgresTo(databaseUrl: string, target: fs.WriteStream, env: Readonly<Record<string, string | undefined>>): Promise<void> {
  const child = spawn(pgDumpBinary(env), ['--inserts', '--no-owner', '--no-privileges', '--dbname', databaseUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  await pipeline(child.stdout, target);
  const code = await exited;
  if (code !== 0) throw new Error(`pg_dump failed (exit ${code}): ${stderr.trim()}`);
}

function fetchFromRunningServer(dataDir: string, target: fs.WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath: backupSocketPath(dataDir), path: '/backup' }, (response) => {
      if (response.statusCode !== 200) {
        let message = '';
        response.on('data', (chunk: Buffer) => (message += chunk.toString()));
        response.on('end', () => reject(new Error(`the running server could not take the backup: ${message}`)));
        return;
      }
      pipeline(response, target).then(resolve, reject);
    });
    request.once('error', reject);
  });
}

/**
 * Writes a backup of the configured database to `outFile` (a new file, owner-only: it holds
 * personal data), whether or not a server is running on it. Written aside, then renamed, so a
 * failed backup leaves no file that looks complete.
 */
export async function takeBackup(config: { dataDir: string; databaseUrl: string | null }, outFile: string, env: Readonly<Record<string, string | undefined>> = process.env): Promise<void> {
  if (fs.existsSync(outFile)) throw new Error(`${outFile} already exists; choose a new file name.`);
  const partial = path.join(path.dirname(outFile), `.${path.basename(outFile)}.partial`);
  const target = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  try {
    if (config.databaseUrl) {
      await dumpPostgresTo(config.databaseUrl, target, env);
    } else if (dataDirHolder(config.dataDir) !== null) {
      await fetchFromRunningServer(config.dataDir, target);
    } else {
      const database = await openPglite(config.dataDir);
      try {
        const dump = await dumpPglite(database);
        await new Promise<void>((resolve, reject) => target.end(dump, () => resolve()).once('error', reject));
      } finally {
        await database.close();
      }
    }
    const handle = await fs.promises.open(partial, 'r');
    await handle.sync();
    await handle.close();
    fs.renameSync(partial, outFile);
  } catch (error) {
    target.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

export class RestoreRefusedError extends Error {}

/** Restores a backup into an empty DATA_DIR (PGlite) or an empty PostgreSQL, all or nothing. */
export async function restoreBackup(config: { dataDir: string; databaseUrl: string | null }, backupFile: string): Promise<void> {
  const dump = fs.readFileSync(backupFile, 'utf8');
  if (!dump.includes('PostgreSQL database dump')) throw new RestoreRefusedError(`${backupFile} is not a backup made by npm run backup (a pg_dump SQL file).`);
  const statements = dump.replace(PSQL_ONLY_LINES, '');
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_catalog.pg_tables WHERE schemaname = 'public'");
      if ((rows[0]?.n ?? 0) > 0) throw new RestoreRefusedError('The database at DATABASE_URL is not empty: restore only into an empty database.');
      // One simple-protocol call runs the whole dump as one implicit transaction.
      await client.query(statements);
    } finally {
      await client.end();
    }
    return;
  }
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (dataDirHolder(config.dataDir) !== null) throw new RestoreRefusedError(`A server is running on ${config.dataDir}: restore only into an empty DATA_DIR.`);
  if (fs.existsSync(pgliteDir) && fs.readdirSync(pgliteDir).length > 0) throw new RestoreRefusedError(`${config.dataDir} already holds a database: restore only into an empty DATA_DIR.`);
  const database = await openPglite(config.dataDir);
  try {
    await database.pglite.transaction(async (tx) => {
      await tx.exec(statements);
    });
  } catch (error) {
    await database.close();
    fs.rmSync(pgliteDir, { recursive: true, force: true });
    throw error;
  }
  await database.close();
}
