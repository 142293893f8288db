import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { PaymentMethod } from '@/lib/payments';
import { teamRoutes } from '@/lib/team';
import { formatDay, showAmount } from '@/lib/grantText';
import { formatDateTime } from './format';
import { Notice, LoadFailure } from './Notice';
import { METHODS } from './paymentMethods';
import { paymentPaths, paymentsApi, type PaymentListRow, type PaymentRangeFilter } from './paymentsApi';
import { failureMessage, useTeamData, type ActionOutcome } from './useTeamData';
import styles from './team.module.css';
import { ScrollingTable } from './ScrollingTable';
import { CsvLink } from './kit/CsvLink';
import { DateFilter, FilterForm } from './kit/FilterField';
import { useListFilters } from './kit/useListFilters';
import { ActionsHeader } from './kit/ActionsHeader';
import { ALL_ROUNDS, CURRENT_ROUNDS, RoundSelect } from './rounds/RoundSelect';
import { useRounds } from './rounds/useRounds';

/** The payment form (react-hook-form and the field kit) loads when a milestone's "Registrar pago" is first pressed. */
const RecordPaymentForm = lazy(() => import('./PaymentForm').then((module) => ({ default: module.RecordPaymentForm })));

/** "Por pagar": accepted milestones not yet fully paid, the longest waiting first, each with its form. */
function DuePayments({ onRecorded }: { onRecorded: () => void }) {
  const due = useTeamData(() => paymentsApi.due(), []);
  const [open, setOpen] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const recorded = (next: ActionOutcome) => {
    setOutcome(next);
    setOpen(null);
    due.reload();
    onRecorded();
  };
  const chosen = due.state === 'ready' ? due.data.due.find((row) => row.milestoneId === open) : undefined;
  return (
    <section className={styles.section} aria-labelledby="por-pagar">
      <h2 id="por-pagar" className={styles.subtitle}>
        Por pagar
      </h2>
      {outcome ? (
        <Notice tone={outcome.tone} focus>
          {outcome.text}
        </Notice>
      ) : null}
      {due.state === 'loading' ? <p role="status">Cargando hitos por pagar…</p> : null}
      {due.state === 'error' ? <LoadFailure>{failureMessage(due.status)}</LoadFailure> : null}
      {due.state === 'ready' && due.data.due.length === 0 ? <p className={styles.muted}>No hay hitos aceptados pendientes de pago.</p> : null}
      {due.state === 'ready' && due.data.due.length > 0 ? (
        <ScrollingTable caption={<>Hitos aceptados sin pagar: {due.data.due.length}</>}>
          <thead>
            <tr>
              <th scope="col">Solicitud</th>
              <th scope="col">Persona beneficiaria</th>
              <th scope="col">Hito</th>
              <th scope="col">Aceptado el</th>
              <th scope="col">Por pagar</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {due.data.due.map((row) => (
              <tr key={row.milestoneId}>
                <td>
                  <a href={teamRoutes.application(row.reference)}>{row.reference}</a>
                </td>
                <td>{row.grantee}</td>
                <td>
                  {row.position}. {row.title}
                </td>
                <td>{formatDateTime(row.acceptedAt)}</td>
                <td>
                  {showAmount(row.outstanding, row.currency)}
                  {row.paid !== '0' && row.paid !== '0.00' ? <span className={styles.muted}> (de {showAmount(row.amount, row.currency)})</span> : null}
                </td>
                <td>
                  <button
                    type="button"
                    className={styles.secondaryButton}
                    aria-expanded={open === row.milestoneId}
                    aria-label={`Registrar pago del hito ${row.position} de ${row.reference}`}
                    onClick={() => {
                      setOutcome(null);
                      setOpen(open === row.milestoneId ? null : row.milestoneId);
                    }}
                  >
                    Registrar pago
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      ) : null}
      {chosen ? (
        <Suspense fallback={<p role="status">Cargando el formulario de pago…</p>}>
          <RecordPaymentForm key={chosen.milestoneId} milestone={chosen} onRecorded={recorded} />
        </Suspense>
      ) : null}
    </section>
  );
}

function methodLabel(method: PaymentMethod): string {
  return METHODS[method].label;
}

/** "Pagos": the payments of a date range and of the current rounds' grants (or of one round, or all) and the accountant's CSV of the same. */
function PaymentsInRange({ generation }: { generation: number }) {
  const rounds = useRounds();
  const { applied: range, setApplied: setRange, draft, setPart } = useListFilters<PaymentRangeFilter, PaymentRangeFilter>({ since: '', before: '', round: CURRENT_ROUNDS }, (applied) => applied);
  const payments = useTeamData(() => paymentsApi.list(range), [range.since, range.before, range.round, generation]);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setRange(draft);
  };
  const rows: PaymentListRow[] = payments.state === 'ready' ? payments.data.payments : [];
  return (
    <section className={styles.section} aria-labelledby="pagos">
      <h2 id="pagos" className={styles.subtitle}>
        Pagos
      </h2>
      <FilterForm label="Rango de fechas y convocatoria" onSubmit={apply}>
        <RoundSelect id="pagos-convocatoria" value={draft.round} onChange={(value) => setPart('round', value)} programmes={rounds.programmes} />
        <DateFilter id="pagos-desde" label="Pagados desde" value={draft.since} onChange={(value) => setPart('since', value)} />
        <DateFilter id="pagos-antes" label="Antes del" value={draft.before} onChange={(value) => setPart('before', value)} />
      </FilterForm>
      <p>
        <CsvLink href={paymentPaths.csv(range)}>Descargar CSV de estos pagos</CsvLink>
      </p>
      {payments.state === 'loading' ? <p role="status">Cargando pagos…</p> : null}
      {payments.state === 'error' ? <LoadFailure>{failureMessage(payments.status)}</LoadFailure> : null}
      {payments.state === 'ready' && rows.length === 0 ? <p className={styles.muted}>{range.round === ALL_ROUNDS ? 'No hay pagos en ese rango.' : range.round === CURRENT_ROUNDS ? 'No hay pagos en ese rango de las convocatorias actuales.' : 'No hay pagos en ese rango de esa convocatoria.'}</p> : null}
      {rows.length > 0 ? (
        <ScrollingTable caption={<>Pagos: {rows.length}</>}>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Solicitud</th>
              <th scope="col">Persona beneficiaria</th>
              <th scope="col">Hito</th>
              <th scope="col">Monto</th>
              <th scope="col">Valor en la beca</th>
              <th scope="col">Método</th>
              <th scope="col">Referencia</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((payment) => (
              <tr key={payment.id}>
                <td>
                  <time dateTime={payment.paidOn}>{formatDay(payment.paidOn)}</time>
                </td>
                <td>
                  {payment.applicationReference === null ? '—' : <a href={teamRoutes.application(payment.applicationReference)}>{payment.applicationReference}</a>}
                </td>
                <td>{payment.grantee}</td>
                <td>{payment.milestoneTitle ?? 'Anticipo'}</td>
                <td>{showAmount(payment.amount, payment.currency)}</td>
                <td>
                  {showAmount(payment.grantAmount, payment.grantCurrency)}
                  {payment.rate ? <span className={styles.muted}> ({payment.rate})</span> : null}
                </td>
                <td>{methodLabel(payment.method)}</td>
                <td className={styles.hash}>{payment.reference ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      ) : null}
    </section>
  );
}

/** The Pagos page (finance): what to pay next, and the payments of a date range with their CSV. */
export function Payments() {
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <DuePayments onRecorded={() => setGeneration((value) => value + 1)} />
      <PaymentsInRange generation={generation} />
    </>
  );
}
