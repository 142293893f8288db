import type { Database, Queryable } from '../storage/database';
import type { UnsubscribeTokenVault } from '../storage/newsletter';
import { FinanceDecryptionError, open, seal, type FinanceKeyring, type Sealed } from './encryption';

/**
 * Secrets besides payment details that the server must read back, sealed the same way and under
 * the same keys (encryption.ts): the body of an email waiting in the outbox (it may carry a grantee
 * ID, an enrolment link, a newsletter or sign-in link) and a newsletter subscriber's unsubscribe
 * token. Each is four columns, `<name>_ciphertext`, `_iv`, `_auth_tag`, `_key_id`, beside a clear
 * `<name>` column that only rows from before migration 12 fill (sealed at the next start).
 * A ciphertext is bound to its table, row id and, where given, a clear column of the row (the
 * outbox's recipient): copied to another row or readdressed, it no longer opens.
 */

export type SealedColumn = {
  readonly table: 'mail_outbox' | 'newsletter_subscribers' | 'grant_payments';
  readonly name: 'body' | 'unsubscribe_token' | 'destination';
  /** A clear column the ciphertext is bound to, or null. */
  readonly boundTo: 'recipient' | null;
  /** Rows whose value may still be needed (the others are left alone, blanked or not). */
  readonly live: string;
};

export const OUTBOX_BODY: SealedColumn = { table: 'mail_outbox', name: 'body', boundTo: 'recipient', live: "status = 'pending'" };
export const UNSUBSCRIBE_TOKEN: SealedColumn = { table: 'newsletter_subscribers', name: 'unsubscribe_token', boundTo: null, live: 'true' };
/** Where a grant payment was sent (an address or IBAN): read by finance only, through an audited view. */
export const PAYMENT_DESTINATION: SealedColumn = { table: 'grant_payments', name: 'destination', boundTo: null, live: 'true' };

/** The stored form of a sealed value, as the row's columns are read (pg gives bytea as Buffer, PGlite as Uint8Array). */
export type SealedValueRow = { id: string; bound: string; ciphertext: Uint8Array | null; iv: Uint8Array | null; auth_tag: Uint8Array | null; key_id: string | null };

/** `id, bound, ciphertext, iv, auth_tag, key_id` of the column, from its table under `alias`. */
export const sealedValueColumns = (column: SealedColumn, alias: string): string =>
  `${alias}.id::text AS id, ${column.boundTo ? `${alias}.${column.boundTo}` : "''"} AS bound, ${alias}.${column.name}_ciphertext AS ciphertext, ` +
  `${alias}.${column.name}_iv AS iv, ${alias}.${column.name}_auth_tag AS auth_tag, ${alias}.${column.name}_key_id AS key_id`;

const bindingOf = (column: SealedColumn, id: string, bound: string): string => `${column.table}.${column.name}:${id}:${bound}`;

/** The four column values (ciphertext, IV, tag, key id) that store `text` in row `id`. */
export function sealValue(keyring: FinanceKeyring, column: SealedColumn, id: string, bound: string, text: string): [Buffer, Buffer, Buffer, string] {
  const sealed = seal(keyring, text, bindingOf(column, id, bound));
  return [sealed.ciphertext, sealed.iv, sealed.authTag, sealed.keyId];
}

/** The value of a row, or null when it holds none; FinanceDecryptionError when it cannot be opened. */
export function openValue(keyring: FinanceKeyring, column: SealedColumn, row: SealedValueRow): string | null {
  if (row.ciphertext === null || row.iv === null || row.auth_tag === null || row.key_id === null) return null;
  const sealed: Sealed = { ciphertext: Buffer.from(row.ciphertext), iv: Buffer.from(row.iv), authTag: Buffer.from(row.auth_tag), keyId: row.key_id };
  return open(keyring, sealed, bindingOf(column, row.id, row.bound));
}

export type SealReport = {
  /** Rows encrypted (or re-encrypted) under the current key now. */
  readonly sealed: number;
  /** Rows left as they were because they could not be opened: id and why. */
  readonly unreadable: ReadonlyArray<{ readonly id: string; readonly reason: string }>;
};

/** How one table's sealed values are found, read (clear or sealed) and written back sealed under the current key. */
export type ResealSpec<Row extends { id: string }, Value> = {
  readonly table: string;
  /** The select list under alias `t`, with `t.id::text AS id`. */
  readonly columns: string;
  /** Rows that need sealing under alias `t`: $1 is `rotate`, $2 the current key id. */
  readonly needsSealing: string;
  /** The row's value, or null when it holds none; FinanceDecryptionError when it cannot be opened. */
  readonly read: (row: Row) => Value | null;
  readonly write: (tx: Queryable, row: Row, value: Value) => Promise<void>;
};

const BATCH = 100;

/**
 * Seals the values still in clear (rows from before their table's sealing migration) and, with
 * `rotate`, re-seals those under any key but the current one. Idempotent; batches of rows locked
 * while rewritten, so it runs beside a serving server. When rows changed, VACUUM FULL rewrites the
 * table so that the clear values leave its files (earlier WAL and backups keep them: retire those).
 */
export async function resealRows<Row extends { id: string }, Value>(database: Database, keyring: FinanceKeyring, spec: ResealSpec<Row, Value>, options: { rotate: boolean }): Promise<SealReport> {
  let sealed = 0;
  const unreadable: Array<{ id: string; reason: string }> = [];
  let after = '0';
  for (;;) {
    const done = await database.transaction(async (tx) => {
      const rows = await tx.query<Row>(
        `SELECT ${spec.columns} FROM ${spec.table} t WHERE t.id > $3::bigint AND ${spec.needsSealing} ORDER BY t.id LIMIT ${BATCH} FOR UPDATE`,
        [options.rotate, keyring.current.id, after],
      );
      for (const row of rows) {
        let value: Value | null;
        try {
          value = spec.read(row);
        } catch (error) {
          if (!(error instanceof FinanceDecryptionError)) throw error;
          unreadable.push({ id: row.id, reason: error.message });
          continue;
        }
        if (value === null) continue;
        await spec.write(tx, row, value);
        sealed += 1;
      }
      after = rows.at(-1)?.id ?? after;
      return rows.length < BATCH;
    });
    if (done) break;
  }
  if (sealed > 0) await database.query(`VACUUM FULL ${spec.table}`);
  return { sealed, unreadable };
}

/** resealRows for a sealed column beside its clear one (outbox bodies, unsubscribe tokens). */
export function sealColumnRows(database: Database, keyring: FinanceKeyring, column: SealedColumn, options: { rotate: boolean }): Promise<SealReport> {
  return resealRows<SealedValueRow & { clear: string | null }, string>(
    database,
    keyring,
    {
      table: column.table,
      columns: `${sealedValueColumns(column, 't')}, t.${column.name} AS clear`,
      needsSealing: `${column.live} AND (t.${column.name} IS NOT NULL OR ($1::boolean AND t.${column.name}_key_id <> $2))`,
      read: (row) => row.clear ?? openValue(keyring, column, row),
      write: async (tx, row, text) => {
        await tx.query(
          `UPDATE ${column.table} SET ${column.name} = NULL, ${column.name}_ciphertext = $2, ${column.name}_iv = $3, ${column.name}_auth_tag = $4, ${column.name}_key_id = $5 WHERE id = $1`,
          [row.id, ...sealValue(keyring, column, row.id, row.bound, text)],
        );
      },
    },
    options,
  );
}

/** How many live values each key id holds (null: still in clear). */
export async function sealedColumnKeyUsage(database: Database, column: SealedColumn): Promise<Array<{ keyId: string | null; values: number }>> {
  const rows = await database.query<{ key_id: string | null; n: number }>(
    `SELECT ${column.name}_key_id AS key_id, count(*)::int AS n FROM ${column.table}
     WHERE ${column.live} AND (${column.name} IS NOT NULL OR ${column.name}_key_id IS NOT NULL)
     GROUP BY 1 ORDER BY 1 NULLS FIRST`,
  );
  return rows.map((row) => ({ keyId: row.key_id, values: row.n }));
}

/** The newsletter's unsubscribe tokens sealed under `keyring` (storage/newsletter.ts reads and writes the columns). */
export function unsubscribeTokenVault(keyring: FinanceKeyring): UnsubscribeTokenVault {
  return {
    columns: (alias) => `${sealedValueColumns(UNSUBSCRIBE_TOKEN, alias)}, ${alias}.unsubscribe_token AS clear`,
    open: (row) => {
      try {
        return row.clear ?? openValue(keyring, UNSUBSCRIBE_TOKEN, row);
      } catch (error) {
        if (error instanceof FinanceDecryptionError) return null;
        throw error;
      }
    },
    seal: (id, token) => sealValue(keyring, UNSUBSCRIBE_TOKEN, id, '', token),
  };
}
