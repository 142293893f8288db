import type { FastifyInstance } from 'fastify';
import { formDefinitions } from '../forms/definitions';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { openDatabase, type Database } from './storage/database';

export type RunningServer = { readonly app: FastifyInstance; readonly database: Database; readonly address: string; stop(): Promise<void> };

/** Opens the database (applying migrations), builds the app and listens on HOST:PORT. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const database = await openDatabase(config);
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database, forms: formDefinitions });
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await database.close();
    throw error;
  }
  const bound = app.server.address();
  const address = typeof bound === 'object' && bound !== null ? `http://${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}` : String(bound);
  let stopping: Promise<void> | null = null;
  return {
    app,
    database,
    address,
    // In-flight requests finish (new ones get 503), then the database closes.
    stop: () => (stopping ??= app.close().then(() => database.close())),
  };
}

/** Stops gracefully on SIGTERM or SIGINT; a second signal exits at once. */
export function stopOnSignals(server: RunningServer): void {
  let received = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (received) process.exit(1);
    received = true;
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ error: { name: (error as Error).name } }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
