import type { WirePayload } from '../../forms/definitions/types';
import type { Queryable } from '../storage/database';
import { answersMatch } from '../storage/search';
import type { FinanceKeyring } from './encryption';
import { openFinancePayloadOrNull, PAYMENT_DETAILS_FORM, paymentDetailsReference, sealedPayloadColumns, type SealedPayloadRow } from './versions';

/**
 * What the team reads of payment details. Each version is decrypted here with the keyring; the
 * caller (src/server/team/) has checked the finance role, audits each view and lays the answers out.
 * A version that fails to decrypt comes back with `payload: null`, never a partial value.
 */

export type PaymentDetailsView = {
  readonly id: string;
  readonly reference: string;
  readonly version: number;
  readonly createdAt: Date;
  /** null: the version could not be decrypted. */
  readonly payload: WirePayload | null;
};

function viewOf(keyring: FinanceKeyring, row: SealedPayloadRow & { id: string; created_at: Date }): PaymentDetailsView {
  return { id: row.id, reference: paymentDetailsReference(row.id), version: row.version, createdAt: new Date(row.created_at), payload: openFinancePayloadOrNull(keyring, row) };
}

/** One version by its id, or null when there is none. */
export async function readPaymentDetailsVersion(db: Queryable, versionId: string, keyring: FinanceKeyring): Promise<PaymentDetailsView | null> {
  const [row] = await db.query<SealedPayloadRow & { id: string; created_at: Date }>(
    `SELECT v.id::text AS id, ${sealedPayloadColumns('v')}, v.created_at FROM grantee_finance_versions v WHERE v.id = $1`,
    [versionId],
  );
  return row ? viewOf(keyring, row) : null;
}

/** Every version sent with the grantee IDs issued from a submission, newest first. */
export async function paymentDetailsOfSubmission(db: Queryable, submissionId: string, keyring: FinanceKeyring): Promise<PaymentDetailsView[]> {
  const rows = await db.query<SealedPayloadRow & { id: string; created_at: Date }>(
    `SELECT v.id::text AS id, v.created_at, ${sealedPayloadColumns('v')} FROM grantee_finance_versions v JOIN grantees g ON g.id = v.grantee_id
     WHERE g.submission_id = $1 ORDER BY v.created_at DESC, v.id DESC`,
    [submissionId],
  );
  return rows.map((row) => viewOf(keyring, row));
}

/**
 * The versions as rows of the team's inbox listing (src/server/team/applications.ts), in its
 * columns: form, id, first, last, organisation, created_at, has_file, status, assignee_id,
 * assignee_email. Only the clear name and the grantee's label are read: nothing is decrypted.
 * `forms` is the listing's text[] parameter of forms, `inRange` its date condition on a column;
 * while `reviewOnly` holds (a status or assignee filter) no version is listed, as versions have neither.
 */
export function paymentDetailsListing(params: { readonly forms: string; readonly inRange: (column: string) => string; readonly search: string; readonly reviewOnly: string }): string {
  return `SELECT '${PAYMENT_DETAILS_FORM}', v.id, v.beneficiary_name, NULL, g.label, v.created_at, false, NULL, NULL, NULL
       FROM grantee_finance_versions v JOIN grantees g ON g.id = v.grantee_id
       WHERE '${PAYMENT_DETAILS_FORM}' = ANY(${params.forms}::text[])
         AND ${params.inRange('v.created_at')} AND ${answersMatch('v', params.search)}
         AND NOT (${params.reviewOnly})`;
}

/** When each version of payment details for an application arrived, oldest first: all a grantee sees of them (never a value). */
export async function paymentDetailsReceivedAt(db: Queryable, submissionId: string): Promise<Date[]> {
  const rows = await db.query<{ created_at: Date }>(
    'SELECT v.created_at FROM grantee_finance_versions v JOIN grantees g ON g.id = v.grantee_id WHERE g.submission_id = $1 ORDER BY v.created_at, v.id',
    [submissionId],
  );
  return rows.map((row) => row.created_at);
}
