/**
 * The team's calls about grant payments (finance): record one, see where one was sent, and the Pagos
 * page's lists and CSV. The shapes come from src/api/contracts/payments.ts, type only.
 */
import type { DueList, DueMilestone, PaymentDestination, PaymentList, PaymentListRow, PaymentRecorded, RecordPaymentBody } from '@/api/contracts/payments';
import { request, teamPaths } from './api';

export type { DueMilestone, PaymentListRow, PaymentRecorded, RecordPaymentBody };

/** A range of payment days, YYYY-MM-DD ('' = no limit): paid on or after `since`, before `before`; of one round's grants (its id), of the current rounds' ('current') or all ('all'). */
export type PaymentRangeFilter = { since: string; before: string; round: string };

export function rangeQuery(range: PaymentRangeFilter): string {
  const params = new URLSearchParams();
  if (range.since) params.set('since', range.since);
  if (range.before) params.set('before', range.before);
  if (range.round && range.round !== 'all') params.set('round', range.round);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const paymentPaths = {
  record: (id: string) => `${teamPaths.application(id)}/grant/payments`,
  destination: (id: string, paymentId: string) => `${teamPaths.application(id)}/grant/payments/${encodeURIComponent(paymentId)}/destination`,
  due: '/api/team/payments/due',
  list: '/api/team/payments',
  csv: (range: PaymentRangeFilter) => `/api/team/payments.csv${rangeQuery(range)}`,
} as const;

export const paymentsApi = {
  record: (id: string, body: RecordPaymentBody) => request<PaymentRecorded>('POST', paymentPaths.record(id), body),
  destination: (id: string, paymentId: string) => request<PaymentDestination>('GET', paymentPaths.destination(id, paymentId)),
  due: () => request<DueList>('GET', paymentPaths.due),
  list: (range: PaymentRangeFilter) => request<PaymentList>('GET', `${paymentPaths.list}${rangeQuery(range)}`),
};
