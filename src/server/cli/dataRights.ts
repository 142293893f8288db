/**
 * `npm run data-rights -- find|export|erase --email <address> [--out <folder>] [--yes]`: an
 * applicant's data-rights request from the shell (the team page /equipo/datos/ does the same).
 * `find` prints how many records of each kind are held; `export` writes <folder>/datos.json and the
 * uploaded files beside it (a new folder, owner-only); `erase` needs --yes and prints the tombstone
 * (and how many grant payment records it kept without the person: src/server/dataRights/erase.ts).
 * Every action is in the audit log under the actor `cli`, with counts and no address. Uses the
 * same DATA_DIR / DATABASE_URL as the server, and works while it runs.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isEmail } from '../../forms/definitions/validate';
import { loadConfig } from '../config';
import { BUNDLE_JSON } from '../dataRights/bundle';
import { erasePersonalData, tombstoneOf } from '../dataRights/erase';
import { exportPersonalData, findPersonalData } from '../dataRights/service';
import { resolveFinanceKeys } from '../finance/encryption';
import { openDatabase } from '../storage/database';
import { CLI_ACTOR } from '../team/audit';

export const DATA_RIGHTS_USAGE = [
  'usage: npm run data-rights -- find --email <address>',
  '       npm run data-rights -- export --email <address> --out <new folder>',
  '       npm run data-rights -- erase --email <address> --yes',
].join('\n');

export class DataRightsUsageError extends Error {}

function parse(args: readonly string[]) {
  try {
    return parseArgs({ args: [...args], options: { email: { type: 'string' }, out: { type: 'string' }, yes: { type: 'boolean' } }, strict: true, allowPositionals: true });
  } catch (error) {
    throw new DataRightsUsageError(`${(error as Error).message}\n${DATA_RIGHTS_USAGE}`);
  }
}

/** Runs one command and returns the lines to print. */
export async function runDataRightsCommand(
  args: readonly string[],
  options: { env?: Readonly<Record<string, string | undefined>>; cwd?: string } = {},
): Promise<string[]> {
  const { env = process.env, cwd = process.cwd() } = options;
  const { values, positionals } = parse(args);
  const [command, ...extra] = positionals;
  const email = values.email?.trim() ?? '';
  if (extra.length > 0 || !['find', 'export', 'erase'].includes(command ?? '')) throw new DataRightsUsageError(DATA_RIGHTS_USAGE);
  if (!isEmail(email)) throw new DataRightsUsageError(`--email must be an email address.\n${DATA_RIGHTS_USAGE}`);
  if (command === 'export' && !values.out) throw new DataRightsUsageError(`export needs --out <new folder>.\n${DATA_RIGHTS_USAGE}`);
  if (command === 'erase' && !values.yes) throw new DataRightsUsageError("erase deletes every record of that address for good (a grant's payment records are kept, without the person's data, as accounting law requires): run `find` first, then add --yes.");
  const config = loadConfig(env);
  const database = await openDatabase(config);
  try {
    if (command === 'find') {
      const found = await findPersonalData(database, email, CLI_ACTOR);
      return [...Object.entries(found.counts).map(([kind, n]) => `${kind}\t${n}`), `references\t${found.references.join(' ') || '-'}`];
    }
    if (command === 'export') {
      const folder = path.resolve(cwd, values.out!);
      // A new folder only: an export never mixes with, or overwrites, anything already there.
      await fs.mkdir(folder, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? new DataRightsUsageError(`${folder} already exists: name a new folder.`) : error;
      });
      const bundle = await exportPersonalData(database, email, CLI_ACTOR, resolveFinanceKeys(config).keyring);
      const written = [{ path: BUNDLE_JSON, bytes: Buffer.from(`${JSON.stringify(bundle.document, null, 2)}\n`) }, ...bundle.files];
      for (const file of written) {
        const target = path.join(folder, file.path);
        await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await fs.writeFile(target, file.bytes, { flag: 'wx', mode: 0o600 });
      }
      return written.map((file) => `${path.join(folder, file.path)}\t${file.bytes.length} bytes`);
    }
    const erasure = await erasePersonalData(database, email, CLI_ACTOR);
    const kept = erasure.keptPayments > 0 ? [`Kept ${erasure.keptPayments} grant payment record(s), without the person's data, as accounting law requires; each points to the tombstone.`] : [];
    return [`Erased. Tombstone in the audit log: ${tombstoneOf(erasure.counts)}`, ...kept];
  } finally {
    await database.close();
  }
}
