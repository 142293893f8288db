import { hasMarkup, PUBLICATION_MESSAGES, type Publication, type PublicationChoice } from '../../api/contracts/openBooks';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import { APPLICANT_ACTOR, type AuditAction } from '../../lib/team';
import type { FinanceKeyring } from '../finance/encryption';
import { referenceOf } from '../mail/compose';
import { enqueue } from '../outbox/enqueue';
import type { Queryable } from '../storage/database';
import type { ReviewedForm } from '../mail/decisions';
import { recordAudit } from '../team/audit';

/**
 * The grantee's consent to open books (issue 51): what of their grant the public list shows
 * (src/server/openBooks/published.ts). Read and written only through the applicant's own application
 * (the routes check the session's ownership first). A change is checked whole before anything is
 * written, then stored, audited (actor APPLICANT_ACTOR) and, when it publishes or withdraws, announced
 * by webhook in the same transaction.
 *
 * Webhooks: `grant.published` when the grant goes from unpublished (or never chosen) to published,
 * `grant.unpublished` when it goes back. A change while published (a new description, amounts shown
 * or hidden) sends none: the event says that the grant entered or left the public list, and a
 * collector reads what is shown from the list or the feed itself, which follow at once.
 */

/** Everything off and empty: what a grant shows before its grantee chooses (nothing). */
export const NOTHING_PUBLISHED: PublicationChoice = { publish: false, projectName: '', description: '', showAmount: false, showMilestones: false, showPayments: false };

type PublicationRow = {
  publish: boolean;
  project_name: string;
  description: string;
  show_amount: boolean;
  show_milestones: boolean;
  show_payments: boolean;
  updated_at: Date;
};

const choiceOf = (row: PublicationRow): PublicationChoice => ({
  publish: row.publish,
  projectName: row.project_name,
  description: row.description,
  showAmount: row.show_amount,
  showMilestones: row.show_milestones,
  showPayments: row.show_payments,
});

/** The application's grant id, or null when it has none (locked for a change when asked). */
async function grantIdOf(db: Queryable, submissionId: string, lock: boolean): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(`SELECT id::text AS id FROM grants WHERE submission_id = $1${lock ? ' FOR UPDATE' : ''}`, [submissionId]);
  return row?.id ?? null;
}

async function storedPublication(db: Queryable, grantId: string): Promise<Publication> {
  const [row] = await db.query<PublicationRow>(
    'SELECT publish, project_name, description, show_amount, show_milestones, show_payments, updated_at FROM grant_publications WHERE grant_id = $1',
    [grantId],
  );
  return row ? { choice: choiceOf(row), updatedAt: new Date(row.updated_at).toISOString() } : { choice: NOTHING_PUBLISHED, updatedAt: null };
}

export type PublicationOutcome = { readonly status: 'no-grant' } | { readonly status: 'invalid'; readonly message: string } | { readonly status: 'ok'; readonly publication: Publication };

/** The choice of an application already checked as the caller's; `no-grant` when it has no grant. */
export async function readPublication(db: Queryable, submissionId: string): Promise<PublicationOutcome> {
  const grantId = await grantIdOf(db, submissionId, false);
  return grantId === null ? { status: 'no-grant' } : { status: 'ok', publication: await storedPublication(db, grantId) };
}

/** The refusal of a choice the schema let through (length and control characters are the schema's), or null. */
export function refusalOf(choice: PublicationChoice): string | null {
  if (hasMarkup(choice.projectName)) return PUBLICATION_MESSAGES.nameMarkup;
  if (hasMarkup(choice.description)) return PUBLICATION_MESSAGES.descriptionMarkup;
  if (choice.publish && choice.projectName.trim() === '') return PUBLICATION_MESSAGES.nameNeeded;
  return null;
}

const yesNo = (value: boolean): string => (value ? 'sí' : 'no');

/**
 * Stores the grantee's choice on their application's grant (`application` already checked as theirs
 * and locked, in the caller's transaction). The name and description are kept trimmed.
 */
export async function savePublication(
  tx: Queryable,
  input: { readonly application: { readonly id: string; readonly form: ReviewedForm; readonly status: ApplicationStatus }; readonly choice: PublicationChoice; readonly keys: FinanceKeyring },
): Promise<PublicationOutcome> {
  const choice: PublicationChoice = { ...input.choice, projectName: input.choice.projectName.trim(), description: input.choice.description.trim() };
  const refusal = refusalOf(choice);
  if (refusal !== null) return { status: 'invalid', message: refusal };
  const grantId = await grantIdOf(tx, input.application.id, true);
  if (grantId === null) return { status: 'no-grant' };
  const before = await storedPublication(tx, grantId);
  await tx.query(
    `INSERT INTO grant_publications (grant_id, publish, project_name, description, show_amount, show_milestones, show_payments, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (grant_id) DO UPDATE SET publish = EXCLUDED.publish, project_name = EXCLUDED.project_name, description = EXCLUDED.description,
       show_amount = EXCLUDED.show_amount, show_milestones = EXCLUDED.show_milestones, show_payments = EXCLUDED.show_payments, updated_at = now()`,
    [grantId, choice.publish, choice.projectName, choice.description, choice.showAmount, choice.showMilestones, choice.showPayments],
  );
  const wasPublished = before.choice.publish;
  const action: AuditAction = choice.publish && !wasPublished ? 'applicant-publish-grant' : !choice.publish && wasPublished ? 'applicant-unpublish-grant' : 'applicant-change-publication';
  const reference = referenceOf(input.application.form, input.application.id);
  const parts = choice.publish ? ` monto=${yesNo(choice.showAmount)} hitos=${yesNo(choice.showMilestones)} pagos=${yesNo(choice.showPayments)}` : '';
  await recordAudit(tx, { actor: APPLICANT_ACTOR, action, target: `${reference}${parts}` });
  if (choice.publish !== wasPublished) {
    const type = choice.publish ? 'grant.published' : 'grant.unpublished';
    const status = input.application.status;
    await enqueue(tx, { kind: 'webhook', payload: { submissionId: input.application.id, type, status, previousStatus: status } }, input.keys);
  }
  return { status: 'ok', publication: await storedPublication(tx, grantId) };
}
