import type { WirePayload } from '../../forms/definitions/types';
import type { Queryable } from '../storage/database';
import type { FinanceKeyring } from './encryption';
import { openFinancePayloadOrNull, paymentDetailsReference, sealedPayloadColumns, type SealedPayloadRow } from './versions';

/**
 * Payment details in a data-rights request (src/server/dataRights/): a grantee ID is one person's,
 * so every version of a grantee goes with them; a grantee is theirs when it was issued from their
 * application or sent details with their contact email.
 */

/** SQL condition: the grantee under `granteeAlias` sent payment details with the email in `emailParam` (normalised). */
export const sentPaymentDetailsFrom = (granteeAlias: string, emailParam: string): string =>
  `(${emailParam}::text IS NOT NULL AND EXISTS (SELECT 1 FROM grantee_finance_versions v WHERE v.grantee_id = ${granteeAlias}.id AND lower(btrim(v.contact_email)) = ${emailParam}))`;

/** The ids of every version the grantees sent. */
export async function paymentDetailsVersionIds(db: Queryable, granteeIds: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ id: string }>('SELECT v.id::text AS id FROM grantee_finance_versions v WHERE v.grantee_id = ANY($1::bigint[]) ORDER BY v.id', [granteeIds]);
  return rows.map((row) => row.id);
}

export type BundledPaymentDetails = {
  readonly reference: string;
  readonly version: number;
  readonly receivedAt: string;
  readonly beneficiaryName: string;
  readonly contactEmail: string;
} & ({ readonly answers: WirePayload } | { readonly answers: null; readonly sealed: true } | { readonly answers: null; readonly unreadable: true });

/**
 * The versions by their grantee's id, for the bundle: decrypted only when a keyring is given (else
 * `sealed: true` with the clear name and contact email); one that fails to decrypt is `unreadable`.
 */
export async function paymentDetailsForBundle(db: Queryable, versionIds: readonly string[], financeKeys: FinanceKeyring | null): Promise<Map<string, BundledPaymentDetails[]>> {
  const rows = await db.query<SealedPayloadRow & { id: string; created_at: Date; beneficiary_name: string; contact_email: string }>(
    `SELECT v.id::text AS id, v.created_at, v.beneficiary_name, v.contact_email, ${sealedPayloadColumns('v')} FROM grantee_finance_versions v WHERE v.id = ANY($1::bigint[]) ORDER BY v.id`,
    [versionIds],
  );
  const byGrantee = new Map<string, BundledPaymentDetails[]>();
  for (const row of rows) {
    const head = {
      reference: paymentDetailsReference(row.id),
      version: row.version,
      receivedAt: new Date(row.created_at).toISOString(),
      beneficiaryName: row.beneficiary_name,
      contactEmail: row.contact_email,
    };
    const answers = financeKeys ? openFinancePayloadOrNull(financeKeys, row) : null;
    const entry: BundledPaymentDetails = !financeKeys ? { ...head, answers: null, sealed: true } : answers ? { ...head, answers } : { ...head, answers: null, unreadable: true };
    byGrantee.set(row.grantee_id, [...(byGrantee.get(row.grantee_id) ?? []), entry]);
  }
  return byGrantee;
}
