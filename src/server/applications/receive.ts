import { isReviewedProgramme } from '../../config/programmes';
import { checkPreviousApplication, type PreviousApplication } from '../applicant/reapply';
import type { WirePayload } from '../../forms/definitions/types';
import { enqueueApplicationEmails } from '../mail/outbox';
import { roundForApplication } from '../rounds/accept';
import type { Database } from '../storage/database';
import type { StoredFile } from '../storage/files';
import { insertSubmission } from '../storage/submissions';
import { recordReceipt } from '../team/review';
import { enqueueWebhookEvent } from '../webhooks/outbox';

/**
 * The one place an application is received, once its route has checked the answers against the
 * form's definition (src/server/formRoutes.ts). Everything below commits together or not at all,
 * so an answered 201 always has its round, its history, its confirmation and its webhooks queued. Payment
 * details are received by src/server/finance/receive.ts.
 */

/**
 * `now`: the moment that picks the round (the app's clock; default the real one). `previous`: the rejected or withdrawn
 * application this one is sent again from (`?desde=`), checked and linked in the same transaction.
 */
export type ReceivedApplication = { form: string; endpoint: string; payload: WirePayload; upload: StoredFile | null; now?: Date; previous?: PreviousApplication };

/**
 * The application's id; throws a RoundRefusal (nothing stored) when no round of its programme accepts it now or its cap is
 * reached, a ReapplyRefusal (nothing stored) when the earlier application it names may not be linked.
 */
export async function receiveApplication(database: Database, application: ReceivedApplication): Promise<string> {
  const programme = application.form;
  if (!isReviewedProgramme(programme)) throw new Error(`${programme} is not a programme that takes applications`);
  return database.transaction(async (tx) => {
    const round = await roundForApplication(tx, programme, application.now ?? new Date());
    const previousId = application.previous ? await checkPreviousApplication(tx, application.previous, programme, String(application.payload.email ?? '')) : null;
    const id = await insertSubmission(tx, { ...application, roundId: round.id, previousId });
    await recordReceipt(tx, id);
    await enqueueApplicationEmails(tx, { submissionId: id });
    await enqueueWebhookEvent(tx, { submissionId: id, type: 'application.received', status: 'received', previousStatus: null });
    return id;
  });
}
