import type { PaymentDetailsKey } from '../../config/programmes';
import type { WirePayload } from '../../forms/definitions/types';
import { referenceOf } from '../mail/compose';
import type { Database, Queryable } from '../storage/database';
import { FinanceDecryptionError, open, seal, type FinanceKeyring } from './encryption';
import { resealRows, type SealReport } from './sealedColumns';

/**
 * Grantee finance versions at rest (migration 8): the whole payload as submitted is one AES-GCM
 * ciphertext bound to its grantee and version. Only the beneficiary's name and contact email are
 * also kept in clear columns: the outbox's confirmation email is addressed to them and the team
 * inbox lists them, and neither is a payment detail. Every reader of payment details goes through
 * openFinancePayload with the keyring; nothing else ever sees them.
 */

/** The form whose answers the versions hold. */
export const PAYMENT_DETAILS_FORM: PaymentDetailsKey = 'grantee-finance';

/** The table of the versions, for code that deletes rows by kind (src/server/dataRights/erase.ts). */
export const FINANCE_VERSIONS_TABLE = 'grantee_finance_versions';

/** The reference the team and the grantee see for a version: GF-000004. */
export const paymentDetailsReference = (versionId: string): string => referenceOf(PAYMENT_DETAILS_FORM, versionId);

/** The columns openFinancePayload needs, from grantee_finance_versions under `alias`. */
export const sealedPayloadColumns = (alias: string): string =>
  `${alias}.grantee_id::text AS grantee_id, ${alias}.version, ${alias}.payload_ciphertext, ${alias}.payload_iv, ${alias}.payload_auth_tag, ${alias}.payload_key_id`;

/** The clear answers of a version (name, contact email) as a jsonb object shaped like its payload. */
export const clearFinanceAnswers = (alias: string): string =>
  `jsonb_build_object('beneficiaryName', ${alias}.beneficiary_name, 'contactEmail', ${alias}.contact_email)`;

export type SealedPayloadRow = {
  grantee_id: string;
  version: number;
  payload_ciphertext: Uint8Array;
  payload_iv: Uint8Array;
  payload_auth_tag: Uint8Array;
  payload_key_id: string;
};

/** Binds a ciphertext to its row: moved to another grantee or version, it no longer opens. */
const associatedData = (granteeId: string, version: number): string => `grantee_finance_versions:${granteeId}:${version}`;

const clearText = (payload: WirePayload, name: string): string => (typeof payload[name] === 'string' ? String(payload[name]) : '');

/** The values of the columns that store a version: its ciphertext, IV, tag, key id and the two clear answers. */
export function sealFinancePayload(keyring: FinanceKeyring, granteeId: string, version: number, payload: WirePayload): unknown[] {
  const sealed = seal(keyring, JSON.stringify(payload), associatedData(granteeId, version));
  return [sealed.ciphertext, sealed.iv, sealed.authTag, sealed.keyId, clearText(payload, 'beneficiaryName'), clearText(payload, 'contactEmail')];
}

/** A new version of a grantee's payment details, encrypted under the keyring's current key; earlier versions stay. */
export async function insertFinanceVersion(tx: Queryable, granteeId: string, payload: WirePayload, keyring: FinanceKeyring): Promise<{ id: string; version: number }> {
  // Serialises concurrent updates of one grantee so that version numbers never collide.
  const [grantee] = await tx.query<{ id: string }>('SELECT id::text AS id FROM grantees WHERE id = $1 FOR UPDATE', [granteeId]);
  if (!grantee) throw new Error(`no grantee ${granteeId}`);
  // The version is part of the ciphertext's associated data, so it is chosen before encrypting.
  const [next] = await tx.query<{ version: number }>('SELECT COALESCE(MAX(version), 0) + 1 AS version FROM grantee_finance_versions WHERE grantee_id = $1', [grantee.id]);
  const version = next?.version ?? 1;
  const [inserted] = await tx.query<{ id: string; version: number }>(
    `INSERT INTO grantee_finance_versions (grantee_id, version, payload_ciphertext, payload_iv, payload_auth_tag, payload_key_id, beneficiary_name, contact_email)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING id::text AS id, version`,
    [grantee.id, version, ...sealFinancePayload(keyring, grantee.id, version, payload)],
  );
  if (!inserted) throw new Error('INSERT … RETURNING gave no row');
  return inserted;
}

/** The stored payload of a version; FinanceDecryptionError when it cannot be opened (never a partial value). */
export function openFinancePayload(keyring: FinanceKeyring, row: SealedPayloadRow): WirePayload {
  // pg gives bytea as Buffer, PGlite as Uint8Array.
  const text = open(
    keyring,
    { ciphertext: Buffer.from(row.payload_ciphertext), iv: Buffer.from(row.payload_iv), authTag: Buffer.from(row.payload_auth_tag), keyId: row.payload_key_id },
    associatedData(row.grantee_id, row.version),
  );
  const payload: unknown = JSON.parse(text);
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new FinanceDecryptionError('the decrypted payload is not an object');
  return payload as WirePayload;
}

/** The stored payload of a version, or null when it cannot be opened (the caller reports it, never shows a part). */
export function openFinancePayloadOrNull(keyring: FinanceKeyring, row: SealedPayloadRow): WirePayload | null {
  try {
    return openFinancePayload(keyring, row);
  } catch (error) {
    if (error instanceof FinanceDecryptionError) return null;
    throw error;
  }
}

/** Encrypts the versions still stored in clear (rows from before migration 8); with `rotate`, re-encrypts those under an older key. */
export function sealFinanceRows(database: Database, keyring: FinanceKeyring, options: { rotate: boolean }): Promise<SealReport> {
  return resealRows<SealedPayloadRow & { id: string; payload: WirePayload | null }, WirePayload>(
    database,
    keyring,
    {
      table: FINANCE_VERSIONS_TABLE,
      columns: `t.id::text AS id, t.payload, ${sealedPayloadColumns('t')}`,
      needsSealing: '(t.payload IS NOT NULL OR ($1::boolean AND t.payload_key_id <> $2))',
      read: (row) => row.payload ?? openFinancePayload(keyring, row),
      write: async (tx, row, payload) => {
        await tx.query(
          `UPDATE grantee_finance_versions
           SET payload = NULL, payload_ciphertext = $2, payload_iv = $3, payload_auth_tag = $4, payload_key_id = $5, beneficiary_name = $6, contact_email = $7
           WHERE id = $1`,
          [row.id, ...sealFinancePayload(keyring, row.grantee_id, row.version, payload)],
        );
      },
    },
    options,
  );
}

/** How many versions each key id holds, and how many are still in clear (key id null). */
export async function financeKeyUsage(database: Database): Promise<Array<{ keyId: string | null; versions: number }>> {
  const rows = await database.query<{ key_id: string | null; n: number }>(
    'SELECT payload_key_id AS key_id, count(*)::int AS n FROM grantee_finance_versions GROUP BY payload_key_id ORDER BY payload_key_id NULLS FIRST',
  );
  return rows.map((row) => ({ keyId: row.key_id, versions: row.n }));
}
