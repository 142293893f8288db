import { useMemo, useState, type FormEvent } from 'react';
import { useController, useForm, type UseFormReturn } from 'react-hook-form';
import { METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@/lib/payments';
import type { FieldDefinition, FormValues } from '@/forms/definitions/types';
import { DISALLOWED_TEXT_MESSAGE_ES } from '@/forms/definitions/validate';
import { fieldIds } from '@/forms/kit/fieldIds';
import { RadioField } from '@/forms/kit/RadioField';
import { fieldsResolver } from '@/forms/kit/resolver';
import { TextField } from '@/forms/kit/TextField';
import { useFieldStatus } from '@/forms/kit/useFieldStatus';
import { useFormSelector } from '@/forms/kit/useFormSelector';
import { parseAmount, type Currency } from '@/lib/money';
import { teamRoutes } from '@/lib/team';
import { TeamApiError } from './api';
import { formatDay, showAmount } from '@/lib/grantText';
import { AmountField } from './kit/AmountField';
import { formatDateTime } from './format';
import { Notice, LoadFailure } from './Notice';
import { paymentPaths, paymentsApi, type DueMilestone, type PaymentListRow, type PaymentRangeFilter } from './paymentsApi';
import { actionFailure, failureMessage, useTeamData, type ActionOutcome } from './useTeamData';
import styles from './team.module.css';
import { ScrollingTable } from './ScrollingTable';
import { CsvLink } from './kit/CsvLink';
import { DateFilter, FilterForm } from './kit/FilterField';
import { useListFilters } from './kit/useListFilters';
import { ActionsHeader } from './kit/ActionsHeader';
import { ALL_ROUNDS, CURRENT_ROUNDS, RoundSelect } from './rounds/RoundSelect';
import { useRounds } from './rounds/useRounds';

/** What each method moves and how the page names it (the server checks the same pairs). */
const METHODS: Readonly<Record<PaymentMethod, { label: string; currency: Currency; onChain: boolean }>> = {
  bank_transfer: { label: `${METHOD_LABELS.bank_transfer} (USD)`, currency: 'USD', onChain: false },
  eth: { label: METHOD_LABELS.eth, currency: 'ETH', onChain: true },
  eth_l2: { label: METHOD_LABELS.eth_l2, currency: 'ETH', onChain: true },
  dai: { label: METHOD_LABELS.dai, currency: 'DAI', onChain: true },
  dai_l2: { label: METHOD_LABELS.dai_l2, currency: 'DAI', onChain: true },
};

const isMethod = (value: string): value is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(value);
const currencyOf = (values: FormValues): Currency | null => (isMethod(values.method ?? '') ? METHODS[values.method as PaymentMethod].currency : null);

const today = (): string => new Date().toISOString().slice(0, 10);

/** The payment form's fields for a grant in `grantCurrency`: its value and the rate only when the method pays in another currency. */
function paymentFields(grantCurrency: string): FieldDefinition[] {
  const otherCurrency = (values: FormValues) => {
    const currency = currencyOf(values);
    return currency !== null && currency !== grantCurrency;
  };
  return [
    {
      name: 'method',
      kind: 'radio',
      label: 'Método',
      section: 'payment',
      required: true,
      options: PAYMENT_METHODS.map((method) => ({ value: method, label: METHODS[method].label })),
      messages: { disallowed: DISALLOWED_TEXT_MESSAGE_ES, required: 'Elige el método de pago.', invalid: 'Elige el método de pago.' },
    },
    {
      name: 'amount',
      kind: 'text',
      label: 'Monto pagado',
      help: 'En la moneda del método.',
      section: 'payment',
      required: true,
      maxLength: 40,
      messages: { disallowed: DISALLOWED_TEXT_MESSAGE_ES, required: 'Escribe el monto pagado.' },
    },
    {
      name: 'grantAmount',
      kind: 'text',
      label: `Valor en ${grantCurrency}`,
      help: `La beca está en ${grantCurrency}: escribe cuánto valía este pago en ${grantCurrency} el día en que lo hiciste.`,
      section: 'payment',
      required: true,
      maxLength: 40,
      visibleWhen: otherCurrency,
      messages: { disallowed: DISALLOWED_TEXT_MESSAGE_ES, required: `Escribe el valor del pago en ${grantCurrency}.` },
    },
    {
      name: 'rate',
      kind: 'text',
      label: 'Tipo de cambio usado',
      help: 'Tal como lo usaste, por ejemplo «1 ETH = 3.150,25 USD».',
      section: 'payment',
      required: true,
      maxLength: 64,
      visibleWhen: otherCurrency,
      messages: { disallowed: DISALLOWED_TEXT_MESSAGE_ES, required: 'Escribe el tipo de cambio usado.' },
    },
    { name: 'paidOn', kind: 'date', label: 'Fecha del pago', section: 'payment', required: true, messages: { disallowed: DISALLOWED_TEXT_MESSAGE_ES, required: 'Escribe la fecha del pago.', invalid: 'Escribe una fecha válida.' } },
    {
      name: 'reference',
      kind: 'text',
      label: 'Referencia',
      help: 'El hash de la transacción (0x y 64 caracteres) o la referencia de la transferencia bancaria.',
      section: 'payment',
      required: true,
      maxLength: 200,
      messages: { disallowed: DISALLOWED_TEXT_MESSAGE_ES, required: 'Escribe la referencia del pago.' },
    },
    {
      name: 'destination',
      kind: 'text',
      label: 'Destino',
      help: 'La dirección o el IBAN al que enviaste el pago; lo comparamos con los datos de pago más recientes de la persona beneficiaria.',
      section: 'payment',
      required: true,
      maxLength: 100,
      messages: { disallowed: DISALLOWED_TEXT_MESSAGE_ES, required: 'Escribe la dirección o el IBAN de destino.' },
    },
  ];
}

/**
 * "Monto pagado" (read in the method's currency, unknown until a method is chosen) and "Valor en …"
 * (the grant's): the one amount field (src/team/kit/AmountField.tsx) in the field kit's look, bound to the form.
 */
function PaymentAmount({ field, form, currency }: { field: FieldDefinition; form: UseFormReturn<FormValues>; currency: Currency | null }) {
  const { required, error } = useFieldStatus(form, field);
  const { field: bound } = useController({ name: field.name, control: form.control });
  return (
    <AmountField
      look="kit"
      id={fieldIds(field.name).control}
      name={field.name}
      label={field.label}
      help={field.help}
      required={required}
      currency={currency}
      value={bound.value ?? ''}
      onChange={bound.onChange}
      onBlur={bound.onBlur}
      inputRef={bound.ref}
      error={error}
    />
  );
}

const EMPTY: FormValues = { method: '', amount: '', grantAmount: '', rate: '', paidOn: '', reference: '', destination: '' };

/** "Registrar pago" for one accepted milestone: every value stays on a failed send; a mismatched destination asks for a confirmation. */
function RecordPaymentForm({ milestone, onRecorded }: { milestone: DueMilestone; onRecorded: (outcome: ActionOutcome) => void }) {
  const fields = useMemo(() => paymentFields(milestone.currency), [milestone.currency]);
  const form = useForm<FormValues>({ mode: 'onBlur', defaultValues: { ...EMPTY, paidOn: today() }, resolver: useMemo(() => fieldsResolver(fields), [fields]) });
  const [failure, setFailure] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  // Only the method decides which fields show (another currency adds its value and the rate).
  const visibleNames = useFormSelector(form, (values) => fields.filter((field) => !field.visibleWhen || field.visibleWhen(values)).map((field) => field.name).join(' '));
  const visible = fields.filter((field) => visibleNames.split(' ').includes(field.name));
  const methodCurrency = useFormSelector(form, currencyOf);

  const submit = form.handleSubmit(
    async (sent) => {
      const method = sent.method as PaymentMethod;
      const currency = METHODS[method].currency;
      const other = currency !== milestone.currency;
      // The server's own parser, before sending: "1.500" reads two ways and is refused here too; what is sent is the canonical decimal.
      const amountSent = parseAmount(sent.amount ?? '', currency);
      const grantAmountSent = other ? parseAmount(sent.grantAmount ?? '', milestone.currency) : null;
      if (!amountSent.ok) {
        form.setError('amount', { type: 'amount', message: amountSent.message }, { shouldFocus: true });
        return;
      }
      if (grantAmountSent && !grantAmountSent.ok) {
        form.setError('grantAmount', { type: 'amount', message: grantAmountSent.message }, { shouldFocus: true });
        return;
      }
      setBusy(true);
      setFailure(null);
      try {
        const recorded = await paymentsApi.record(milestone.reference, {
          milestoneId: milestone.milestoneId,
          method,
          currency,
          amount: amountSent.decimal,
          ...(grantAmountSent ? { grantAmount: grantAmountSent.decimal, rate: sent.rate ?? '' } : {}),
          paidOn: sent.paidOn ?? '',
          reference: sent.reference ?? '',
          destination: sent.destination ?? '',
          ...(mismatch && confirmed ? { confirmMismatch: true } : {}),
        });
        onRecorded({
          tone: 'success',
          text: `Registramos el pago de ${showAmount(recorded.payment.amount, recorded.payment.currency)} del hito «${milestone.title}» (${milestone.reference}). Quedan ${showAmount(recorded.outstanding, milestone.currency)} por pagar de la beca.`,
        });
      } catch (error) {
        if (error instanceof TeamApiError && error.status === 409) setMismatch(true);
        setFailure(actionFailure(error, 'No pudimos registrar el pago. Inténtalo de nuevo.'));
      } finally {
        setBusy(false);
      }
    },
    (errors) => {
      const first = fields.find((field) => errors[field.name]);
      if (first) form.setFocus(first.name);
    },
  );

  return (
    <form className={styles.stack} noValidate onSubmit={submit} aria-labelledby="registrar-pago">
      <h3 id="registrar-pago" className={styles.subtitle}>
        Registrar pago: {milestone.reference} · hito {milestone.position} «{milestone.title}»
      </h3>
      <p className={styles.muted}>
        Por pagar: {showAmount(milestone.outstanding, milestone.currency)}. La fecha no puede ser anterior al {formatDay(milestone.grantCreatedOn)} ni futura.
      </p>
      {visible.map((field) =>
        field.kind === 'radio' ? (
          <RadioField key={field.name} field={field} form={form} />
        ) : field.name === 'amount' || field.name === 'grantAmount' ? (
          <PaymentAmount key={field.name} field={field} form={form} currency={field.name === 'amount' ? methodCurrency : milestone.currency} />
        ) : (
          <TextField key={field.name} field={field} form={form} language="es" />
        ),
      )}
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {mismatch ? (
        <div className={styles.field}>
          <label>
            <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} /> Confirmo que el destino es correcto aunque no coincide con los datos de pago más recientes
          </label>
        </div>
      ) : null}
      <div>
        <button type="submit" className={styles.button} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Registrando…' : 'Registrar pago'}
        </button>
      </div>
    </form>
  );
}

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
      {chosen ? <RecordPaymentForm key={chosen.milestoneId} milestone={chosen} onRecorded={recorded} /> : null}
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
