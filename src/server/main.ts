import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { formDefinitions } from '../forms/definitions';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { resolveFinanceKeys, type FinanceKeyring } from './finance/encryption';
import { OUTBOX_BODY, sealColumnRows, UNSUBSCRIBE_TOKEN } from './finance/sealedColumns';
import { financeKeyUsage, sealFinanceRows } from './finance/versions';
import { loadMailConfig, type MailConfig } from './mail/config';
import { mailTask } from './mail/worker';
import { loadRetentionPeriods, retentionTask } from './dataRights/retention';
import { dumpPglite } from './storage/backup';
import { makeDataDirPrivate, privateUmask } from './storage/dataDir';
import { openDatabase, PgliteDatabase, type Database } from './storage/database';
import { serveLocalTools, type LocalTools } from './storage/localTools';
import { startPollingLoop, type LoopTask } from './pollingLoop';
import { roundAnnouncerTask } from './rounds/service';
import { loadWebhookConfig, type WebhookConfig } from './webhooks/config';
import { syncWebhookEndpoints } from './webhooks/outbox';
import { webhookTask } from './webhooks/worker';

export type RunningServer = {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly address: string;
  /** The tasks of the server's one background loop (pollingLoop.ts). null when SMTP_URL is unset: emails wait in the outbox. */
  readonly mailWorker: LoopTask | null;
  /** null when WEBHOOK_URLS is unset. */
  readonly webhookWorker: LoopTask | null;
  /** null when no programme has a retention period: nothing is erased automatically. */
  readonly retentionSweeper: LoopTask | null;
  /** Where the finance key came from, what start encrypted, and rows no configured key opens. */
  readonly finance: FinanceAtStart;
  /** Entries of DATA_DIR that other accounts could read or change, made owner-only at this start. */
  readonly dataDirMadePrivate: number;
  stop(): Promise<void>;
};

export type FinanceAtStart = {
  readonly localKeyFile: string | null;
  readonly generated: boolean;
  readonly currentKeyId: string;
  /** Rows stored in clear before migration 8, encrypted by this start. */
  readonly sealedAtStart: number;
  /** Pending email bodies and unsubscribe tokens stored in clear before migration 12, sealed by this start. */
  readonly secretsSealedAtStart: number;
  /** Versions under key ids that are not configured: they cannot be read until the key is added. */
  readonly unknownKeyVersions: ReadonlyArray<{ readonly keyId: string; readonly versions: number }>;
};

/**
 * Resolves the finance keys and encrypts any payment details still in clear (migration 8 cannot:
 * the key never reaches the database). Refuses to start when a clear row cannot be encrypted.
 */
async function prepareFinance(config: ServerConfig, database: Database): Promise<{ keyring: FinanceKeyring; finance: FinanceAtStart }> {
  const resolved = resolveFinanceKeys(config);
  const report = await sealFinanceRows(database, resolved.keyring, { rotate: false });
  if (report.unreadable.length > 0) throw new Error(`Could not encrypt grantee finance versions ${report.unreadable.map((row) => row.id).join(', ')}.`);
  // Refused above for payment details; an email body or token no key opens is reported when it is used.
  let secretsSealedAtStart = 0;
  for (const column of [OUTBOX_BODY, UNSUBSCRIBE_TOKEN]) secretsSealedAtStart += (await sealColumnRows(database, resolved.keyring, column, { rotate: false })).sealed;
  const unknownKeyVersions = (await financeKeyUsage(database)).flatMap(({ keyId, versions }) => (keyId !== null && !resolved.keyring.byId.has(keyId) ? [{ keyId, versions }] : []));
  return {
    keyring: resolved.keyring,
    finance: { localKeyFile: resolved.localKeyFile, generated: resolved.generated, currentKeyId: resolved.keyring.current.id, sealedAtStart: report.sealed, secretsSealedAtStart, unknownKeyVersions },
  };
}

/** Opens the database (applying migrations), builds the app and listens on HOST:PORT. */
export async function startServer(
  config: ServerConfig,
  mailConfig: MailConfig = loadMailConfig(),
  webhookConfig: WebhookConfig | null = loadWebhookConfig(),
  retentionPeriods = loadRetentionPeriods(),
): Promise<RunningServer> {
  // Everything the server writes from here on (lock, keys, sockets, database files) is owner-only.
  privateUmask();
  // On PostgreSQL the folder may still hold the local finance key or uploads of earlier versions.
  const postgresDataDir = config.databaseUrl && fs.existsSync(config.dataDir) ? makeDataDirPrivate(config.dataDir) : 0;
  const database = await openDatabase(config, 'server');
  const dataDirMadePrivate = database instanceof PgliteDatabase ? database.madePrivate : postgresDataDir;
  let app: FastifyInstance;
  let finance: FinanceAtStart;
  let keys: FinanceKeyring;
  try {
    const prepared = await prepareFinance(config, database);
    finance = prepared.finance;
    keys = prepared.keyring;
    // Events are queued for the endpoints configured now (none when WEBHOOK_URLS is unset).
    await syncWebhookEndpoints(database, webhookConfig?.urls ?? []);
    app = await buildApp({ config, database, forms: formDefinitions, financeKeys: prepared.keyring });
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await database.close();
    throw error;
  }
  const bound = app.server.address();
  const address = typeof bound === 'object' && bound !== null ? `http://${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}` : String(bound);
  let localTools: LocalTools | null = null;
  if (database instanceof PgliteDatabase) {
    // Tools (export, grantees, backup, psql) reach the embedded database through the server while it runs.
    const pglite = database;
    localTools = await serveLocalTools({ pglite: pglite.pglite, gate: pglite.gate, dataDir: pglite.dataDir, backup: () => dumpPglite(pglite) }).catch((error: unknown) => {
      app.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'local tools socket not served: tools need the server stopped');
      return null;
    });
  }
  const { smtpUrl } = mailConfig;
  const mailWorker = smtpUrl ? mailTask({ database, config: { ...mailConfig, smtpUrl }, log: app.log.child({ component: 'mail' }), keys }) : null;
  const webhookWorker = webhookConfig ? webhookTask({ database, config: webhookConfig, siteOrigin: config.siteOrigin, log: app.log.child({ component: 'webhooks' }) }) : null;
  const retentionSweeper = retentionTask({ database, periods: retentionPeriods, log: app.log.child({ component: 'retention' }) });
  // A round that opens or closes by itself (its moment passed) is announced once, whichever server notices it first.
  const roundAnnouncer = roundAnnouncerTask({ database, now: () => new Date(), log: app.log.child({ component: 'rounds' }) });
  const background = startPollingLoop({ tasks: [mailWorker, webhookWorker, retentionSweeper, roundAnnouncer].filter((task) => task !== null) });
  let stopping: Promise<void> | null = null;
  return {
    app,
    database,
    address,
    mailWorker,
    webhookWorker,
    retentionSweeper,
    finance,
    dataDirMadePrivate,
    // In-flight requests finish (new ones get 503) and the email being sent goes out, then the database closes.
    stop: () => (stopping ??= Promise.all([app.close(), background.stop(), localTools?.close()]).then(() => database.close())),
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
