import type { ReviewAggregate } from '../../api/contracts/teamApplications';
import { programmes } from '../../config/programmes';
import { formDefinitions, isReviewedForm } from '../../forms/definitions';
import type { FormKey, WirePayload } from '../../forms/definitions/types';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import { answerFields } from '../export/table';
import { sniffFileType } from '../fileType';
import type { FinanceKeyring } from '../finance/encryption';
import { paymentDetailsListing, readPaymentDetailsVersion } from '../finance/views';
import { referenceOf } from '../mail/compose';
import type { Queryable } from '../storage/database';
import { readSubmissionFile } from '../storage/files';
import { answersMatch } from '../storage/search';

/**
 * The team's read model of applications: submissions of the five public forms and grantee
 * finance versions, addressed by their reference (PG-000123, GF-000004), which is what the team
 * already sees in emails. Which forms a member may read is decided by the caller (routes.ts).
 */
export const APPLICATIONS_PAGE_SIZE = 25;

export type ApplicationKey = { readonly form: FormKey; readonly rowId: string };

const FORM_BY_PREFIX = new Map(Object.entries(programmes).map(([form, programme]) => [programme.referencePrefix, form as FormKey]));

/** The form and row of a reference; null for anything that is not one (the caller answers 404). */
export function parseReference(reference: string): ApplicationKey | null {
  const match = /^([A-Z]{2})-(\d{6,12})$/.exec(reference);
  if (!match) return null;
  const form = FORM_BY_PREFIX.get(match[1]!);
  const rowId = match[2]!.replace(/^0+/, '');
  if (!form || rowId === '' || referenceOf(form, rowId) !== reference) return null;
  return { form, rowId };
}

export type ApplicationFilter = {
  readonly forms: readonly FormKey[];
  readonly since: Date | null;
  readonly before: Date | null;
  readonly search: string | null;
  readonly page: number;
  /** Only these review statuses (grantee finance, which has none, is then left out); null: any. */
  readonly statuses?: readonly ApplicationStatus[] | null;
  /** Only applications assigned to this member id, or (memberId null) to nobody; null: anyone's. */
  readonly assignee?: { readonly memberId: string | null } | null;
};

export type ApplicationListItem = {
  id: string;
  reference: string;
  form: FormKey;
  name: string;
  organisation: string;
  submittedAt: string;
  hasFile: boolean;
  /** The review status; null for grantee finance, which is not reviewed. */
  status: ApplicationStatus | null;
  assignee: { id: string; email: string } | null;
  reviewers: Array<{ id: string; email: string }>;
  aggregate: ReviewAggregate | null;
  blind: boolean;
};

type ListRow = {
  form: FormKey;
  id: string;
  first: string | null;
  last: string | null;
  organisation: string;
  created_at: Date;
  has_file: boolean;
  status: ApplicationStatus | null;
  assignee_id: string | null;
  assignee_email: string | null;
  total: number;
};

const joinName = (first: string | undefined, last: string | undefined): string => [first, last].filter(Boolean).join(' ');

export async function listApplications(db: Queryable, filter: ApplicationFilter): Promise<{ items: ApplicationListItem[]; total: number; page: number; pageSize: number }> {
  const range = (column: string) => `($2::timestamptz IS NULL OR ${column} >= $2) AND ($3::timestamptz IS NULL OR ${column} < $3)`;
  const statuses = filter.statuses ?? null;
  const assignee = filter.assignee ?? null;
  const rows = await db.query<ListRow>(
    `SELECT form, id::text AS id, first, last, organisation, created_at, has_file, status, assignee_id::text AS assignee_id, assignee_email, count(*) OVER ()::int AS total FROM (
       SELECT s.form, s.id, s.payload->>'firstName' AS first, s.payload->>'lastName' AS last, COALESCE(s.payload->>'company', '') AS organisation,
              s.created_at, s.file_sha256 IS NOT NULL AS has_file, s.status, first_reviewer.member_id AS assignee_id, m.email AS assignee_email
       FROM submissions s
       LEFT JOIN LATERAL (SELECT a.member_id FROM review_assignments a WHERE a.submission_id = s.id ORDER BY a.assigned_at, a.member_id LIMIT 1) first_reviewer ON true
       LEFT JOIN team_members m ON m.id = first_reviewer.member_id
       WHERE s.form = ANY($1::text[]) AND ${range('s.created_at')} AND ${answersMatch('s', '$4')}
         AND ($7::text[] IS NULL OR s.status = ANY($7::text[]))
         AND (NOT $8::boolean OR CASE WHEN $9::bigint IS NULL THEN first_reviewer.member_id IS NULL
              ELSE EXISTS (SELECT 1 FROM review_assignments a WHERE a.submission_id = s.id AND a.member_id = $9::bigint) END)
       UNION ALL
       ${paymentDetailsListing({ forms: '$1', inRange: range, search: '$4', reviewOnly: '$7::text[] IS NOT NULL OR $8::boolean' })}
     ) applications
     ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6`,
    [filter.forms, filter.since, filter.before, filter.search, APPLICATIONS_PAGE_SIZE, (filter.page - 1) * APPLICATIONS_PAGE_SIZE, statuses, assignee !== null, assignee?.memberId ?? null],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filter.page > 1) {
    // Past the last page: the count still says how many there are.
    total = (await listApplications(db, { ...filter, page: 1 })).total;
  }
  return {
    items: rows.map((row) => {
      const reference = referenceOf(row.form, row.id);
      return {
        id: reference,
        reference,
        form: row.form,
        name: joinName(row.first ?? undefined, row.last ?? undefined),
        organisation: row.organisation,
        submittedAt: new Date(row.created_at).toISOString(),
        hasFile: row.has_file,
        status: row.status,
        assignee: row.assignee_id && row.assignee_email ? { id: row.assignee_id, email: row.assignee_email } : null,
        reviewers: row.assignee_id && row.assignee_email ? [{ id: row.assignee_id, email: row.assignee_email }] : [],
        aggregate: row.status === null ? null : { score: null, reviewsDone: 0, reviewsAssigned: 0, spread: null, disagreement: false },
        blind: false,
      };
    }),
    total,
    page: filter.page,
    pageSize: APPLICATIONS_PAGE_SIZE,
  };
}

export type ApplicationDetail = {
  id: string;
  reference: string;
  form: FormKey;
  programme: string;
  submittedAt: string;
  sections: Array<{ title: string; answers: Array<{ name: string; label: string; value: string }> }>;
  file: { name: string; mediaType: string; size: number } | null;
  /** Grantee finance only: set (and no answers) when the stored payment details could not be decrypted. */
  unreadable?: string;
};

/** Shown instead of payment details that fail to decrypt: the operator's log and the audit log say which. */
export const UNREADABLE_PAYMENT_DETAILS =
  'No pudimos descifrar estos datos de pago: la clave con que se cifraron no está configurada o el registro fue alterado. No se muestran.';

/** Every answer the applicant sent, under its form label, in the form's section order; options by their label. */
export function answersBySection(form: FormKey, payload: WirePayload): ApplicationDetail['sections'] {
  const definition = formDefinitions[form];
  const values = definition.fromPayload(payload);
  const fields = answerFields(definition).filter((field) => Object.hasOwn(payload, field.name));
  return definition.sections
    .map((section) => ({
      title: section.title,
      answers: fields
        .filter((field) => field.section === section.id)
        .map((field) => {
          const value = values[field.name] ?? '';
          const option = field.options?.find((candidate) => candidate.value === value);
          return { name: field.name, label: field.label, value: option ? option.label : value };
        }),
    }))
    .filter((section) => section.answers.length > 0);
}

/**
 * One application. Payment details are decrypted with the keyring (src/server/finance/views.ts; the caller has checked the
 * role and audits the view); a version that fails to decrypt comes back with `unreadable` and no answers.
 */
export async function readApplication(db: Queryable, key: ApplicationKey, financeKeys: FinanceKeyring): Promise<ApplicationDetail | null> {
  const reference = referenceOf(key.form, key.rowId);
  const head = { id: reference, reference, form: key.form, programme: programmes[key.form].name };
  if (!isReviewedForm(key.form)) {
    const version = await readPaymentDetailsVersion(db, key.rowId, financeKeys);
    if (!version) return null;
    const submittedAt = version.createdAt.toISOString();
    if (version.payload === null) return { ...head, submittedAt, sections: [], file: null, unreadable: UNREADABLE_PAYMENT_DETAILS };
    return { ...head, submittedAt, sections: answersBySection(key.form, version.payload), file: null };
  }
  const [row] = await db.query<{ payload: WirePayload; created_at: Date; file_original_name: string | null; file_media_type: string | null; file_size: number | null; file_sha256: string | null }>(
    'SELECT payload, created_at, file_original_name, file_media_type, file_size, file_sha256 FROM submissions WHERE id = $1 AND form = $2',
    [key.rowId, key.form],
  );
  if (!row) return null;
  const file = row.file_sha256 && row.file_media_type ? { name: row.file_original_name ?? 'unnamed', mediaType: row.file_media_type, size: row.file_size ?? 0 } : null;
  return { ...head, submittedAt: new Date(row.created_at).toISOString(), sections: answersBySection(key.form, row.payload), file };
}

export type Proposal = { readonly bytes: Buffer; readonly mediaType: string; readonly downloadName: string };

/** ASCII letters, digits, dot, dash and underscore only: safe in a header and on every filesystem. */
export function safeDownloadName(reference: string, originalName: string, extension: string): string {
  const base = originalName
    .normalize('NFKD')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, 80);
  return `${reference}${base ? `-${base}` : ''}.${extension}`;
}

/** The uploaded proposal of a submission, typed by its content (sniffed again, never the applicant's claim). */
export async function readProposal(db: Queryable, key: ApplicationKey): Promise<Proposal | null> {
  if (!isReviewedForm(key.form)) return null;
  // The row must be of the reference's form too: PG-000007 never opens small grants' file 7.
  const [owner] = await db.query('SELECT 1 FROM submissions WHERE id = $1 AND form = $2', [key.rowId, key.form]);
  const file = owner ? await readSubmissionFile(db, key.rowId) : null;
  if (!file) return null;
  const type = (await sniffFileType(file.bytes)) ?? { mediaType: 'application/octet-stream', extension: 'bin' };
  return { bytes: file.bytes, mediaType: type.mediaType, downloadName: safeDownloadName(referenceOf(key.form, key.rowId), file.originalName, type.extension) };
}
