/**
 * `npm run backup -- --out FILE`: a consistent backup (pg_dump SQL, uploaded files included) of the
 * configured database, taken while the site runs. `npm run restore -- FILE`: loads one into an
 * empty DATA_DIR, or an empty PostgreSQL at DATABASE_URL, and refuses anything else.
 * Paths are relative to where the command was typed.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { restoreBackup, takeBackup } from '../storage/backup';

export const BACKUP_USAGE = 'usage: npm run backup -- --out <file>';
export const RESTORE_USAGE = 'usage: npm run restore -- <backup file>';

type Place = { env: NodeJS.ProcessEnv; projectDir: string; cwd: string };

export async function runBackupCommand(args: readonly string[], place: Place): Promise<string> {
  const { values, positionals } = parseArgs({ args: [...args], options: { out: { type: 'string' } }, strict: true, allowPositionals: true });
  if (!values.out || positionals.length > 0) throw new Error(BACKUP_USAGE);
  const config = loadConfig(place.env, place.projectDir);
  const out = path.resolve(place.cwd, values.out);
  await takeBackup(config, out, place.env);
  return `Backup written to ${out} (${config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `PGlite in ${config.dataDir}`}).`;
}

export async function runRestoreCommand(args: readonly string[], place: Place): Promise<string> {
  const { positionals } = parseArgs({ args: [...args], options: {}, strict: true, allowPositionals: true });
  if (positionals.length !== 1) throw new Error(RESTORE_USAGE);
  const config = loadConfig(place.env, place.projectDir);
  const file = path.resolve(place.cwd, positionals[0]!);
  await restoreBackup(config, file);
  return `Restored ${file} into ${config.databaseUrl ? 'the PostgreSQL database at DATABASE_URL' : `PGlite in ${config.dataDir}`}; npm start applies any newer migrations.`;
}
