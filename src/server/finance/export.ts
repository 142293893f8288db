import type { FormDefinition } from '../../forms/definitions/types';
import { answerCells, answerFields, fieldHeaders, type ExportFilter, type ExportTable } from '../export/table';
import type { Queryable } from '../storage/database';
import { answersMatch } from '../storage/search';
import type { FinanceKeyring } from './encryption';
import { openFinancePayloadOrNull, paymentDetailsReference, sealedPayloadColumns, type SealedPayloadRow } from './versions';

/** Payment details that failed to decrypt: the export stops rather than leave them out or blank. */
export class UnreadableFinanceRows extends Error {
  constructor(readonly references: readonly string[]) {
    super(`The payment details of ${references.join(', ')} could not be decrypted (key not configured, or the row was altered): nothing was exported.`);
  }
}

type FinanceRow = SealedPayloadRow & { id: string; grantee: string; created_at: Date };

/**
 * Every version of payment details as a table: its id, reference, grantee and version, then the
 * answers. `financeKeys` is required: pass it only where payment details may be read (finance role,
 * --include-finance).
 */
export async function exportPaymentDetails(db: Queryable, definition: FormDefinition, filter: ExportFilter, financeKeys: FinanceKeyring | undefined): Promise<ExportTable> {
  if (!financeKeys) throw new Error('grantee finance is exported only with the finance keyring');
  const fields = answerFields(definition);
  // Search covers the clear name and contact email only (migration 8): the payment details are sealed.
  const rows = await db.query<FinanceRow>(
    `SELECT v.id::text AS id, COALESCE(NULLIF(g.label, ''), g.id::text) AS grantee, ${sealedPayloadColumns('v')}, v.created_at
     FROM grantee_finance_versions v JOIN grantees g ON g.id = v.grantee_id
     WHERE ($1::timestamptz IS NULL OR v.created_at >= $1) AND ($2::timestamptz IS NULL OR v.created_at < $2)
       AND ${answersMatch('v', '$3')} AND NOT $4::boolean
     ORDER BY v.id`,
    // Versions have no review status, reviewers or scores: a review filter leaves them all out, as in the inbox.
    [filter.since, filter.before ?? null, filter.search ?? null, filter.reviewOnly ?? false],
  );
  const unreadable: string[] = [];
  const table = rows.map((row) => {
    const payload = openFinancePayloadOrNull(financeKeys, row);
    if (payload === null) unreadable.push(paymentDetailsReference(row.id));
    return [row.id, paymentDetailsReference(row.id), row.grantee, String(row.version), new Date(row.created_at).toISOString(), ...answerCells(fields, payload ?? {})];
  });
  if (unreadable.length > 0) throw new UnreadableFinanceRows(unreadable);
  return { headers: ['Finance version ID', 'Reference', 'Grantee', 'Version', 'Submitted at', ...fieldHeaders(fields)], rows: table };
}
