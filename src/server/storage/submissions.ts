import type { WirePayload } from '../../forms/definitions/types';
import type { FinanceKeyring } from '../finance/encryption';
import { sealFinancePayload } from '../finance/versions';
import { enqueueApplicationEmails } from '../mail/outbox';
import { enqueueWebhookEvent } from '../webhooks/outbox';
import { recordReceipt } from '../team/review';
import type { Database, Queryable } from './database';
import { insertSubmissionFile, type StoredFile } from './files';

/** Writes of the API: one row per accepted request, each in one transaction. */

/** The submission and its file (when it has one) commit together or not at all. */
export async function insertSubmission(database: Database, row: { form: string; endpoint: string; payload: WirePayload; upload: StoredFile | null }): Promise<string> {
  return database.transaction(async (tx) => {
    const [inserted] = await tx.query<{ id: string }>(
      `INSERT INTO submissions (form, endpoint, payload, file_original_name, file_media_type, file_size, file_sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
      [row.form, row.endpoint, JSON.stringify(row.payload), row.upload?.originalName ?? null, row.upload?.mediaType ?? null, row.upload?.size ?? null, row.upload?.sha256 ?? null],
    );
    if (!inserted) throw new Error('INSERT … RETURNING gave no row');
    if (row.upload) await insertSubmissionFile(tx, inserted.id, row.upload.bytes);
    await recordReceipt(tx, inserted.id);
    await enqueueApplicationEmails(tx, { submissionId: inserted.id });
    await enqueueWebhookEvent(tx, { submissionId: inserted.id, type: 'application.received', status: 'received', previousStatus: null });
    return inserted.id;
  });
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
  await enqueueApplicationEmails(tx, { financeVersionId: inserted.id });
  return inserted;
}
