import { METHOD_LABELS, publicReference } from '../payments/checks';
import { paymentDestination, paymentsInRange } from '../payments/read';
import type { FinanceKeyring } from '../finance/encryption';
import type { Queryable } from '../storage/database';
import type { RoundScope } from '../rounds/filter';
import type { ExportTable } from './table';

/**
 * The payments an accountant needs, one writer for the Pagos page's download and
 * `npm run export -- --payments`: amounts as exact decimal strings beside their currency.
 * Where a payment was sent and a bank's own reference are added only with the finance keyring
 * (the CLI's --include-finance).
 */

/** Paid on or after `since`, before `before` (YYYY-MM-DD), for the applications of `round`'s rounds (src/server/rounds/filter.ts); null: no limit. */
export type PaymentRange = { readonly since: string | null; readonly before: string | null; readonly round?: RoundScope };

export class UnreadablePaymentDestinations extends Error {
  constructor(readonly paymentIds: readonly string[]) {
    super(`The destinations of payments ${paymentIds.join(', ')} could not be decrypted (key not configured, or the row was altered): nothing was exported.`);
  }
}

export const PAYMENT_HEADERS = [
  'Application reference',
  'Grantee',
  'Milestone',
  'Paid on',
  'Amount',
  'Currency',
  'Value in grant currency',
  'Grant currency',
  'Rate',
  'Method',
  'Public reference',
] as const;

export const FINANCE_PAYMENT_HEADERS = ['Bank reference', 'Destination'] as const;

export async function exportPayments(db: Queryable, range: PaymentRange, financeKeys?: FinanceKeyring): Promise<ExportTable> {
  const payments = await paymentsInRange(db, range, { seesBankReferences: financeKeys !== undefined });
  const unreadable: string[] = [];
  const rows: string[][] = [];
  for (const payment of payments) {
    const row = [
      payment.applicationReference ?? '',
      payment.grantee,
      payment.milestoneTitle ?? 'Anticipo',
      payment.paidOn,
      payment.amount,
      payment.currency,
      payment.grantAmount,
      payment.grantCurrency,
      payment.rate ?? '',
      METHOD_LABELS[payment.method],
      publicReference(payment.method, payment.reference ?? '') ?? '',
    ];
    if (financeKeys && payment.applicationReference === null) {
      // Kept after an erasure: where it went was the person's, and is gone.
      row.push(payment.method === 'bank_transfer' ? (payment.reference ?? '') : '', '');
    } else if (financeKeys) {
      const sent = await paymentDestination(db, { id: payment.id, submissionId: null }, financeKeys);
      if (!sent || sent.destination === null) unreadable.push(payment.id);
      row.push(payment.method === 'bank_transfer' ? (payment.reference ?? '') : '', sent?.destination ?? '');
    }
    rows.push(row);
  }
  if (unreadable.length > 0) throw new UnreadablePaymentDestinations(unreadable);
  return { headers: financeKeys ? [...PAYMENT_HEADERS, ...FINANCE_PAYMENT_HEADERS] : [...PAYMENT_HEADERS], rows };
}
