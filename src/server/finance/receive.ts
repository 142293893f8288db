import { SECURITY_ID_FIELD } from '../../forms/definitions/granteeFinance';
import type { FieldErrors, FormValues, WirePayload } from '../../forms/definitions/types';
import { findGranteeBySecurityId } from '../grantees';
import { enqueueApplicationEmails } from '../mail/outbox';
import type { Database, Queryable } from '../storage/database';
import type { FinanceKeyring } from './encryption';
import { insertFinanceVersion } from './versions';

/**
 * Receiving payment details: the security ID names the grantee, the answers become a new encrypted
 * version and the confirmation is queued, together or not at all. The form's route
 * (src/server/formRoutes.ts) has checked the answers against the definition first.
 */

export const UNKNOWN_SECURITY_ID_MESSAGE = 'Please make sure the Security Grantee ID is correct.';

export type StoredVersion = { id: string; version: number };

/** A grantee's payment details: a new encrypted version and its confirmation queued, in the caller's transaction. */
export async function recordFinanceDetails(tx: Queryable, granteeId: string, payload: WirePayload, keyring: FinanceKeyring): Promise<StoredVersion> {
  const stored = await insertFinanceVersion(tx, granteeId, payload, keyring);
  await enqueueApplicationEmails(tx, { financeVersionId: stored.id });
  return stored;
}

/** Payment details sent with a grantee's security ID; null when no (unrevoked) grantee has that ID. */
export async function receiveFinanceDetails(database: Database, securityId: string, payload: WirePayload, keyring: FinanceKeyring): Promise<StoredVersion | null> {
  return database.transaction(async (tx) => {
    const granteeId = await findGranteeBySecurityId(tx, securityId);
    return granteeId === null ? null : recordFinanceDetails(tx, granteeId, payload, keyring);
  });
}

/**
 * The form route's step for payment details: `values` are the validated answers (the security ID
 * among them), `payload` what is kept of them. An unknown ID stores nothing and names the field.
 */
export async function receivePaymentDetails(
  database: Database,
  input: { readonly values: FormValues; readonly payload: WirePayload; readonly keyring: FinanceKeyring },
): Promise<({ ok: true } & StoredVersion) | { ok: false; errors: FieldErrors }> {
  const stored = await receiveFinanceDetails(database, input.values[SECURITY_ID_FIELD] ?? '', input.payload, input.keyring);
  return stored === null ? { ok: false, errors: { [SECURITY_ID_FIELD]: UNKNOWN_SECURITY_ID_MESSAGE } } : { ok: true, ...stored };
}
