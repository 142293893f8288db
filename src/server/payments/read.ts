import type { ApplicantGrantPayment } from '../../api/contracts/grants';
import type { DueMilestone, PaymentListRow, PaymentMethod, TeamPayment } from '../../api/contracts/payments';
import { ERASED_GRANTEE } from '../../lib/payments';
import { isCurrency, minorFromDatabase, toDecimalString, type Currency } from '../../lib/money';
import type { FinanceKeyring } from '../finance/encryption';
import { FinanceDecryptionError } from '../finance/encryption';
import { openValue, PAYMENT_DESTINATION, sealedValueColumns, type SealedValueRow } from '../finance/sealedColumns';
import { referenceOf } from '../mail/compose';
import type { FormKey } from '../../forms/definitions/types';
import type { Queryable } from '../storage/database';
import type { RoundScope } from '../rounds/filter';
import { isOnChain, publicReference } from './checks';

/**
 * What is read of payments, by whom: the team on a grant (a reviewer never gets a bank transfer's
 * reference), the grantee (date, amount, transaction hash), finance's Pagos page (what to pay next,
 * payments in a date range) and, through an audited view, where a payment was sent.
 */

/** Who reads: only finance and admins see a bank transfer's reference. */
export type PaymentReader = { readonly seesBankReferences: boolean };

type PaymentRow = {
  id: string;
  milestone_id: string | null;
  milestone_title: string | null;
  amount: string;
  currency: string;
  grant_amount: string;
  grant_currency: string;
  rate: string | null;
  paid_on: string;
  method: PaymentMethod;
  reference: string;
  details_version: number | null;
  destination_mismatch_confirmed: boolean;
  recorded_by: string;
  recorded_at: Date;
  /** Null once the application was erased. */
  form: FormKey | null;
  submission_id: string | null;
  grantee: string;
};

/** The applicant's name as the team lists it (first and last name, else the organisation). */
export const granteeName = (alias: string): string =>
  `COALESCE(NULLIF(btrim(concat_ws(' ', ${alias}.payload->>'firstName', ${alias}.payload->>'lastName')), ''), ${alias}.payload->>'company', '')`;

/**
 * A payment whose application was erased (migration 18) is kept without the person: no application, the grantee read
 * as ERASED_GRANTEE, the milestone by its number, the grant's currency as it was copied at the erasure.
 */
const PAYMENT_SELECT = `SELECT p.id::text AS id, p.milestone_id::text AS milestone_id,
    COALESCE(m.title, 'Hito ' || p.erased_milestone_position::text) AS milestone_title, p.amount::text AS amount, p.currency,
    p.grant_amount::text AS grant_amount, COALESCE(g.currency, p.erased_grant_currency) AS grant_currency, p.rate, to_char(p.paid_on, 'YYYY-MM-DD') AS paid_on, p.method, p.reference,
    p.details_version, p.destination_mismatch_confirmed, tm.email AS recorded_by, p.recorded_at, s.form, s.id::text AS submission_id,
    CASE WHEN p.erased_in IS NULL THEN ${granteeName('s')} ELSE '${ERASED_GRANTEE}' END AS grantee
  FROM grant_payments p LEFT JOIN grants g ON g.id = p.grant_id LEFT JOIN submissions s ON s.id = g.submission_id
  LEFT JOIN grant_milestones m ON m.id = p.milestone_id JOIN team_members tm ON tm.id = p.recorded_by`;

const currencyOf = (code: string): Currency => {
  if (!isCurrency(code)) throw new Error(`unknown currency ${code}`);
  return code;
};

const decimalOf = (minor: string, currency: string): string => toDecimalString(minorFromDatabase(minor), currencyOf(currency));

function teamPayment(row: PaymentRow, reader: PaymentReader): TeamPayment {
  return {
    id: row.id,
    milestoneId: row.milestone_id,
    milestoneTitle: row.milestone_title,
    amount: decimalOf(row.amount, row.currency),
    currency: currencyOf(row.currency),
    grantAmount: decimalOf(row.grant_amount, row.grant_currency),
    rate: row.rate,
    paidOn: row.paid_on,
    method: row.method,
    reference: isOnChain(row.method) || reader.seesBankReferences ? row.reference : null,
    detailsVersion: row.details_version,
    destinationMismatchConfirmed: row.destination_mismatch_confirmed,
    recordedBy: row.recorded_by,
    recordedAt: new Date(row.recorded_at).toISOString(),
  };
}

function listRow(row: PaymentRow, reader: PaymentReader): PaymentListRow {
  return { ...teamPayment(row, reader), applicationReference: row.form && row.submission_id ? referenceOf(row.form, row.submission_id) : null, grantee: row.grantee, grantCurrency: currencyOf(row.grant_currency) };
}

/** The sum of a grant's payments in its own currency. */
export async function paidOnGrant(db: Queryable, grantId: string): Promise<bigint> {
  const [row] = await db.query<{ paid: string }>('SELECT COALESCE(sum(grant_amount), 0)::text AS paid FROM grant_payments WHERE grant_id = $1', [grantId]);
  return minorFromDatabase(row?.paid ?? '0');
}

export async function paymentById(db: Queryable, paymentId: string, reader: PaymentReader): Promise<TeamPayment | null> {
  const [row] = await db.query<PaymentRow>(`${PAYMENT_SELECT} WHERE p.id = $1`, [paymentId]);
  return row ? teamPayment(row, reader) : null;
}

/** A grant's payments, oldest first, with the totals paid and outstanding (decimal strings in the grant's currency). */
export async function paymentsOfGrant(db: Queryable, grantId: string, reader: PaymentReader): Promise<{ payments: TeamPayment[]; paid: string; outstanding: string }> {
  const rows = await db.query<PaymentRow>(`${PAYMENT_SELECT} WHERE p.grant_id = $1 ORDER BY p.paid_on, p.id`, [grantId]);
  const [grant] = await db.query<{ amount: string; currency: string }>('SELECT amount::text AS amount, currency FROM grants WHERE id = $1', [grantId]);
  if (!grant) return { payments: [], paid: '0', outstanding: '0' };
  const currency = currencyOf(grant.currency);
  const paid = await paidOnGrant(db, grantId);
  return {
    payments: rows.map((row) => teamPayment(row, reader)),
    paid: toDecimalString(paid, currency),
    outstanding: toDecimalString(minorFromDatabase(grant.amount) - paid, currency),
  };
}

/** What the grantee sees of their grant's payments: the day, the amount and the transaction hash (never a bank's reference). */
export async function granteePayments(db: Queryable, grantId: string): Promise<ApplicantGrantPayment[]> {
  const rows = await db.query<PaymentRow>(`${PAYMENT_SELECT} WHERE p.grant_id = $1 ORDER BY p.paid_on, p.id`, [grantId]);
  return rows.map((row) => ({
    paidOn: row.paid_on,
    amount: decimalOf(row.amount, row.currency),
    currency: currencyOf(row.currency),
    milestoneId: row.milestone_id,
    publicReference: publicReference(row.method, row.reference),
  }));
}

/** A payment in a data-rights copy: it was paid to the grantee, so all of it is theirs (a bank's reference too), but not where it went (sealed). */
export type DataRightsPayment = { paidOn: string; amount: string; currency: Currency; method: PaymentMethod; reference: string; milestoneId: string | null };

export async function dataRightsPayments(db: Queryable, grantId: string): Promise<DataRightsPayment[]> {
  const rows = await db.query<PaymentRow>(`${PAYMENT_SELECT} WHERE p.grant_id = $1 ORDER BY p.paid_on, p.id`, [grantId]);
  return rows.map((row) => ({ paidOn: row.paid_on, amount: decimalOf(row.amount, row.currency), currency: currencyOf(row.currency), method: row.method, reference: row.reference, milestoneId: row.milestone_id }));
}

/** Payments paid on or after `since` and before `before` (days, YYYY-MM-DD; null = no limit), by date. */
export async function paymentsInRange(db: Queryable, range: { since: string | null; before: string | null; round?: RoundScope }, reader: PaymentReader): Promise<PaymentListRow[]> {
  // A round keeps the payments of its applications' grants (one erased since has no application: it is left out).
  const rows = await db.query<PaymentRow>(
    `${PAYMENT_SELECT} WHERE ($1::date IS NULL OR p.paid_on >= $1::date) AND ($2::date IS NULL OR p.paid_on < $2::date)
       AND ($3::bigint[] IS NULL OR s.round_id = ANY($3::bigint[])) ORDER BY p.paid_on, p.id`,
    [range.since, range.before, range.round ?? null],
  );
  return rows.map((row) => listRow(row, reader));
}

/** Accepted milestones of active grants not yet fully paid, the longest waiting first. */
export async function dueMilestones(db: Queryable): Promise<DueMilestone[]> {
  const rows = await db.query<{
    form: FormKey;
    submission_id: string;
    grantee: string;
    milestone_id: string;
    position: number;
    title: string;
    accepted_at: Date;
    currency: string;
    amount: string;
    paid: string;
    grant_created_on: string;
  }>(
    `SELECT s.form, s.id::text AS submission_id, ${granteeName('s')} AS grantee, m.id::text AS milestone_id, m.position, m.title, m.accepted_at,
       g.currency, m.amount::text AS amount, COALESCE(pm.paid, 0)::text AS paid, to_char(g.created_at, 'YYYY-MM-DD') AS grant_created_on
     FROM grant_milestones m JOIN grants g ON g.id = m.grant_id JOIN submissions s ON s.id = g.submission_id
     LEFT JOIN (SELECT milestone_id, sum(grant_amount) AS paid FROM grant_payments WHERE milestone_id IS NOT NULL GROUP BY milestone_id) pm ON pm.milestone_id = m.id
     WHERE m.state = 'accepted' AND g.state = 'active' AND COALESCE(pm.paid, 0) < m.amount
     ORDER BY m.accepted_at, m.id`,
  );
  return rows.map((row) => {
    const currency = currencyOf(row.currency);
    const amount = minorFromDatabase(row.amount);
    const paid = minorFromDatabase(row.paid);
    return {
      reference: referenceOf(row.form, row.submission_id),
      grantee: row.grantee,
      milestoneId: row.milestone_id,
      position: row.position,
      title: row.title,
      acceptedAt: new Date(row.accepted_at).toISOString(),
      currency,
      amount: toDecimalString(amount, currency),
      paid: toDecimalString(paid, currency),
      outstanding: toDecimalString(amount - paid, currency),
      grantCreatedOn: row.grant_created_on,
    };
  });
}

/**
 * Where a payment was sent (of this application's grant, when `submissionId` is given); null when
 * there is no such payment; `destination: null` when it fails to decrypt.
 */
export async function paymentDestination(db: Queryable, payment: { id: string; submissionId: string | null }, keyring: FinanceKeyring): Promise<{ destination: string | null } | null> {
  const [row] = await db.query<SealedValueRow>(
    `SELECT ${sealedValueColumns(PAYMENT_DESTINATION, 'p')} FROM grant_payments p JOIN grants g ON g.id = p.grant_id WHERE p.id = $1 AND ($2::bigint IS NULL OR g.submission_id = $2)`,
    [payment.id, payment.submissionId],
  );
  if (!row) return null;
  try {
    return { destination: openValue(keyring, PAYMENT_DESTINATION, row) };
  } catch (error) {
    if (error instanceof FinanceDecryptionError) return { destination: null };
    throw error;
  }
}
