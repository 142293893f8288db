import { formDefinitions } from '../../forms/definitions';
import type { FormKey } from '../../forms/definitions/types';
import { paymentDetailsVersionIds, sentPaymentDetailsFrom } from '../finance/dataRights';
import { paymentDetailsReference } from '../finance/versions';
import { referenceOf } from '../mail/compose';
import type { Queryable } from '../storage/database';

/**
 * What the site holds about one person (an applicant's data-rights request, LGPD art. 18, GDPR
 * art. 15–17) or about some applications (the retention sweep), as the ids of every row. The same
 * collection feeds the find, the export bundle and the erasure, so the three never disagree.
 *
 * From an email (any letter case, surrounding spaces ignored):
 * - applications whose email field (every field of kind 'email' of the five forms) is that address;
 * - their files, status history, internal notes, decision emails sent and webhook deliveries;
 * - grantees issued from those applications, and grantees who sent payment details with that
 *   contact email; every payment-details version of those grantees (a grantee ID is one person's);
 * - newsletter rows of the address;
 * - emails about those applications or versions, and composed emails to the address;
 * - audit-log entries naming one of those references or the address (read only: the log is append-only).
 */

export type RecordKind = 'submissions' | 'files' | 'statusHistory' | 'notes' | 'decisionEmails' | 'grantees' | 'financeVersions' | 'newsletter' | 'emails' | 'webhooks';

/** Every kind that an erasure deletes, in the order it deletes them (rows that reference others first). */
export const ERASURE_ORDER: readonly RecordKind[] = ['webhooks', 'decisionEmails', 'emails', 'files', 'statusHistory', 'notes', 'financeVersions', 'grantees', 'submissions', 'newsletter'];

export type SubjectRecords = {
  readonly ids: Readonly<Record<RecordKind, readonly string[]>>;
  /** The applications' references (PG-000123) and the payment-details versions' (GF-000004). */
  readonly references: readonly string[];
  /** Audit-log entries that mention the person (kept: the log is evidence and refuses deletion). */
  readonly auditMentions: readonly string[];
};

export type RecordCounts = Readonly<Record<RecordKind | 'auditMentions', number>>;

export function countsOf(records: SubjectRecords): RecordCounts {
  const counts = Object.fromEntries(Object.entries(records.ids).map(([kind, ids]) => [kind, ids.length])) as Record<RecordKind, number>;
  return { ...counts, auditMentions: records.auditMentions.length };
}

/** Rows an erasure would delete (audit mentions excluded: they stay). */
export const erasableTotal = (records: SubjectRecords): number => Object.values(records.ids).reduce((sum, ids) => sum + ids.length, 0);

/** The names of the email fields of the application forms (payment details keep their contact email in a clear column). */
const APPLICATION_EMAIL_FIELDS: readonly string[] = [
  ...new Set(
    Object.values(formDefinitions)
      .filter((definition) => definition.kind === 'application')
      .flatMap((definition) => definition.fields.filter((field) => field.kind === 'email').map((field) => field.name)),
  ),
];

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const ids = async (db: Queryable, sql: string, params: readonly unknown[]): Promise<string[]> => (await db.query<{ id: string }>(sql, params)).map((row) => row.id);

export type RecordSeed = { readonly email: string } | { readonly submissionIds: readonly string[] };

/**
 * The ids of every row held about the seed. Call inside the transaction that acts on them (the
 * erasure locks the applications it found, so a status change cannot slip in between).
 */
export async function collectRecords(db: Queryable, seed: RecordSeed, options: { lock?: boolean } = {}): Promise<SubjectRecords> {
  const email = 'email' in seed ? normaliseEmail(seed.email) : null;
  // From an email: its applications; from applications (the retention sweep): those alone.
  const lock = options.lock ? 'FOR UPDATE' : '';
  const submissions =
    !('submissionIds' in seed)
      ? await db.query<{ id: string; form: FormKey }>(
          `SELECT s.id::text AS id, s.form FROM submissions s
           WHERE EXISTS (SELECT 1 FROM unnest($2::text[]) AS field(name) WHERE lower(btrim(s.payload->>field.name)) = $1)
           ORDER BY s.id ${lock}`,
          [email, APPLICATION_EMAIL_FIELDS],
        )
      : await db.query<{ id: string; form: FormKey }>(`SELECT s.id::text AS id, s.form FROM submissions s WHERE s.id = ANY($1::bigint[]) ORDER BY s.id ${lock}`, [seed.submissionIds]);
  const submissionIds = submissions.map((row) => row.id);

  // Locked too when erasing: a new payment-details version (which locks its grantee) waits, rather than arriving between the find and the delete.
  const grantees = await ids(
    db,
    `SELECT g.id::text AS id FROM grantees g
     WHERE g.submission_id = ANY($1::bigint[])
        OR ${sentPaymentDetailsFrom('g', '$2')}
     ORDER BY g.id ${lock}`,
    [submissionIds, email],
  );
  const financeVersions = await paymentDetailsVersionIds(db, grantees);
  const files = await ids(db, 'SELECT f.submission_id::text AS id FROM submission_files f WHERE f.submission_id = ANY($1::bigint[]) ORDER BY 1', [submissionIds]);
  const statusHistory = await ids(db, 'SELECT h.id::text AS id FROM application_status_history h WHERE h.submission_id = ANY($1::bigint[]) ORDER BY h.id', [submissionIds]);
  const notes = await ids(db, 'SELECT n.id::text AS id FROM application_notes n WHERE n.submission_id = ANY($1::bigint[]) ORDER BY n.id', [submissionIds]);
  const decisionEmails = await ids(db, 'SELECT d.id::text AS id FROM application_decision_emails d WHERE d.submission_id = ANY($1::bigint[]) ORDER BY d.id', [submissionIds]);
  const newsletter = email === null ? [] : await ids(db, 'SELECT n.id::text AS id FROM newsletter_subscribers n WHERE lower(btrim(n.email)) = $1 ORDER BY n.id', [email]);
  const emails = await ids(
    db,
    `SELECT m.id::text AS id FROM mail_outbox m
     WHERE m.submission_id = ANY($1::bigint[]) OR m.finance_version_id = ANY($2::bigint[]) OR ($3::text IS NOT NULL AND lower(btrim(m.recipient)) = $3)
        OR m.id IN (SELECT d.outbox_id FROM application_decision_emails d WHERE d.submission_id = ANY($1::bigint[]))
     ORDER BY m.id`,
    [submissionIds, financeVersions, email],
  );
  const webhooks = await ids(db, 'SELECT w.id::text AS id FROM webhook_outbox w WHERE w.submission_id = ANY($1::bigint[]) ORDER BY w.id', [submissionIds]);

  const references = [...submissions.map((row) => referenceOf(row.form, row.id)), ...financeVersions.map(paymentDetailsReference)];
  // A reference followed by a digit is another one (PG-100000 in PG-1000001); \m is the start of a word.
  const auditMentions = await ids(
    db,
    `SELECT a.id::text AS id FROM team_audit_log a
     WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS ref(value) WHERE a.target ~ ('\\m' || ref.value || '(?![0-9])'))
        OR ($2::text IS NOT NULL AND strpos(lower(a.target), $2) > 0)
     ORDER BY a.id`,
    [references, email],
  );
  return {
    ids: { submissions: submissionIds, files, statusHistory, notes, decisionEmails, grantees, financeVersions, newsletter, emails, webhooks },
    references,
    auditMentions,
  };
}
