import type { ReviewConfig } from '../../config/review';
import type { FormDefinition, FormKey, WirePayload } from '../../forms/definitions/types';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import type { FinanceKeyring } from '../finance/encryption';
import { exportPaymentDetails } from '../finance/export';
import { referenceOf } from '../mail/compose';
import type { Queryable } from '../storage/database';
import { reviewersOf } from '../team/applications';
import { hidesIdentity, HIDDEN_ANSWER, redactPayload } from '../team/blind';
import { decimal, OPERATOR, orderOf, reviewColumns, reviewedFrom, reviewOnly, SqlParameters, submissionConditions, viewerTerms, type InboxFilter, type ReviewColumns, type Viewer } from '../team/inboxFilter';
import { scoreVisibility } from '../team/scoring/access';
import { reviewOfRound } from '../rounds/reviewSetup';
import { answerCells, answerFields, fieldHeaders, type ExportFilter, type ExportTable } from './table';

/**
 * The applications of one form as a table: a few columns of ours (id, reference, date, round, the
 * current version's number, file), then one column per field of the form's definition, headed by its
 * label, holding the current version's value as the applicant sent it; then the review: status, reviewers, the aggregate and, per reviewer, their
 * score on each criterion of the programme's rubric and their recommendation. The rows are the
 * inbox's filter (src/server/team/inboxFilter.ts) as the viewer reads it: blind review and a
 * recusal redact the answers, and scores are blank where the viewer may not read them yet.
 * Payment details are exported by src/server/finance/export.ts.
 */

export type { ExportFilter, ExportTable };
/** The command that writes a submission's uploaded file. */
export const fetchFileCommand = (submissionId: string): string => `npm run export -- --file ${submissionId}`;

type SubmissionRow = ReviewColumns & {
  id: string;
  payload: WirePayload;
  version: number;
  created_at: Date;
  round_name: string | null;
  file_original_name: string | null;
  status: ApplicationStatus;
  round_id: string | null;
  assigned: boolean;
  declaration: 'none' | 'conflict' | null;
  submitted: boolean;
};

type ScoreRow = { submission_id: string; email: string; criterion: string; score: number; recommendation: string };

/** Who exports (the operator at the command line by default) and the configuration that answers for a round not seeded yet. */
export type ExportReader = { readonly viewer?: Viewer; readonly review?: ReviewConfig };

/** The round an application came in (its name), as the team names rounds: "Convocatoria". */
export const ROUND_HEADER = 'Convocatoria';
/** The number of the version the answers are (1: as sent; each correction adds one, src/server/applicant/corrections.ts). */
export const VERSION_HEADER = 'Version';

const REVIEW_HEADERS = ['Status', 'Reviewers', 'Score', 'Reviews done', 'Reviews assigned', 'Spread', 'Disagreement'];

const decimalCell = (value: string | null): string => String(decimal(value) ?? '');

/** The submitted scores of these applications, by application, reviewer email and criterion. */
async function scoresOf(db: Queryable, submissionIds: readonly string[]): Promise<ScoreRow[]> {
  if (submissionIds.length === 0) return [];
  return db.query<ScoreRow>(
    `SELECT sc.submission_id::text AS submission_id, m.email, sc.criterion, sc.score, v.recommendation
     FROM review_scores sc JOIN review_verdicts v ON v.submission_id = sc.submission_id AND v.member_id = sc.member_id
     JOIN team_members m ON m.id = sc.member_id
     WHERE sc.submission_id = ANY($1::bigint[])`,
    [submissionIds],
  );
}

/**
 * The score columns: the criteria of the exported applications' rounds, each round's in its order, a key once (labelled
 * as its first round names it). Each application is scored by its own round's rubric: other rounds' cells stay blank.
 */
async function criteriaOfRounds(db: Queryable, roundIds: ReadonlyArray<string | null>, fallback: ReviewConfig): Promise<Array<{ key: string; label: string }>> {
  const criteria = new Map<string, { key: string; label: string }>();
  for (const roundId of [...new Set(roundIds.filter((id): id is string => id !== null))].sort((a, b) => Number(a) - Number(b))) {
    for (const criterion of (await reviewOfRound(db, roundId, fallback))?.criteria ?? []) if (!criteria.has(criterion.key)) criteria.set(criterion.key, criterion);
  }
  return [...criteria.values()];
}

/** `financeKeys` decrypts grantee finance: pass it only where payment details may be read (finance role, --include-finance). */
export async function exportApplications(db: Queryable, definition: FormDefinition, filter: InboxFilter, financeKeys?: FinanceKeyring, reader: ExportReader = {}): Promise<ExportTable> {
  if (definition.kind === 'payment-details') return exportPaymentDetails(db, definition, { ...filter, reviewOnly: reviewOnly(filter) }, financeKeys);
  const viewer = reader.viewer ?? OPERATOR;
  const fields = answerFields(definition);
  const form: FormKey = definition.key;
  const parameters = new SqlParameters();
  const terms = viewerTerms(parameters, viewer);
  const conditions = submissionConditions(parameters, filter, viewer, terms, [form]);
  const rows = await db.query<SubmissionRow>(
    `SELECT id::text AS id, payload, version, created_at, round_name, file_original_name, status, round_id::text AS round_id, score::text AS score, reviews_done, reviews_assigned, spread::text AS spread,
            disagreement, withheld, assigned, declaration, submitted FROM (
       SELECT s.id, s.payload, s.version, s.created_at, (SELECT r.name FROM rounds r WHERE r.id = s.round_id) AS round_name, s.file_original_name, s.status, s.round_id, ${reviewColumns(terms)}
       FROM ${reviewedFrom(terms)}
       WHERE ${[`s.form = ${parameters.add(form)}`, ...conditions].join(' AND ')}
     ) applications
     ORDER BY ${filter.sort && filter.sort !== 'submitted' ? orderOf(filter.sort) : 'id'}`,
    parameters.values,
  );
  const fileHeaders = definition.upload ? ['Uploaded file', 'Fetch file command'] : [];
  // Finance reads nothing of scores; the others read those the gate allows (blank cells elsewhere).
  const withScores = viewer.role !== 'finance';
  const criteria = reader.review ? await criteriaOfRounds(db, rows.map((row) => row.round_id), reader.review) : [];
  // The gate of the application's detail decides, row by row, whose scores the viewer reads.
  const othersReadable = (row: SubmissionRow) => scoreVisibility(viewer.role, { assigned: row.assigned, declaration: row.declaration, submitted: row.submitted }).others;
  const readable = rows.filter((row) => !row.withheld && othersReadable(row)).map((row) => row.id);
  const scores = withScores ? await scoresOf(db, readable) : [];
  const reviewerEmails = [...new Set(scores.map((score) => score.email))].sort();
  const scoreOf = new Map(scores.map((score) => [`${score.submission_id} ${score.email} ${score.criterion}`, String(score.score)]));
  const recommendationOf = new Map(scores.map((score) => [`${score.submission_id} ${score.email}`, score.recommendation]));
  const reviewers = withScores ? await reviewersOf(db, rows.filter((row) => !row.withheld).map((row) => row.id)) : new Map<string, Array<{ email: string }>>();
  const scoreHeaders = reviewerEmails.flatMap((email) => [...criteria.map((criterion) => `${criterion.label} — ${email}`), `Recommendation — ${email}`]);
  return {
    headers: ['Submission ID', 'Reference', 'Submitted at', ROUND_HEADER, VERSION_HEADER, ...fieldHeaders(fields), ...fileHeaders, ...(withScores ? [...REVIEW_HEADERS, ...scoreHeaders] : [])],
    rows: rows.map((row) => {
      const reference = referenceOf(form, row.id);
      const head = [row.id, reference, new Date(row.created_at).toISOString(), row.round_name ?? '', String(row.version)];
      // Withheld from an assigned reviewer (conflict not declared yet, or declared): the reference and nothing else.
      if (row.withheld) return [...head, ...fields.map(() => ''), ...fileHeaders.map(() => ''), ...(withScores ? [row.status, ...REVIEW_HEADERS.slice(1).map(() => ''), ...scoreHeaders.map(() => '')] : [])];
      const hidden = hidesIdentity(viewer, row.round_id, row.status);
      const payload = hidden ? redactPayload(form, row.payload) : row.payload;
      const file = row.file_original_name ? [hidden ? HIDDEN_ANSWER : row.file_original_name, fetchFileCommand(row.id)] : ['', ''];
      const review = withScores
        ? [
            row.status,
            (reviewers.get(row.id) ?? []).map((member) => member.email).join(', '),
            decimalCell(row.score),
            String(row.reviews_done),
            String(row.reviews_assigned),
            decimalCell(row.spread),
            othersReadable(row) ? (row.disagreement ? 'yes' : 'no') : '',
            ...reviewerEmails.flatMap((email) => [...criteria.map((criterion) => scoreOf.get(`${row.id} ${email} ${criterion.key}`) ?? ''), recommendationOf.get(`${row.id} ${email}`) ?? '']),
          ]
        : [];
      return [...head, ...answerCells(fields, payload), ...(definition.upload ? file : []), ...review];
    }),
  };
}
