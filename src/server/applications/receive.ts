import type { WirePayload } from '../../forms/definitions/types';
import type { FinanceKeyring } from '../finance/encryption';
import { insertFinanceVersion } from '../finance/versions';
import { findGranteeBySecurityId } from '../grantees';
import { enqueueApplicationEmails } from '../mail/outbox';
import type { Database, Queryable } from '../storage/database';
import type { StoredFile } from '../storage/files';
import { insertSubmission } from '../storage/submissions';
import { recordReceipt } from '../team/review';
import { enqueueWebhookEvent } from '../webhooks/outbox';

/**
 * The one place an application is received, once its route has checked the answers against the
 * form's definition (src/server/formRoutes.ts). Everything below commits together or not at all,
 * so an answered 201 always has its history, its confirmation and its webhooks queued.
 */

export type ReceivedApplication = { form: string; endpoint: string; payload: WirePayload; upload: StoredFile | null };

export async function receiveApplication(database: Database, application: ReceivedApplication): Promise<string> {
  return database.transaction(async (tx) => {
    const id = await insertSubmission(tx, application);
    await recordReceipt(tx, id);
    await enqueueApplicationEmails(tx, { submissionId: id });
    await enqueueWebhookEvent(tx, { submissionId: id, type: 'application.received', status: 'received', previousStatus: null });
    return id;
  });
}

/** A grantee's payment details: a new encrypted version and its confirmation queued, in the caller's transaction. */
export async function recordFinanceDetails(tx: Queryable, granteeId: string, payload: WirePayload, keyring: FinanceKeyring): Promise<{ id: string; version: number }> {
  const stored = await insertFinanceVersion(tx, granteeId, payload, keyring);
  await enqueueApplicationEmails(tx, { financeVersionId: stored.id });
  return stored;
}

/** Payment details sent with a grantee's security ID; null when no (unrevoked) grantee has that ID. */
export async function receiveFinanceDetails(database: Database, securityId: string, payload: WirePayload, keyring: FinanceKeyring): Promise<{ id: string; version: number } | null> {
  return database.transaction(async (tx) => {
    const granteeId = await findGranteeBySecurityId(tx, securityId);
    return granteeId === null ? null : recordFinanceDetails(tx, granteeId, payload, keyring);
  });
}
