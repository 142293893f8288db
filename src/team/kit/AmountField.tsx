import type { Ref } from 'react';
import { AMOUNT_HINT, formatAmount, parseAmount, type Currency } from '@/lib/money';
import fieldStyles from '@/forms/kit/Field.module.css';
import teamStyles from '../team.module.css';
import styles from './AmountField.module.css';

/** The two field looks an amount sits among: the team's own forms, or a form built from the field kit (Registrar pago). */
const LOOKS = {
  team: { field: teamStyles.field, label: teamStyles.label, help: teamStyles.muted, input: teamStyles.input, error: teamStyles.fieldError, reading: teamStyles.muted },
  kit: { field: fieldStyles.field, label: fieldStyles.label, help: fieldStyles.help, input: fieldStyles.control, error: fieldStyles.error, reading: styles.kitReading },
} as const;

export type AmountFieldProps = {
  /** The input's id; the help, the reading and the error take `${id}-help`, `${id}-reading`, `${id}-error`. */
  id: string;
  label: string;
  /** The screen's own help, before the one format hint every amount field shows (src/lib/money.ts AMOUNT_HINT). */
  help?: string;
  /** The currency it is read in; null while unknown (no reading shown until it is). */
  currency: Currency | null;
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  /** The screen's refusal after a save was tried (the parser's message); hidden once the text reads as an amount. */
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  required?: boolean;
  look?: keyof typeof LOOKS;
};

/**
 * The one amount field (issue 49, "money typed one way"): it takes an amount as the screens show it
 * ("12.000,00"), as plain digits ("12000") or as a spreadsheet pastes it ("USD 12,000.00"), and reads it
 * with src/lib/money.ts parseAmount, the server's own parser. Under the field, live (polite), it says
 * what will be saved, in the screens' style ("Se guardará como USD 12.000,00."), and nothing while
 * the text cannot be read. A figure it cannot read is refused by the screen when saving (`error`:
 * "¿12.000 = doce mil? Escribe 12000 o 12.000,00…"), never on leaving the field: "12.000" is on the
 * way to "12.000,00", and a message appearing on blur moves the button being clicked. The screen
 * sends the parsed amount's `decimal`, never the text as typed.
 */
export function AmountField({ id, label, help, currency, value, onChange, onBlur, error, inputRef, name, required = false, look = 'team' }: AmountFieldProps) {
  const classes = LOOKS[look];
  const parsed = currency && value.trim() !== '' ? parseAmount(value, currency) : null;
  const reading = parsed?.ok && currency ? `Se guardará como ${formatAmount(parsed.minor, currency)}.` : '';
  // A refusal was about the text as it was: once the text reads as an amount, the reading replaces it.
  const shownError = reading ? null : error;
  const described = [`${id}-help`, reading ? `${id}-reading` : '', shownError ? `${id}-error` : ''].filter(Boolean).join(' ');
  const hint = (
    <p id={`${id}-help`} className={classes.help}>
      {help ? `${help} ${AMOUNT_HINT}` : AMOUNT_HINT}
    </p>
  );
  return (
    <div className={classes.field} data-field={name}>
      <label className={classes.label} htmlFor={id}>
        {label}
        {required && look === 'kit' ? (
          <span className={fieldStyles.requiredMark} aria-hidden="true">
            {' '}*
          </span>
        ) : null}
      </label>
      {/* The kit puts its help above the control; the team's forms below it, so inputs side by side stay in line. */}
      {look === 'kit' ? hint : null}
      <input
        ref={inputRef}
        id={id}
        name={name}
        className={classes.input}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={shownError ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={described}
      />
      <p id={`${id}-reading`} className={`${styles.reading} ${classes.reading}`} aria-live="polite">
        {reading}
      </p>
      {look === 'team' ? hint : null}
      {shownError ? (
        <p id={`${id}-error`} className={classes.error}>
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
