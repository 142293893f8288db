import { useMemo, useState } from 'react';
import { useController, useForm, type UseFormReturn } from 'react-hook-form';
import { PAYMENT_METHODS, type PaymentMethod } from '@/lib/payments';
import type { FieldDefinition, FormValues } from '@/forms/definitions/types';
import { DISALLOWED_TEXT_MESSAGE_ES } from '@/forms/definitions/validate';
import { fieldIds } from '@/forms/kit/fieldIds';
import { RadioField } from '@/forms/kit/RadioField';
import { fieldsResolver } from '@/forms/kit/resolver';
import { TextField } from '@/forms/kit/TextField';
import { useFieldStatus } from '@/forms/kit/useFieldStatus';
import { useFormSelector } from '@/forms/kit/useFormSelector';
import { parseAmount, type Currency } from '@/lib/money';
import { TeamApiError } from './api';
import { formatDay, showAmount } from '@/lib/grantText';
import { AmountField } from './kit/AmountField';
import { Notice } from './Notice';
import { METHODS, currencyOf } from './paymentMethods';
import { paymentsApi, type DueMilestone } from './paymentsApi';
import { actionFailure, type ActionOutcome } from './useTeamData';
import styles from './team.module.css';

/*
 * The form that records a payment: react-hook-form and the forms' field kit (some 16 kB gzip), in a
 * chunk of its own that Pagos loads when "Registrar pago" is first pressed (src/team/Payments.tsx).
 */

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
export function RecordPaymentForm({ milestone, onRecorded }: { milestone: DueMilestone; onRecorded: (outcome: ActionOutcome) => void }) {
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
