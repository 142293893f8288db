import { readReapplication } from '../applicant/reapplyRules';
import type { ApplicationSummary } from '../../api/contracts/teamApplications';
import type { MemberRef } from '../../api/contracts/common';
import { programmes } from '../../config/programmes';
import { formDefinitions, isPaymentDetailsForm, isReviewedForm } from '../../forms/definitions';
import type { FormKey, WirePayload } from '../../forms/definitions/types';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import { answerFields } from '../export/table';
import { sniffFileType } from '../fileType';
import type { FinanceKeyring } from '../finance/encryption';
import { paymentDetailsListing, readPaymentDetailsVersion } from '../finance/views';
import { referenceOf } from '../mail/compose';
import type { Queryable } from '../storage/database';
import { readSubmissionFile } from '../storage/files';
import { hidesIdentity, HIDDEN_ANSWER, type BlindContext } from './blind';
import { aggregateOf, OPERATOR, orderOf, reviewColumns, reviewedFrom, reviewOnly, SqlParameters, submissionConditions, viewerTerms, type InboxFilter, type ReviewColumns, type Viewer } from './inboxFilter';

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

export type ApplicationFilter = InboxFilter & {
  readonly forms: readonly FormKey[];
  readonly page: number;
};

export type ApplicationListItem = ApplicationSummary;

type ListRow = ReviewColumns & {
  form: FormKey;
  id: string;
  first: string | null;
  last: string | null;
  organisation: string;
  created_at: Date;
  has_file: boolean;
  status: ApplicationStatus | null;
  total: number;
  /** Null for payment details (no round). */
  round_id: string | null;
};

const joinName = (first: string | undefined, last: string | undefined): string => [first, last].filter(Boolean).join(' ');


/** Each application's reviewers, by submission id, in the order they were assigned. */
export async function reviewersOf(db: Queryable, submissionIds: readonly string[]): Promise<Map<string, MemberRef[]>> {
  const rows = submissionIds.length
    ? await db.query<{ submission_id: string; id: string; email: string }>(
        `SELECT a.submission_id::text AS submission_id, m.id::text AS id, m.email FROM review_assignments a JOIN team_members m ON m.id = a.member_id
         WHERE a.submission_id = ANY($1::bigint[]) ORDER BY a.assigned_at, a.member_id`,
        [submissionIds],
      )
    : [];
  const reviewers = new Map<string, MemberRef[]>();
  for (const row of rows) reviewers.set(row.submission_id, [...(reviewers.get(row.submission_id) ?? []), { id: row.id, email: row.email }]);
  return reviewers;
}

/** The versions of payment details the filter lists, as rows of the listing's page (src/server/finance/views.ts). */
function paymentDetailsRows(parameters: SqlParameters, filter: ApplicationFilter, forms: string): string {
  const since = parameters.add(filter.since);
  const before = parameters.add(filter.before ?? null);
  const range = (column: string) => `(${since}::timestamptz IS NULL OR ${column} >= ${since}) AND (${before}::timestamptz IS NULL OR ${column} < ${before})`;
  const listing = paymentDetailsListing({ forms, inRange: range, search: parameters.add(filter.search ?? null), reviewOnly: String(reviewOnly(filter)) });
  return `UNION ALL
         SELECT p.form, p.id, p.first, p.organisation, p.created_at, p.status, p.has_file, true, NULL::numeric, 0, 0, NULL::numeric, false, false, false, NULL::text, false FROM (
           ${listing}
         ) p (form, id, first, last, organisation, created_at, has_file, status, assignee_id, assignee_email)`;
}

/**
 * One page of the inbox for this viewer: the filter of src/server/team/inboxFilter.ts, each row with its reviewers and
 * aggregate (kept from whoever may not read scores yet), identifying answers hidden by blind review, and an application
 * withheld from its assigned reviewer (conflict not declared yet, or declared) reduced to its reference.
 */
export async function listApplications(db: Queryable, filter: ApplicationFilter, viewer: Viewer = OPERATOR): Promise<{ items: ApplicationListItem[]; total: number; page: number; pageSize: number }> {
  const parameters = new SqlParameters();
  const terms = viewerTerms(parameters, viewer);
  const forms = parameters.add(filter.forms);
  const conditions = submissionConditions(parameters, filter, viewer, terms, filter.forms);
  const submissionRows = `FROM ${reviewedFrom(terms)} WHERE ${[`s.form = ANY(${forms}::text[])`, ...conditions].join(' AND ')}`;
  // Payment details only where the member reads them (the route passes grantee finance among the forms for finance only).
  const paymentRows = filter.forms.some(isPaymentDetailsForm) ? paymentDetailsRows(parameters, filter, forms) : null;
  const limit = parameters.add(APPLICATIONS_PAGE_SIZE);
  const offset = parameters.add((filter.page - 1) * APPLICATIONS_PAGE_SIZE);
  // One pass over narrow rows (ids, dates, statuses, scores) counts and chooses the page; only its rows then read
  // their answers (a submission's row is wide: its answers and their search vector).
  const rows = await db.query<ListRow>(
    `WITH page AS (
       SELECT *, count(*) OVER ()::int AS total FROM (
         SELECT s.form, s.id, NULL::text AS first, NULL::text AS organisation, s.created_at, s.status, NULL::boolean AS has_file, ${reviewColumns(terms)}
         ${submissionRows}
         ${paymentRows ?? ''}
       ) applications
       ORDER BY ${orderOf(filter.sort)} LIMIT ${limit} OFFSET ${offset}
     )
     SELECT page.form, page.id::text AS id, COALESCE(s.payload->>'firstName', page.first) AS first, s.payload->>'lastName' AS last,
            COALESCE(s.payload->>'company', page.organisation, '') AS organisation, page.created_at,
            CASE WHEN page.status IS NULL THEN page.has_file ELSE s.file_sha256 IS NOT NULL END AS has_file,
            page.status, page.score::text AS score, page.reviews_done, page.reviews_assigned, page.spread::text AS spread, page.disagreement, page.withheld, page.total,
            s.round_id::text AS round_id
     FROM page LEFT JOIN submissions s ON page.status IS NOT NULL AND s.id = page.id
     ORDER BY ${orderOf(filter.sort).replace(/\b(score|created_at|id)\b/g, 'page.$1')}`,
    parameters.values,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filter.page > 1) {
    // Past the last page: the count still says how many there are.
    total = (await listApplications(db, { ...filter, page: 1 }, viewer)).total;
  }
  const reviewers = await reviewersOf(
    db,
    rows.filter((row) => row.status !== null && !row.withheld).map((row) => row.id),
  );
  return {
    items: rows.map((row) => {
      const reference = referenceOf(row.form, row.id);
      const head = { id: reference, reference, form: row.form, submittedAt: new Date(row.created_at).toISOString(), hasFile: row.has_file, status: row.status };
      // Assigned and not declared free of conflict: the reference alone, as the detail gives it.
      if (row.withheld) return { ...head, name: '', organisation: '', hasFile: false, assignee: null, reviewers: [], aggregate: null, blind: false };
      const hidden = hidesIdentity(viewer, row.round_id, row.status);
      const assigned = reviewers.get(row.id) ?? [];
      return {
        ...head,
        name: hidden ? HIDDEN_ANSWER : joinName(row.first ?? undefined, row.last ?? undefined),
        organisation: hidden ? HIDDEN_ANSWER : row.organisation,
        assignee: assigned[0] ?? null,
        reviewers: assigned,
        aggregate: row.status === null ? null : aggregateOf(row),
        blind: hidden,
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
  /** Applications: the current version's number (migration 23). */
  version?: number;
  file: { name: string; mediaType: string; size: number } | null;
  /** Grantee finance only: set (and no answers) when the stored payment details could not be decrypted. */
  unreadable?: string;
  /** Reviewed applications: the one it was sent again from and those sent again from it (src/server/applicant/reapplyRules.ts). */
  reapplication?: { previous: string | null; later: string[] };
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
  const [row] = await db.query<{ payload: WirePayload; created_at: Date; file_original_name: string | null; file_media_type: string | null; file_size: number | null; file_sha256: string | null; version: number }>(
    'SELECT payload, created_at, file_original_name, file_media_type, file_size, file_sha256, version FROM submissions WHERE id = $1 AND form = $2',
    [key.rowId, key.form],
  );
  if (!row) return null;
  const file = row.file_sha256 && row.file_media_type ? { name: row.file_original_name ?? 'unnamed', mediaType: row.file_media_type, size: row.file_size ?? 0 } : null;
  return { ...head, submittedAt: new Date(row.created_at).toISOString(), sections: answersBySection(key.form, row.payload), version: Number(row.version), file, reapplication: await readReapplication(db, key.rowId) };
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

/**
 * The uploaded proposal of a submission, typed by its content (sniffed again, never the applicant's claim). Its
 * download name keeps the applicant's file name unless blind review hides it from this viewer.
 */
export async function readProposal(db: Queryable, key: ApplicationKey, viewer: BlindContext = OPERATOR): Promise<Proposal | null> {
  if (!isReviewedForm(key.form)) return null;
  // The row must be of the reference's form too: PG-000007 never opens small grants' file 7.
  const [owner] = await db.query<{ status: ApplicationStatus; round_id: string | null }>('SELECT status, round_id::text AS round_id FROM submissions WHERE id = $1 AND form = $2', [key.rowId, key.form]);
  const file = owner ? await readSubmissionFile(db, key.rowId) : null;
  if (!owner || !file) return null;
  const type = (await sniffFileType(file.bytes)) ?? { mediaType: 'application/octet-stream', extension: 'bin' };
  const originalName = hidesIdentity(viewer, owner.round_id, owner.status) ? '' : file.originalName;
  return { bytes: file.bytes, mediaType: type.mediaType, downloadName: safeDownloadName(referenceOf(key.form, key.rowId), originalName, type.extension) };
}
