/**
 * `npm run finance-keys -- rotate | status`: the keys of payment details at rest.
 * `rotate` re-encrypts every grantee finance version under FINANCE_ENCRYPTION_KEY (reading older
 * ones with FINANCE_ENCRYPTION_OLD_KEYS) and encrypts any still in clear, and so the other secrets
 * sealed under the same keys (pending email bodies, unsubscribe tokens: finance/sealedColumns.ts);
 * `status` counts each under each key id. Uses the same DATA_DIR / DATABASE_URL as the server: on PostgreSQL it
 * runs beside a serving server (batches of rows, each locked while it is re-encrypted); on PGlite
 * it opens the data folder as the other commands do (openDatabase).
 */
import { countOf } from '../../lib/plural';
import { loadConfig } from '../config';
import { resolveFinanceKeys } from '../finance/encryption';
import { OUTBOX_BODY, PAYMENT_DESTINATION, sealColumnRows, sealedColumnKeyUsage, UNSUBSCRIBE_TOKEN } from '../finance/sealedColumns';
import { financeKeyUsage, sealFinanceRows } from '../finance/versions';
import { openDatabase } from '../storage/database';

export const FINANCE_KEYS_USAGE = 'usage: npm run finance-keys -- rotate\n       npm run finance-keys -- status';

export class FinanceKeysUsageError extends Error {}

/** The other secrets sealed under the finance keys, as `status` and `rotate` name them. */
const SEALED_SECRETS = [
  [OUTBOX_BODY, { one: 'pending email body', other: 'pending email bodies' }],
  [UNSUBSCRIBE_TOKEN, { one: 'newsletter unsubscribe token', other: 'newsletter unsubscribe tokens' }],
  [PAYMENT_DESTINATION, { one: 'grant payment destination', other: 'grant payment destinations' }],
] as const;

/** Some versions could not be re-encrypted: the command's lines, and a non-zero exit. */
export class RotationIncomplete extends Error {
  constructor(readonly lines: readonly string[]) {
    super(lines.join('\n'));
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** Runs one command and returns the lines to print. */
export async function runFinanceKeysCommand(args: readonly string[], env: Env = process.env, projectDir: string = process.cwd()): Promise<string[]> {
  const [command, ...extra] = args;
  if ((command !== 'rotate' && command !== 'status') || extra.length > 0) throw new FinanceKeysUsageError(FINANCE_KEYS_USAGE);
  const config = loadConfig(env, projectDir);
  const { keyring, localKeyFile } = resolveFinanceKeys(config);
  const source = localKeyFile ? `the local key in ${localKeyFile} (FINANCE_ENCRYPTION_KEY is not set)` : 'FINANCE_ENCRYPTION_KEY';
  const database = await openDatabase(config);
  try {
    const lines: string[] = [];
    if (command === 'rotate') {
      const report = await sealFinanceRows(database, keyring, { rotate: true });
      lines.push(`Re-encrypted ${report.sealed} grantee finance versions under key '${keyring.current.id}' (${source}).`);
      for (const { id, reason } of report.unreadable) lines.push(`Version ${id} could not be decrypted and was left as it was: ${reason}.`);
      let unreadable = report.unreadable.length;
      for (const [column, what] of SEALED_SECRETS) {
        const secrets = await sealColumnRows(database, keyring, column, { rotate: true });
        lines.push(`Re-encrypted ${countOf(secrets.sealed, what, 'en')}.`);
        for (const { id, reason } of secrets.unreadable) lines.push(`${column.table} row ${id} could not be decrypted and was left as it was: ${reason}.`);
        unreadable += secrets.unreadable.length;
      }
      if (unreadable > 0) throw new RotationIncomplete(lines);
    }
    const usage = await financeKeyUsage(database);
    if (usage.length === 0) lines.push('No grantee finance versions stored.');
    const stateOf = (keyId: string | null): string =>
      keyId === null ? 'in clear (encrypted at the next server start or rotate)' : keyId === keyring.current.id ? 'current key' : keyring.byId.has(keyId) ? 'old key, still configured' : 'NOT configured: unreadable';
    for (const { keyId, versions } of usage) {
      const state = stateOf(keyId);
      lines.push(`${keyId ?? '(none)'}: ${countOf(versions, { one: 'version', other: 'versions' }, 'en')}, ${state}`);
    }
    for (const [column, what] of SEALED_SECRETS) {
      for (const { keyId, values } of await sealedColumnKeyUsage(database, column)) lines.push(`${keyId ?? '(none)'}: ${countOf(values, what, 'en')}, ${stateOf(keyId)}`);
    }
    return lines;
  } finally {
    await database.close();
  }
}
