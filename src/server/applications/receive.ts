import type { WirePayload } from '../../forms/definitions/types';
import { enqueueApplicationEmails } from '../mail/outbox';
import type { Database } from '../storage/database';
import type { StoredFile } from '../storage/files';
import { insertSubmission } from '../storage/submissions';
import { recordReceipt } from '../team/review';
import { enqueueWebhookEvent } from '../webhooks/outbox';

/**
 * The one place an application is received, once its route has checked the answers against the
 * form's definition (src/server/formRoutes.ts). Everything below commits together or not at all,
 * so an answered 201 always has its history, its confirmation and its webhooks queued. Payment
 * details are received by src/server/finance/receive.ts.
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
