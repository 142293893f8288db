import type { ReactNode, Ref } from 'react';
import type { Currency } from '@/lib/money';
import { formatDay } from '@/lib/grantText';
import { AmountField } from '../kit/AmountField';
import { shownAmount, type Row, type RowErrors } from './milestoneRows';
import teamStyles from '../team.module.css';
import styles from './grant.module.css';

type Part = keyof RowErrors;

function Field({ id, label, help, error, children }: { id: string; label: string; help?: string; error?: string; children: (described: string | undefined) => ReactNode }) {
  const described = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={teamStyles.field}>
      <label className={teamStyles.label} htmlFor={id}>
        {label}
      </label>
      {children(described || undefined)}
      {help ? (
        <p id={`${id}-help`} className={teamStyles.muted}>
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={teamStyles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An accepted milestone: shown as it is, it does not change. */
export function AcceptedMilestone({ row, index, currency }: { row: Row; index: number; currency: Currency }) {
  return (
    <fieldset className={styles.editorRow}>
      <legend className={styles.editorLegend}>Hito {index + 1} (aceptado: no cambia)</legend>
      <p>
        {row.title} · {shownAmount(row.amount, currency)} · <time dateTime={row.dueDate}>{formatDay(row.dueDate)}</time>
      </p>
    </fieldset>
  );
}

type FieldsProps = {
  row: Row;
  index: number;
  errors: RowErrors;
  currency: Currency;
  createdOn: string;
  /** The first title field, focused when the editor opens. */
  firstRef?: Ref<HTMLInputElement>;
  onChange: (part: Partial<Row>) => void;
  /** Absent when the row is the only one. */
  onRemove?: () => void;
};

/** One milestone being written: title, due date, amount and what counts as done, each with its error. */
export function MilestoneFields({ row, index, errors, currency, createdOn, firstRef, onChange, onRemove }: FieldsProps) {
  const id = (part: Part) => `hito-${row.key}-${part}`;
  // What every field of the row shares: its id, value, change and error state.
  const common = (part: Part, described: string | undefined) => ({
    id: id(part),
    className: teamStyles.input,
    value: row[part],
    onChange: (event: { target: { value: string } }) => onChange({ [part]: event.target.value }),
    'aria-invalid': errors[part] ? true : undefined,
    'aria-describedby': described,
  });
  return (
    <fieldset className={styles.editorRow}>
      <legend className={styles.editorLegend}>Hito {index + 1}</legend>
      <div className={styles.editorFields}>
        <Field id={id('title')} label="Título" error={errors.title}>
          {(described) => <input ref={firstRef} {...common('title', described)} />}
        </Field>
        <Field id={id('dueDate')} label="Fecha límite" error={errors.dueDate}>
          {(described) => <input type="date" min={createdOn} {...common('dueDate', described)} />}
        </Field>
        <AmountField id={id('amount')} label={`Monto (${currency})`} currency={currency} value={row.amount} onChange={(amount) => onChange({ amount })} error={errors.amount} />
        <div className={styles.editorWide}>
          <Field id={id('doneCriteria')} label="Criterio de cumplimiento" error={errors.doneCriteria}>
            {(described) => <textarea rows={2} {...common('doneCriteria', described)} />}
          </Field>
        </div>
      </div>
      {onRemove ? (
        <div>
          <button type="button" className={teamStyles.dangerButton} onClick={onRemove}>
            Quitar el hito {index + 1}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
