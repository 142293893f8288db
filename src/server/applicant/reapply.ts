import { REAPPLY_MESSAGES, type ApplicationPrefill } from '../../api/contracts/applicant';
import { formDefinitions } from '../../forms/definitions';
import type { FormValues } from '../../forms/definitions/types';
import { APPLICANT_ACTOR } from '../../lib/team';
import { referenceOf } from '../mail/compose';
import { recordAudit } from '../team/audit';
import type { Queryable } from '../storage/database';
import { normaliseEmail } from '../dataRights/records';
import { canBeSentAgain } from './reapplyRules';
import { ownedApplication, type OwnedRow } from './service';

/**
 * Reapplying without starting over (issue 52): a rejected or withdrawn applicant, signed in by link, opens the
 * programme's public form filled with that application's answers (never its file), changes what they want and sends
 * it as a new application, linked to the old one (submissions.previous_submission_id, migration 24). Nothing is sent
 * for them: the public form's own submit sends it, and the form endpoint checks the link (checkPreviousApplication).
 */

/** The answers as the public form holds them: every field but the file and the captcha. */
function formValuesOf(row: OwnedRow): FormValues {
  const definition = formDefinitions[row.form];
  const values = definition.fromPayload(row.payload);
  const kept = definition.fields.filter((field) => field.kind !== 'file' && field.kind !== 'captcha' && !field.neverStored);
  return Object.fromEntries(kept.filter((field) => typeof values[field.name] === 'string').map((field) => [field.name, values[field.name]!]));
}

export type PrefillOutcome = { readonly status: 'not-found' } | { readonly status: 'not-settled' } | { readonly status: 'ready'; readonly prefill: ApplicationPrefill };

/** The prefill of the public form from one of the address's applications, if it may be sent again. */
export async function prefillOf(db: Queryable, email: string, reference: string): Promise<PrefillOutcome> {
  const row = await ownedApplication(db, email, reference);
  if (!row) return { status: 'not-found' };
  if (!canBeSentAgain(row.status)) return { status: 'not-settled' };
  await recordAudit(db, { actor: APPLICANT_ACTOR, action: 'applicant-view', target: referenceOf(row.form, row.id) });
  return {
    status: 'ready',
    prefill: { reference: referenceOf(row.form, row.id), form: row.form, values: formValuesOf(row), fileName: row.file_sha256 ? (row.file_original_name ?? null) : null },
  };
}

/** A new application refused because of the earlier one it names: nothing is stored (REAPPLY_MESSAGES). */
export class ReapplyRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** What a form endpoint was told about the earlier application: its `?desde=` reference and the session's address (null: signed out). */
export type PreviousApplication = { readonly reference: string; readonly sessionEmail: string | null };

/**
 * The id of the earlier application a new one of `form`, whose email answer is `newEmail`, was sent again from, when
 * the session (null when signed out) owns it, it is rejected or withdrawn, of the same programme, and the new
 * application is the session's too; a ReapplyRefusal otherwise. Run it in the transaction that stores the new one.
 */
export async function checkPreviousApplication(tx: Queryable, previous: PreviousApplication, form: string, newEmail: string): Promise<string> {
  if (previous.sessionEmail === null) throw new ReapplyRefusal(401, REAPPLY_MESSAGES.signedOut);
  const row = await ownedApplication(tx, previous.sessionEmail, previous.reference, true);
  if (!row) throw new ReapplyRefusal(404, REAPPLY_MESSAGES.notFound);
  if (!canBeSentAgain(row.status)) throw new ReapplyRefusal(409, REAPPLY_MESSAGES.notSettled);
  if (row.form !== form) throw new ReapplyRefusal(409, REAPPLY_MESSAGES.otherProgramme);
  if (normaliseEmail(newEmail) !== previous.sessionEmail) throw new ReapplyRefusal(409, REAPPLY_MESSAGES.otherEmail);
  return row.id;
}
