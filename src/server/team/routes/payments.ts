import { DueList, PaymentDestination, PaymentList, PaymentParams, PaymentRange, PaymentRecorded, PaymentRefused, RecordPaymentBody } from '../../../api/contracts/payments';
import { ReferenceParams } from '../../../api/contracts/common';
import { toDecimalString } from '../../../lib/money';
import { toCsv } from '../../export/csv';
import { exportPayments } from '../../export/payments';
import { isCalendarDay } from '../../payments/checks';
import { dueMilestones, paymentDestination, paymentsInRange } from '../../payments/read';
import { recordPayment } from '../../payments/record';
import { roundScope, type RoundScope } from '../../rounds/filter';
import type { Database } from '../../storage/database';
import { referenceOf } from '../../mail/compose';
import { recordAudit } from '../audit';
import { actorOf, getOptions, MESSAGES, postOptions, reviewedKey, send, sessionOf, type TeamResource } from './shared';

/**
 * Payments of grants (finance only): record one, see where one was sent (audited, like payment
 * details), and the Pagos page: what to pay next, payments in a date range and their CSV.
 */

const BAD_DAY = 'Las fechas van en formato AAAA-MM-DD.';
const NO_PAYMENT = 'No encontramos ese pago.';

/** The range a query asks for, or null when a day does not exist (2026-02-30). */
async function rangeOf(database: Database, query: PaymentRange, now: Date): Promise<{ since: string | null; before: string | null; round: RoundScope } | null> {
  const since = query.since ?? null;
  const before = query.before ?? null;
  if ((since !== null && !isCalendarDay(since)) || (before !== null && !isCalendarDay(before))) return null;
  return { since, before, round: await roundScope(database, query.round, now) };
}

export const paymentRoutes: TeamResource = async (team, { database, financeKeys, now = () => new Date() }) => {
  const finance = ['finance'] as const;

  team.post(
    '/applications/:id/grant/payments',
    { ...postOptions(finance), schema: { params: ReferenceParams, body: RecordPaymentBody, response: { 201: PaymentRecorded, '4xx': PaymentRefused } } },
    async (request, reply) => {
      const key = reviewedKey(request);
      if (!key) return send(reply, 404, MESSAGES.notFound);
      // Every check runs before the first write: a refusal has stored nothing.
      const outcome = await database.transaction((tx) =>
        recordPayment(tx, { submissionId: key.rowId, reference: referenceOf(key.form, key.rowId), body: request.body, actor: actorOf(request), keyring: financeKeys }),
      );
      if ('status' in outcome) {
        return reply.code(outcome.status).send({ error: outcome.message, ...(outcome.destinationMismatch ? { destinationMismatch: true } : {}) });
      }
      return reply.code(201).send({
        payment: outcome.payment,
        paid: toDecimalString(outcome.paid, outcome.currency),
        outstanding: toDecimalString(outcome.outstanding, outcome.currency),
        grantState: outcome.grantState,
      });
    },
  );

  // Where a payment was sent is read like payment details: finance only, each view audited.
  team.get(
    '/applications/:id/grant/payments/:paymentId/destination',
    { ...getOptions(finance), schema: { params: PaymentParams, response: { 200: PaymentDestination } } },
    async (request, reply) => {
      const key = reviewedKey(request);
      if (!key || !/^\d{1,18}$/.test(request.params.paymentId)) return send(reply, 404, NO_PAYMENT);
      const sent = await paymentDestination(database, { id: request.params.paymentId, submissionId: key.rowId }, financeKeys);
      if (!sent) return send(reply, 404, NO_PAYMENT);
      const target = `${referenceOf(key.form, key.rowId)} · pago ${request.params.paymentId}`;
      if (sent.destination === null) {
        request.log.error({ payment: request.params.paymentId }, 'payment destination failed to decrypt');
        await recordAudit(database, { actor: sessionOf(request).email, action: 'payment-details-unreadable', target });
        return { destination: null, unreadable: 'No pudimos descifrar el destino de este pago. Revisa FINANCE_ENCRYPTION_KEY y FINANCE_ENCRYPTION_OLD_KEYS.' };
      }
      await recordAudit(database, { actor: sessionOf(request).email, action: 'view-payment-destination', target });
      return sent;
    },
  );

  team.get('/payments/due', { ...getOptions(finance), schema: { response: { 200: DueList } } }, async () => ({ due: await dueMilestones(database) }));

  team.get('/payments', { ...getOptions(finance), schema: { querystring: PaymentRange, response: { 200: PaymentList } } }, async (request, reply) => {
    const range = await rangeOf(database, request.query, now());
    if (!range) return send(reply, 400, BAD_DAY);
    return { payments: await paymentsInRange(database, range, { seesBankReferences: true }) };
  });

  // The accountant's CSV, by the CLI's own writer; never the destinations (the CLI's --include-finance only).
  team.get('/payments.csv', { ...getOptions(finance), schema: { querystring: PaymentRange } }, async (request, reply) => {
    const range = await rangeOf(database, request.query, now());
    if (!range) return send(reply, 400, BAD_DAY);
    const table = await exportPayments(database, range);
    const filterText = Object.entries({ round: request.query.round, since: range.since, before: range.before })
      .filter(([, value]) => value)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ');
    await recordAudit(database, { actor: sessionOf(request).email, action: 'export', target: `pagos ${filterText} (${table.rows.length})`.replace('  ', ' ') });
    const day = new Date().toISOString().slice(0, 10);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="pagos-${day}.csv"`).send(toCsv(table.headers, table.rows));
  });
};
