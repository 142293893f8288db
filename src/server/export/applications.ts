import type { FormDefinition, FormKey, WirePayload } from '../../forms/definitions/types';
import type { FinanceKeyring } from '../finance/encryption';
import { exportPaymentDetails } from '../finance/export';
import { referenceOf } from '../mail/compose';
import type { Queryable } from '../storage/database';
import { answersMatch } from '../storage/search';
import { answerCells, answerFields, fieldHeaders, type ExportFilter, type ExportTable } from './table';

/**
 * The applications of one form as a table: a few columns of ours (id, reference, date, file),
 * then one column per field of the form's definition, headed by its label, holding the value as
 * the applicant sent it. Payment details are exported by src/server/finance/export.ts.
 */

export type { ExportFilter, ExportTable };
/** The command that writes a submission's uploaded file. */
export const fetchFileCommand = (submissionId: string): string => `npm run export -- --file ${submissionId}`;

type SubmissionRow = { id: string; payload: WirePayload; created_at: Date; file_original_name: string | null };

/** `financeKeys` decrypts grantee finance: pass it only where payment details may be read (finance role, --include-finance). */
export async function exportApplications(db: Queryable, definition: FormDefinition, filter: ExportFilter, financeKeys?: FinanceKeyring): Promise<ExportTable> {
  if (definition.kind === 'payment-details') return exportPaymentDetails(db, definition, filter, financeKeys);
  const fields = answerFields(definition);
  const form: FormKey = definition.key;
  const rows = await db.query<SubmissionRow>(
    `SELECT id::text AS id, payload, created_at, file_original_name FROM submissions
     WHERE form = $4 AND ($1::timestamptz IS NULL OR created_at >= $1) AND ($2::timestamptz IS NULL OR created_at < $2)
       AND ${answersMatch('submissions', '$3')}
     ORDER BY id`,
    [filter.since, filter.before ?? null, filter.search ?? null, form],
  );
  const fileHeaders = definition.upload ? ['Uploaded file', 'Fetch file command'] : [];
  return {
    headers: ['Submission ID', 'Reference', 'Submitted at', ...fieldHeaders(fields), ...fileHeaders],
    rows: rows.map((row) => [
      row.id,
      referenceOf(form, row.id),
      new Date(row.created_at).toISOString(),
      ...answerCells(fields, row.payload),
      ...(definition.upload ? (row.file_original_name ? [row.file_original_name, fetchFileCommand(row.id)] : ['', '']) : []),
    ]),
  };
}
