/**
 * `npm start`: the whole site on one process. Builds the static export when out/index.html is
 * missing, opens the database (PGlite in DATA_DIR, or DATABASE_URL) and applies its migrations,
 * then serves the site and the API on HOST:PORT (default 127.0.0.1:3000).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { loadMailConfig } from '../src/server/mail/config';
import { startServer, stopOnSignals } from '../src/server/main';
import { DataDirNotPrivateError } from '../src/server/storage/dataDir';
import { DataDirLockedError } from '../src/server/storage/database';
import { projectDir } from './export-files';

async function main(): Promise<void> {
  const config = loadConfig(process.env, projectDir);
  if (!fs.existsSync(path.join(config.outDir, 'index.html'))) {
    console.log(`${path.relative(projectDir, config.outDir) || config.outDir}/index.html not found: running npm run build first.`);
    const build = spawnSync('npm', ['run', 'build'], { cwd: projectDir, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const mailConfig = loadMailConfig();
  const server = await startServer(config, mailConfig);
  stopOnSignals(server);
  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Serving the site and /api/* at ${server.address} (data: ${storage})`);
  if (server.dataDirMadePrivate > 0) {
    console.log(`Made ${server.dataDirMadePrivate} folders and files in ${config.dataDir} owner-only (folders 0700, files 0600): other accounts could read or change them.`);
  }
  const port = new URL(server.address).port;
  // Passkeys (the team area, /equipo/) refuse IP addresses: point people at localhost instead.
  const local = ['127.0.0.1', '::1', 'localhost'].includes(config.host);
  if (local) console.log(`Open http://localhost:${port}/ in the browser (the team area, /equipo/, signs in with passkeys, which refuse IP addresses).`);
  if (local && config.siteOrigin !== `http://localhost:${port}`) {
    console.log(`Team sign-in works only from NEXT_PUBLIC_SITE_URL's origin, ${config.siteOrigin}.`);
  }
  const { finance } = server;
  if (finance.localKeyFile) {
    console.log(
      `FINANCE_ENCRYPTION_KEY is not set: payment details are encrypted under the local key in ${path.relative(projectDir, finance.localKeyFile) || finance.localKeyFile}` +
        `${finance.generated ? ' (generated just now, mode 0600)' : ''}. Keep that file with the data; production requires FINANCE_ENCRYPTION_KEY.`,
    );
  }
  if (finance.secretsSealedAtStart > 0) console.log(`Sealed ${finance.secretsSealedAtStart} email bodies and unsubscribe tokens stored in clear under key '${finance.currentKeyId}'.`);
  if (finance.sealedAtStart > 0) console.log(`Encrypted ${finance.sealedAtStart} grantee finance versions stored in clear under key '${finance.currentKeyId}'.`);
  for (const { keyId, versions } of finance.unknownKeyVersions) {
    console.log(`Warning: ${versions} grantee finance versions are encrypted under key '${keyId}', which is not configured: add it to FINANCE_ENCRYPTION_OLD_KEYS to read them.`);
  }
  if (mailConfig.smtpUrl) console.log(`Email is on: sending the outbox through ${new URL(mailConfig.smtpUrl).host}.`);
  else console.log('Email is off: SMTP_URL is not set, so confirmation emails wait in the outbox until a server with SMTP_URL starts.');
  if (server.webhookWorker) console.log('Webhooks are on: application events go to the WEBHOOK_URLS receivers, signed with WEBHOOK_SECRET.');
  console.log(
    server.retentionSweeper
      ? 'Retention is on: rejected and withdrawn applications past their programme\'s period are erased daily (docs/operating.md "Retention").'
      : 'Retention is off: no programme has a retention period, so no application is erased automatically.',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DataDirNotPrivateError) console.error(`npm start: ${error.message}`);
  else console.error('npm start failed:', error);
  process.exit(1);
});
