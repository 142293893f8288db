import { SECURITY_ID_FIELD } from '../../forms/definitions/granteeFinance';
import type { FieldDefinition, FormDefinition, FormKey, WirePayload } from '../../forms/definitions/types';
import { FinanceDecryptionError, type FinanceKeyring } from '../finance/encryption';
import { openFinancePayload, sealedPayloadColumns, type SealedPayloadRow } from '../finance/versions';
import { referenceOf } from '../mail/compose';
import type { Queryable } from '../storage/database';
import { answersMatch } from '../storage/search';

/**
 * The applications of one form as a table: a few columns of ours (id, reference, date, file),
 * then one column per field of the form's definition, headed by its label, holding the value as
 * the applicant sent it.
 */

export type ExportTable = { readonly headers: readonly string[]; readonly rows: ReadonlyArray<readonly string[]> };

/** The command that writes a submission's uploaded file. */
export const fetchFileCommand = (submissionId: string): string => `npm run export -- --file ${submissionId}`;

/** Fields the applicant answers: not the captcha token, not the upload (own columns), not the security ID (never stored). */
export function answerFields(definition: FormDefinition): FieldDefinition[] {
  return definition.fields.filter((field) => field.kind !== 'captcha' && field.kind !== 'file' && field.name !== SECURITY_ID_FIELD);
}

/** Labels as headers; a label used twice in one form gets its field name added, so columns stay apart. */
function fieldHeaders(fields: readonly FieldDefinition[]): string[] {
  const seen = new Map<string, number>();
  for (const field of fields) seen.set(field.label, (seen.get(field.label) ?? 0) + 1);
  return fields.map((field) => ((seen.get(field.label) ?? 0) > 1 ? `${field.label} (${field.name})` : field.label));
}

const wireText = (payload: WirePayload, name: string): string => {
  const value = payload[name];
  return value === undefined ? '' : String(value);
};

type SubmissionRow = { id: string; payload: WirePayload; created_at: Date; file_original_name: string | null };
type FinanceRow = SealedPayloadRow & { id: string; grantee: string; created_at: Date };

/** Payment details that failed to decrypt: the export stops rather than leave them out or blank. */
export class UnreadableFinanceRows extends Error {
  constructor(readonly references: readonly string[]) {
    super(`The payment details of ${references.join(', ')} could not be decrypted (key not configured, or the row was altered): nothing was exported.`);
  }
}

/** Which applications: received at or after `since`, before `before`, whose answers match `search`; null = no limit. */
export type ExportFilter = { readonly since: Date | null; readonly before?: Date | null; readonly search?: string | null };

/** `financeKeys` decrypts grantee finance: pass it only where payment details may be read (finance role, --include-finance). */
export async function exportApplications(db: Queryable, definition: FormDefinition, filter: ExportFilter, financeKeys?: FinanceKeyring): Promise<ExportTable> {
  const params = [filter.since, filter.before ?? null, filter.search ?? null];
  const fields = answerFields(definition);
  const answers = (payload: WirePayload): string[] => fields.map((field) => wireText(payload, field.name));
  const form: FormKey = definition.key;
  if (form === 'grantee-finance') {
    if (!financeKeys) throw new Error('grantee finance is exported only with the finance keyring');
    // Search covers the clear name and contact email only (migration 8): the payment details are sealed.
    const rows = await db.query<FinanceRow>(
      `SELECT v.id::text AS id, COALESCE(NULLIF(g.label, ''), g.id::text) AS grantee, ${sealedPayloadColumns('v')}, v.created_at
       FROM grantee_finance_versions v JOIN grantees g ON g.id = v.grantee_id
       WHERE ($1::timestamptz IS NULL OR v.created_at >= $1) AND ($2::timestamptz IS NULL OR v.created_at < $2)
         AND ${answersMatch('v', '$3')}
       ORDER BY v.id`,
      params,
    );
    const unreadable: string[] = [];
    const table = rows.map((row) => {
      let payload: WirePayload = {};
      try {
        payload = openFinancePayload(financeKeys, row);
      } catch (error) {
        if (!(error instanceof FinanceDecryptionError)) throw error;
        unreadable.push(referenceOf(form, row.id));
      }
      return [row.id, referenceOf(form, row.id), row.grantee, String(row.version), new Date(row.created_at).toISOString(), ...answers(payload)];
    });
    if (unreadable.length > 0) throw new UnreadableFinanceRows(unreadable);
    return { headers: ['Finance version ID', 'Reference', 'Grantee', 'Version', 'Submitted at', ...fieldHeaders(fields)], rows: table };
  }
  const rows = await db.query<SubmissionRow>(
    `SELECT id::text AS id, payload, created_at, file_original_name FROM submissions
     WHERE form = $4 AND ($1::timestamptz IS NULL OR created_at >= $1) AND ($2::timestamptz IS NULL OR created_at < $2)
       AND ${answersMatch('submissions', '$3')}
     ORDER BY id`,
    [...params, form],
  );
  const fileHeaders = definition.upload ? ['Uploaded file', 'Fetch file command'] : [];
  return {
    headers: ['Submission ID', 'Reference', 'Submitted at', ...fieldHeaders(fields), ...fileHeaders],
    rows: rows.map((row) => [
      row.id,
      referenceOf(form, row.id),
      new Date(row.created_at).toISOString(),
      ...answers(row.payload),
      ...(definition.upload ? (row.file_original_name ? [row.file_original_name, fetchFileCommand(row.id)] : ['', '']) : []),
    ]),
  };
}
