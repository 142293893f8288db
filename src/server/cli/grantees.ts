/**
 * `npm run grantees -- add [label] | list | revoke <id>`: the programme team's tool for grantee
 * security IDs. `add` prints the new ID once; only its hash is stored, so it cannot be shown again.
 * Uses the same DATA_DIR / DATABASE_URL as the server, and works while it runs (openDatabase goes through its socket).
 */
import { loadConfig } from '../config';
import { addGrantee, listGrantees, revokeGrantee } from '../grantees';
import { openDatabase } from '../storage/database';

const USAGE = 'usage: npm run grantees -- add [label] | list | revoke <id>';

/** Runs one command and returns the lines to print. */
export async function runGranteesCommand(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const [command, ...rest] = args;
  if (command !== 'add' && command !== 'list' && command !== 'revoke') throw new Error(USAGE);
  if (command === 'revoke' && !/^\d+$/.test(rest[0] ?? '')) throw new Error('revoke needs the grantee number shown by `list`.');
  const database = await openDatabase(loadConfig(env));
  try {
    if (command === 'add') {
      const { grantee, securityId } = await addGrantee(database, rest.join(' '));
      return [`Grantee ${grantee.id}${grantee.label ? ` (${grantee.label})` : ''}: security ID ${securityId}`, 'Give it to the grantee now: it is stored only as a hash and cannot be shown again.'];
    }
    if (command === 'list') {
      const grantees = await listGrantees(database);
      if (grantees.length === 0) return ['No grantees yet.'];
      return grantees.map((grantee) => `${grantee.id}\t${grantee.revoked_at ? 'revoked' : 'active'}\t${new Date(grantee.created_at).toISOString()}\t${grantee.label}`);
    }
    const revoked = await revokeGrantee(database, rest[0]!);
    if (!revoked) throw new Error(`No active grantee ${rest[0]}.`);
    return [`Grantee ${rest[0]} revoked: its security ID no longer opens the finance form.`];
  } finally {
    await database.close();
  }
}
