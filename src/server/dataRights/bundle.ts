import { programmes } from '../../config/programmes';
import type { FormKey, WirePayload } from '../../forms/definitions/types';
import { paymentDetailsForBundle } from '../finance/dataRights';
import type { FinanceKeyring } from '../finance/encryption';
import { paymentDetailsReference } from '../finance/versions';
import { referenceOf } from '../mail/compose';
import type { Queryable } from '../storage/database';
import { readProposal } from '../team/applications';
import type { ApplicantInformationRequest, SatisfactionAnswer } from '../../api/contracts/applicant';
import { forApplicant, readInformationRequests, readSatisfaction, readWithdrawal } from '../applicant/read';
import type { ApplicantGrant, ApplicantMilestone, MilestoneReport, ReportFile } from '../../api/contracts/grants';
import type { Publication } from '../../api/contracts/openBooks';
import { readApplicantGrant, readReportFile, reportFileName } from '../grants/service';
import { NOTHING_PUBLISHED, readPublication } from '../openBooks/publication';
import { dataRightsPayments, type DataRightsPayment } from '../payments/read';
import { countsOf, normaliseEmail, type RecordCounts, type SubjectRecords } from './records';

/**
 * The export of a data-rights request (LGPD art. 18 II, GDPR art. 15 and 20): one JSON document,
 * `datos.json`, with everything collectRecords found (an application's grant with its milestones,
 * progress reports and payments included), and the uploaded files (the application's and the
 * reports') beside it under `archivos/`. The CLI writes them to a folder, the team route zips the same bundle. Payment
 * details are decrypted only when a keyring is given: by the CLI, run by whoever operates the
 * server and holds the key (as `npm run export -- --include-finance`). The team route is an admin's,
 * and only the finance role decrypts in the team area, so its bundle lists each version
 * with its clear name and contact email and `sealed: true`. A version that fails to decrypt is
 * listed as unreadable, never left out silently.
 */

export const BUNDLE_JSON = 'datos.json';
export const FILES_FOLDER = 'archivos';

const iso = (value: Date | null): string | null => (value === null ? null : new Date(value).toISOString());

export type DataRightsExport = {
  readonly exportedAt: string;
  readonly email: string;
  readonly counts: RecordCounts;
  readonly applications: ReadonlyArray<{
    reference: string;
    programme: string;
    submittedAt: string;
    status: string;
    statusChangedAt: string;
    answers: WirePayload;
    file: { name: string; mediaType: string; size: number; sha256: string; path: string } | null;
    statusHistory: ReadonlyArray<{ from: string | null; to: string; at: string }>;
    notes: ReadonlyArray<{ body: string; at: string }>;
    /** From the applicant portal: the team's questions and the applicant's answers (file names only), a withdrawal, a rating. */
    informationRequests: ReadonlyArray<ApplicantInformationRequest>;
    withdrawal: { reason: string | null; at: string } | null;
    satisfaction: SatisfactionAnswer | null;
    /** The grant of an approved application, as the grantee reads it in the portal, with every payment in full. */
    grant: DataRightsGrant | null;
  }>;
  readonly grantees: ReadonlyArray<{
    label: string;
    issuedFrom: string | null;
    createdAt: string;
    revokedAt: string | null;
    paymentDetails: ReadonlyArray<{
      reference: string;
      version: number;
      receivedAt: string;
      beneficiaryName: string;
      contactEmail: string;
      /** The payload as sent; null when sealed (no keyring) or unreadable. */
      answers: WirePayload | null;
      sealed?: true;
      unreadable?: true;
    }>;
  }>;
  readonly newsletter: ReadonlyArray<{ email: string; status: string; createdAt: string; confirmedAt: string | null; unsubscribedAt: string | null }>;
  readonly emails: ReadonlyArray<{ about: string; to: string | null; subject: string | null; status: string; createdAt: string; sentAt: string | null }>;
  readonly webhooks: ReadonlyArray<{ event: string; reference: string; status: string; createdAt: string }>;
  readonly auditMentions: ReadonlyArray<{ at: string; action: string; target: string }>;
};

/** A report as the grantee sees it (never who reviewed it), its file with its path in the bundle. */
export type DataRightsReport = Omit<MilestoneReport, 'file'> & { file: (ReportFile & { path: string }) | null };
export type DataRightsGrant = Omit<ApplicantGrant, 'milestones' | 'payments'> & {
  milestones: Array<Omit<ApplicantMilestone, 'reports'> & { reports: DataRightsReport[] }>;
  payments: DataRightsPayment[];
  /** What the grantee chose to publish on Becas otorgadas (open books), as they wrote it. */
  publication: Publication;
};

export type DataRightsBundle = { readonly document: DataRightsExport; readonly files: ReadonlyArray<{ readonly path: string; readonly bytes: Buffer }> };

type SubmissionRow = {
  id: string;
  form: FormKey;
  payload: WirePayload;
  status: string;
  status_changed_at: Date;
  created_at: Date;
  file_original_name: string | null;
  file_media_type: string | null;
  file_size: number | null;
  file_sha256: string | null;
};

/** What the applicant portal holds about an application, as the applicant sees it (no member names). */
async function portalSideOf(db: Queryable, submissionId: string, form: FormKey): Promise<Pick<DataRightsExport['applications'][number], 'informationRequests' | 'withdrawal' | 'satisfaction'>> {
  return {
    informationRequests: forApplicant(await readInformationRequests(db, submissionId, form)),
    withdrawal: await readWithdrawal(db, submissionId),
    satisfaction: await readSatisfaction(db, submissionId),
  };
}

/** An application's grant, its report files added to `files`; null when it has none. */
async function grantOf(db: Queryable, application: { form: FormKey; id: string }, files: Array<{ path: string; bytes: Buffer }>): Promise<DataRightsGrant | null> {
  const view = await readApplicantGrant(db, application.id);
  const [row] = await db.query<{ id: string }>('SELECT id::text AS id FROM grants WHERE submission_id = $1', [application.id]);
  if (!view || !row) return null;
  const { payments: _shown, milestones, ...grant } = view;
  const withFiles: DataRightsGrant['milestones'] = [];
  for (const milestone of milestones) {
    const reports: DataRightsReport[] = [];
    for (const report of milestone.reports) {
      const stored = report.file ? await readReportFile(db, { form: application.form, rowId: application.id }, milestone.id, String(report.version)) : null;
      if (!report.file || !stored) {
        reports.push({ ...report, file: null });
        continue;
      }
      const path = `${FILES_FOLDER}/${reportFileName(view.reference, milestone.id, report.version, stored.originalName, stored.mediaType)}`;
      files.push({ path, bytes: stored.bytes });
      reports.push({ ...report, file: { ...report.file, path } });
    }
    withFiles.push({ ...milestone, reports });
  }
  const publication = await readPublication(db, application.id);
  return {
    ...grant,
    milestones: withFiles,
    payments: await dataRightsPayments(db, row.id),
    publication: publication.status === 'ok' ? publication.publication : { choice: NOTHING_PUBLISHED, updatedAt: null },
  };
}

export async function buildBundle(db: Queryable, email: string, records: SubjectRecords, financeKeys: FinanceKeyring | null): Promise<DataRightsBundle> {
  const { ids } = records;
  const submissions = await db.query<SubmissionRow>(
    `SELECT id::text AS id, form, payload, status, status_changed_at, created_at, file_original_name, file_media_type, file_size, file_sha256
     FROM submissions WHERE id = ANY($1::bigint[]) ORDER BY id`,
    [ids.submissions],
  );
  const history = await db.query<{ submission_id: string; from_status: string | null; to_status: string; created_at: Date }>(
    'SELECT submission_id::text AS submission_id, from_status, to_status, created_at FROM application_status_history WHERE id = ANY($1::bigint[]) ORDER BY id',
    [ids.statusHistory],
  );
  // The note's text and date; the team member who wrote it is the team's own data.
  const notes = await db.query<{ submission_id: string; body: string; created_at: Date }>(
    'SELECT submission_id::text AS submission_id, body, created_at FROM application_notes WHERE id = ANY($1::bigint[]) ORDER BY id',
    [ids.notes],
  );
  const files: Array<{ path: string; bytes: Buffer }> = [];
  const applications: Array<DataRightsExport['applications'][number]> = [];
  for (const row of submissions) {
    const reference = referenceOf(row.form, row.id);
    let file: DataRightsExport['applications'][number]['file'] = null;
    const proposal = row.file_sha256 ? await readProposal(db, { form: row.form, rowId: row.id }) : null;
    if (proposal) {
      const path = `${FILES_FOLDER}/${proposal.downloadName}`;
      files.push({ path, bytes: proposal.bytes });
      file = { name: row.file_original_name ?? '', mediaType: row.file_media_type ?? proposal.mediaType, size: row.file_size ?? proposal.bytes.length, sha256: row.file_sha256 ?? '', path };
    }
    applications.push({
      reference,
      programme: programmes[row.form].name,
      submittedAt: iso(row.created_at)!,
      status: row.status,
      statusChangedAt: iso(row.status_changed_at)!,
      answers: row.payload,
      file,
      statusHistory: history.filter((entry) => entry.submission_id === row.id).map((entry) => ({ from: entry.from_status, to: entry.to_status, at: iso(entry.created_at)! })),
      notes: notes.filter((note) => note.submission_id === row.id).map((note) => ({ body: note.body, at: iso(note.created_at)! })),
      ...(await portalSideOf(db, row.id, row.form)),
      grant: await grantOf(db, row, files),
    });
  }

  const granteeRows = await db.query<{ id: string; label: string; submission_id: string | null; submission_form: FormKey | null; created_at: Date; revoked_at: Date | null }>(
    `SELECT g.id::text AS id, g.label, g.submission_id::text AS submission_id, s.form AS submission_form, g.created_at, g.revoked_at
     FROM grantees g LEFT JOIN submissions s ON s.id = g.submission_id WHERE g.id = ANY($1::bigint[]) ORDER BY g.id`,
    [ids.grantees],
  );
  const paymentDetails = await paymentDetailsForBundle(db, ids.financeVersions, financeKeys);
  const grantees = granteeRows.map((grantee) => ({
    label: grantee.label,
    issuedFrom: grantee.submission_id && grantee.submission_form ? referenceOf(grantee.submission_form, grantee.submission_id) : null,
    createdAt: iso(grantee.created_at)!,
    revokedAt: iso(grantee.revoked_at),
    paymentDetails: paymentDetails.get(grantee.id) ?? [],
  }));

  const newsletter = await db.query<{ email: string; status: string; created_at: Date; confirmed_at: Date | null; unsubscribed_at: Date | null }>(
    'SELECT email, status, created_at, confirmed_at, unsubscribed_at FROM newsletter_subscribers WHERE id = ANY($1::bigint[]) ORDER BY id',
    [ids.newsletter],
  );
  // An email's body may hold a secret link (and is blanked once sent): its subject and state are what it was.
  const emails = await db.query<{ submission_id: string | null; form: FormKey | null; finance_version_id: string | null; purpose: string | null; audience: string | null; recipient: string | null; subject: string | null; status: string; created_at: Date; sent_at: Date | null }>(
    `SELECT m.submission_id::text AS submission_id, s.form, m.finance_version_id::text AS finance_version_id, m.purpose, m.audience, m.recipient, m.subject, m.status, m.created_at, m.sent_at
     FROM mail_outbox m LEFT JOIN submissions s ON s.id = m.submission_id WHERE m.id = ANY($1::bigint[]) ORDER BY m.id`,
    [ids.emails],
  );
  const webhooks = await db.query<{ event: string; form: FormKey; submission_id: string; status: string; created_at: Date }>(
    `SELECT w.event, s.form, w.submission_id::text AS submission_id, w.status, w.created_at
     FROM webhook_outbox w JOIN submissions s ON s.id = w.submission_id WHERE w.id = ANY($1::bigint[]) ORDER BY w.id`,
    [ids.webhooks],
  );
  const audit = await db.query<{ at: Date; action: string; target: string }>('SELECT at, action, target FROM team_audit_log WHERE id = ANY($1::bigint[]) ORDER BY id', [records.auditMentions]);

  const document: DataRightsExport = {
    exportedAt: new Date().toISOString(),
    email,
    counts: countsOf(records),
    applications,
    grantees,
    newsletter: newsletter.map((row) => ({ email: row.email, status: row.status, createdAt: iso(row.created_at)!, confirmedAt: iso(row.confirmed_at), unsubscribedAt: iso(row.unsubscribed_at) })),
    emails: emails.map((row) => ({
      about:
        row.purpose ??
        (row.submission_id && row.form
          ? `${row.audience ?? 'applicant'} ${referenceOf(row.form, row.submission_id)}`
          : `${row.audience ?? 'applicant'} ${paymentDetailsReference(row.finance_version_id ?? '0')}`),
      to: row.recipient,
      subject: row.subject,
      status: row.status,
      createdAt: iso(row.created_at)!,
      sentAt: iso(row.sent_at),
    })),
    webhooks: webhooks.map((row) => ({ event: row.event, reference: referenceOf(row.form, row.submission_id), status: row.status, createdAt: iso(row.created_at)! })),
    auditMentions: audit.map((row) => ({ at: iso(row.at)!, action: row.action, target: row.target })),
  };
  return { document, files };
}

type ExportedApplication = DataRightsExport['applications'][number];
type ExportedGrantee = DataRightsExport['grantees'][number];

type WithoutPath<File> = File extends { path: string } ? Omit<File, 'path'> : File;
type ApplicantGrantCopy = Omit<DataRightsGrant, 'milestones'> & {
  milestones: Array<Omit<DataRightsGrant['milestones'][number], 'reports'> & { reports: Array<Omit<DataRightsReport, 'file'> & { file: WithoutPath<DataRightsReport['file']> }> }>;
};

/** The applicant's copy is one JSON file: their files are named, not placed (they download them from the portal). */
export type ApplicantDataExport = Pick<DataRightsExport, 'exportedAt' | 'email' | 'newsletter' | 'emails'> & {
  readonly applications: ReadonlyArray<Omit<ExportedApplication, 'notes' | 'file' | 'grant'> & { file: WithoutPath<ExportedApplication['file']>; grant: ApplicantGrantCopy | null }>;
  /** The team's label of a grantee ID is the team's own name for it: left out. */
  readonly grantees: ReadonlyArray<Omit<ExportedGrantee, 'paymentDetails' | 'label'> & { paymentDetails: Array<Pick<ExportedGrantee['paymentDetails'][number], 'reference' | 'version' | 'receivedAt'>> }>;
};

/** An email the applicant was sent: an application's email to its applicant (about "applicant PG-…") or a composed one to their address. */
const sentToApplicant = (email: DataRightsExport['emails'][number], address: string): boolean =>
  email.to === null ? email.about.startsWith('applicant ') : normaliseEmail(email.to) === address;

const withoutPath = <File extends { path: string }>(file: File | null): Omit<File, 'path'> | null => {
  if (file === null) return null;
  const { path: _inTheBundle, ...rest } = file;
  return rest;
};

/**
 * The applicant's own copy (GET /api/applicant/data): what they gave and what the team told them, and nothing that
 * names a member or holds the team's deliberation. So: no internal notes, no audit mentions (their targets name
 * reviewers, their declarations and who downloaded what), no webhook deliveries (the team's integrations), no email
 * but those to the applicant, no counts of what was left out, and payment details reduced to which versions arrived
 * and when (without the team's label of the grantee ID). Reports carry the team's decision and comment (told to the
 * grantee), never who reviewed them.
 * The team's bundle (the same collection) keeps all of it: it is the team's tool to answer a request or check an erasure.
 */
export function applicantCopyOf(document: DataRightsExport): ApplicantDataExport {
  return {
    exportedAt: document.exportedAt,
    email: document.email,
    applications: document.applications.map(({ notes: _internal, file, grant, ...application }) => ({
      ...application,
      file: withoutPath(file),
      grant: grant && {
        ...grant,
        milestones: grant.milestones.map((milestone) => ({ ...milestone, reports: milestone.reports.map((report) => ({ ...report, file: withoutPath(report.file) })) })),
      },
    })),
    grantees: document.grantees.map(({ label: _teams, ...grantee }) => ({
      ...grantee,
      paymentDetails: grantee.paymentDetails.map(({ reference, version, receivedAt }) => ({ reference, version, receivedAt })),
    })),
    newsletter: document.newsletter,
    emails: document.emails.filter((email) => sentToApplicant(email, document.email)),
  };
}
