/**
 * `npm run team -- invite <email> --role admin|reviewer|finance | list | revoke <email>`: the
 * programme team's members. `invite` prints a single-use enrolment link (valid 24 hours) and
 * queues it by email through the outbox; `revoke` ends every session of the member at once.
 * Uses the same DATA_DIR / DATABASE_URL as the server.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { resolveFinanceKeys } from '../finance/encryption';
import { openDatabase } from '../storage/database';
import { CLI_ACTOR } from '../team/audit';
import { ENROLMENT_LINK_HOURS, InviteRefused, inviteMember, listMembers, revokeMember } from '../team/members';
import { isRole, ROLES } from '../team/roles';

export const TEAM_USAGE = `usage: npm run team -- invite <email> --role ${ROLES.join('|')}\n       npm run team -- list\n       npm run team -- revoke <email>`;

export class TeamUsageError extends Error {}

function parse(args: readonly string[]) {
  try {
    return parseArgs({ args: [...args], options: { role: { type: 'string' } }, strict: true, allowPositionals: true });
  } catch (error) {
    throw new TeamUsageError(`${(error as Error).message}\n${TEAM_USAGE}`);
  }
}

/** Runs one command and returns the lines to print. */
export async function runTeamCommand(args: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): Promise<string[]> {
  const { values, positionals } = parse(args);
  const [command, email, ...extra] = positionals;
  if (extra.length > 0) throw new TeamUsageError(TEAM_USAGE);
  if (command === 'invite') {
    if (!email) throw new TeamUsageError(TEAM_USAGE);
    if (!isRole(values.role)) throw new TeamUsageError(`--role must be one of ${ROLES.join(', ')}.\n${TEAM_USAGE}`);
  } else if (command === 'revoke') {
    if (!email || values.role !== undefined) throw new TeamUsageError(TEAM_USAGE);
  } else if (command !== 'list' || email || values.role !== undefined) {
    throw new TeamUsageError(TEAM_USAGE);
  }
  const config = loadConfig(env);
  const database = await openDatabase(config);
  try {
    if (command === 'invite' && isRole(values.role)) {
      let invitation;
      try {
        invitation = await inviteMember(database, { email: email!, role: values.role, actor: CLI_ACTOR, siteOrigin: config.siteOrigin, keys: resolveFinanceKeys(config).keyring });
      } catch (error) {
        if (error instanceof InviteRefused) throw new TeamUsageError(error.message);
        throw error;
      }
      return [
        `Invited ${email!.trim()} as ${values.role}. Enrolment link (single use, expires in ${ENROLMENT_LINK_HOURS} h, at ${invitation.expiresAt}):`,
        invitation.link,
        'It is also queued by email (sent by a server with SMTP_URL set).',
      ];
    }
    if (command === 'revoke') {
      if (!(await revokeMember(database, email!, CLI_ACTOR))) throw new TeamUsageError(`No active member ${email}.`);
      return [`Revoked ${email}: their sessions ended and their passkeys were removed.`];
    }
    const members = await listMembers(database);
    if (members.length === 0) return ['No team members yet. Invite one: npm run team -- invite you@example.org --role admin'];
    return members.map((member) =>
      [member.email, member.role, member.revokedAt ? `revoked ${member.revokedAt}` : member.passkeys > 0 ? `active, ${member.passkeys} passkey(s)` : 'invited, not enrolled', `since ${member.createdAt}`].join('\t'),
    );
  } finally {
    await database.close();
  }
}
