import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Gate } from './queryable';

/**
 * How command-line tools reach the embedded database while the server holds it (PGlite is one
 * process's). The server listens on Unix sockets in DATA_DIR/run, a folder only its owner may
 * enter: the PostgreSQL protocol (so the tools, psql and pg_dump connect as to any PostgreSQL,
 * with `pg` and the same SQL as with DATABASE_URL) and a backup endpoint (PGlite's pg_dump runs
 * inside the process that holds the database). Nothing listens on the network.
 */

export const localToolsDir = (dataDir: string): string => path.join(dataDir, 'run');

/** libpq's socket naming (folder + .s.PGSQL.<port>), so `psql -h DATA_DIR/run` finds it. */
const SOCKET_PORT = 5432;
export const pgliteSocketPath = (dataDir: string): string => path.join(localToolsDir(dataDir), `.s.PGSQL.${SOCKET_PORT}`);
export const backupSocketPath = (dataDir: string): string => path.join(localToolsDir(dataDir), 'backup.sock');

/** node-postgres settings for the running server's socket (PGlite accepts the user postgres without a password). */
export const pgliteSocketConnection = (dataDir: string): { host: string; port: number; user: string; database: string } => ({
  host: localToolsDir(dataDir),
  port: SOCKET_PORT,
  user: 'postgres',
  database: 'postgres',
});

/** Tools connected at once (export, grantees, psql…); PGlite runs their statements one at a time. */
const MAX_TOOL_CONNECTIONS = 16;

/** The part of PGlite that PGLiteSocketServer uses. */
type SocketServedPglite = Pick<PGlite, 'waitReady' | 'isInTransaction' | 'runExclusive' | 'execProtocolRawStream' | 'exec'>;

/**
 * PGlite as the socket server sees it, behind the server's gate: a tool's statement waits for the
 * server's transaction to end, and a tool's open transaction keeps the gate (so the server's
 * writes wait) until it commits or rolls back, or the tool disconnects (the socket server rolls back).
 */
function gatedForTools(pglite: PGlite, gate: Gate): SocketServedPglite {
  let held: (() => void) | null = null;
  const releaseOutsideTransaction = (): void => {
    if (held && !pglite.isInTransaction()) {
      gate.sessionTouchedByTool = true;
      held();
      held = null;
    }
  };
  return {
    waitReady: pglite.waitReady,
    isInTransaction: () => pglite.isInTransaction(),
    runExclusive: async (work) => {
      held ??= await gate.acquire();
      try {
        return await pglite.runExclusive(work);
      } finally {
        releaseOutsideTransaction();
      }
    },
    execProtocolRawStream: (message, options) => pglite.execProtocolRawStream(message, options),
    exec: async (sql, options) => {
      try {
        return await pglite.exec(sql, options);
      } finally {
        releaseOutsideTransaction();
      }
    },
  };
}

export type LocalTools = { close(): Promise<void> };

/** Unix socket paths are limited to 107 bytes on Linux. */
const MAX_SOCKET_PATH = 107;

/**
 * Serves the tools' sockets for this process's PGlite. `backup` answers GET /backup with a dump.
 * Sockets left by a killed server are removed first (the caller holds DATA_DIR's lock).
 */
export async function serveLocalTools(options: { pglite: PGlite; gate: Gate; dataDir: string; backup: () => Promise<string> }): Promise<LocalTools> {
  const dir = localToolsDir(options.dataDir);
  const socketPath = pgliteSocketPath(options.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) throw new Error(`DATA_DIR is too long for a Unix socket path (${socketPath}); use a shorter one.`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  for (const stale of [socketPath, backupSocketPath(options.dataDir)]) fs.rmSync(stale, { force: true });

  // The socket server only calls the members SocketServedPglite names.
  const sql = new PGLiteSocketServer({ db: gatedForTools(options.pglite, options.gate) as PGlite, path: socketPath, maxConnections: MAX_TOOL_CONNECTIONS });
  await sql.start();
  fs.chmodSync(socketPath, 0o600);

  const backupServer = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    options.backup().then(
      (dump) => response.writeHead(200, { 'content-type': 'application/sql; charset=utf-8' }).end(dump),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(error instanceof Error ? error.message : 'backup failed'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    backupServer.once('error', reject);
    backupServer.listen(backupSocketPath(options.dataDir), () => resolve());
  });
  fs.chmodSync(backupSocketPath(options.dataDir), 0o600);

  let closing: Promise<void> | null = null;
  return {
    close: () =>
      (closing ??= Promise.all([sql.stop(), new Promise<void>((resolve) => backupServer.close(() => resolve()))]).then(() => {
        for (const socket of [socketPath, backupSocketPath(options.dataDir)]) fs.rmSync(socket, { force: true });
      })),
  };
}
