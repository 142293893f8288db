import type { FastifyInstance } from 'fastify';
import { sendError } from './http';
import type { Database } from './storage/database';
import { MIGRATIONS } from './storage/migrations';

/**
 * GET /healthz: the process is up and answering (restart it when not).
 * GET /readyz: it can take submissions: the database answers within READY_TIMEOUT_MS and has
 * every migration this code needs (send it traffic when so). While the server shuts down, every
 * request on a connection still open, this one included, gets 503, and new connections are refused.
 */

const READY_TIMEOUT_MS = 2_000;
const NO_STORE = 'no-store';

const REQUIRED_MIGRATION = Math.max(...MIGRATIONS.map((migration) => migration.version));

class ReadyTimeoutError extends Error {}

async function appliedMigration(database: Database): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ReadyTimeoutError()), READY_TIMEOUT_MS);
  });
  try {
    const rows = await Promise.race([database.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations'), timeout]);
    return rows[0]?.version ?? 0;
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: FastifyInstance, deps: { database: Database }): void {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', NO_STORE);
    return { ok: true };
  });

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    let version: number;
    try {
      version = await appliedMigration(deps.database);
    } catch (error) {
      request.log.warn({ error: { name: (error as Error).name } }, 'not ready: the database did not answer');
      return sendError(request, reply, 503, 'Not ready: the database does not answer.');
    }
    if (version < REQUIRED_MIGRATION) return sendError(request, reply, 503, `Not ready: the database schema is at version ${version}, this server needs ${REQUIRED_MIGRATION}.`);
    return { ready: true };
  });
}
