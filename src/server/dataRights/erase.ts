import type { Database, Queryable } from '../storage/database';
import type { AuditAction } from '../../lib/team';
import { FINANCE_VERSIONS_TABLE } from '../finance/versions';
import { recordAudit } from '../team/audit';
import { forgetApplicant } from '../applicant/sessions';
import { collectRecords, countsOf, ERASURE_ORDER, normaliseEmail, type RecordCounts, type RecordKind, type RecordSeed } from './records';

/**
 * Erasure (LGPD art. 18 VI, GDPR art. 17, Ley 25.326 art. 16): every row collectRecords finds is
 * deleted in one transaction, rows that reference others first, and the append-only audit log gets a
 * tombstone: who, when, and how many records of each kind, never an address, a name or a reference.
 * An application's grant, its milestones and reports go with it (ON DELETE CASCADE); its payments stay, as the
 * programme's accounts must keep them (accounting and tax law; GDPR art. 17(3)(b), LGPD art. 16), stripped of the
 * person (no grant, milestone, destination or payment-details version) and tied to the tombstone (migration 18).
 * The data-rights routes, the CLI and the retention sweep all erase through eraseInTransaction.
 */

/** The table and id column of each kind. */
const TABLES: Readonly<Record<RecordKind, { table: string; id: string }>> = {
  webhooks: { table: 'webhook_outbox', id: 'id' },
  emails: { table: 'mail_outbox', id: 'id' },
  files: { table: 'submission_files', id: 'submission_id' },
  statusHistory: { table: 'application_status_history', id: 'id' },
  notes: { table: 'application_notes', id: 'id' },
  decisionEmails: { table: 'application_decision_emails', id: 'id' },
  financeVersions: { table: FINANCE_VERSIONS_TABLE, id: 'id' },
  grantees: { table: 'grantees', id: 'id' },
  submissions: { table: 'submissions', id: 'id' },
  newsletter: { table: 'newsletter_subscribers', id: 'id' },
};

/** The tombstone's text: counts only, e.g. "submissions=1 files=1 statusHistory=2 …". */
export const tombstoneOf = (counts: RecordCounts): string => ERASURE_ORDER.map((kind) => `${kind}=${counts[kind]}`).join(' ');

/** `keptPayments`: the grants' payment records kept without the person, tied to the tombstone. */
export type Erasure = { readonly counts: RecordCounts; readonly keptPayments: number };

/** The payments of the applications' grants, kept without the person and tied to the tombstone (see above). */
async function keepPayments(tx: Queryable, submissionIds: readonly string[], tombstone: string): Promise<number> {
  const kept = await tx.query<{ id: string }>(
    `UPDATE grant_payments p SET erased_in = $2, erased_grant_currency = g.currency,
       erased_milestone_position = (SELECT m.position FROM grant_milestones m WHERE m.id = p.milestone_id),
       grant_id = NULL, milestone_id = NULL, details_version = NULL,
       destination_ciphertext = NULL, destination_iv = NULL, destination_auth_tag = NULL, destination_key_id = NULL
     FROM grants g WHERE g.id = p.grant_id AND g.submission_id = ANY($1::bigint[]) RETURNING p.id::text AS id`,
    [submissionIds, tombstone],
  );
  return kept.length;
}

/** Collects (locking the applications), deletes and leaves the tombstone; call inside a transaction. */
export async function eraseInTransaction(tx: Queryable, seed: RecordSeed, audit: { actor: string; action: Extract<AuditAction, 'erase-personal-data' | 'retention-erase'> }): Promise<Erasure> {
  const records = await collectRecords(tx, seed, { lock: true });
  const counts = countsOf(records);
  const tombstone = await recordAudit(tx, { actor: audit.actor, action: audit.action, target: tombstoneOf(counts) });
  const keptPayments = await keepPayments(tx, records.ids.submissions, tombstone);
  for (const kind of ERASURE_ORDER) {
    const ids = records.ids[kind];
    if (ids.length === 0) continue;
    const { table, id } = TABLES[kind];
    await tx.query(`DELETE FROM ${table} WHERE ${id} = ANY($1::bigint[])`, [ids]);
  }
  // The applicant portal's sessions and links of the address end, and its erasure request is met.
  if ('email' in seed) await forgetApplicant(tx, normaliseEmail(seed.email));
  return { counts, keptPayments };
}

/** Erases everything held for an email address, on request. */
export function erasePersonalData(database: Database, email: string, actor: string): Promise<Erasure> {
  return database.transaction((tx) => eraseInTransaction(tx, { email }, { actor, action: 'erase-personal-data' }));
}
