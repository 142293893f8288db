import { CURRENCY_CODES, type Currency } from '@/lib/money';
import { AmountField } from '../kit/AmountField';
import { FilterField } from '../kit/FilterField';
import styles from '../team.module.css';
import type { RoundDraft } from './roundDraft';
import { MAX_GRACE, TIMEZONE_OPTIONS, isRoundTimezone } from './roundText';

type SetPart = <K extends keyof RoundDraft>(part: K, value: RoundDraft[K]) => void;

/** One help line under a field, named by the field. */
const Help = ({ id, children }: { id: string; children: string }) => (
  <p id={id} className={styles.muted}>
    {children}
  </p>
);

/** The fields of a round (name, moments, timezone, grace, budget, cap), ids prefixed by `id`. */
export function RoundFields({ id, draft, setPart, budgetError }: { id: string; draft: RoundDraft; setPart: SetPart; budgetError: string | null }) {
  const input = (part: 'name' | 'opensLocal' | 'closesLocal' | 'graceHours' | 'cap') => ({
    id: `${id}-${part}`,
    className: styles.input,
    value: draft[part],
    onChange: (event: { target: { value: string } }) => setPart(part, event.target.value),
  });
  return (
    <>
      <FilterField id={`${id}-name`} label="Nombre">
        <input {...input('name')} maxLength={120} autoComplete="off" aria-describedby={`${id}-name-help`} />
      </FilterField>
      <Help id={`${id}-name-help`}>Por ejemplo «Academic Grants 2027 · primera ola».</Help>
      <FilterField id={`${id}-timezone`} label="Zona horaria">
        <select id={`${id}-timezone`} className={styles.input} value={draft.timezone} onChange={(event) => isRoundTimezone(event.target.value) && setPart('timezone', event.target.value)}>
          {TIMEZONE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id={`${id}-opensLocal`} label="Abre (fecha y hora en esa zona)">
        <input {...input('opensLocal')} type="datetime-local" />
      </FilterField>
      <label className={styles.choice}>
        <input type="checkbox" className={styles.checkbox} checked={draft.noEnd} onChange={(event) => setPart('noEnd', event.target.checked)} /> Sin fecha de cierre (recibe solicitudes en cualquier momento)
      </label>
      {draft.noEnd ? null : (
        <FilterField id={`${id}-closesLocal`} label="Cierra (fecha y hora en esa zona)">
          <input {...input('closesLocal')} type="datetime-local" />
        </FilterField>
      )}
      <FilterField id={`${id}-graceHours`} label="Período de gracia en horas (no se publica)">
        <input {...input('graceHours')} type="number" inputMode="numeric" min={0} max={MAX_GRACE} aria-describedby={`${id}-graceHours-help`} />
      </FilterField>
      <Help id={`${id}-graceHours-help`}>{`Después del cierre publicado se siguen aceptando solicitudes durante estas horas, sin anunciarlo en el sitio. De 0 a ${MAX_GRACE} (7 días).`}</Help>
      <AmountField id={`${id}-budget`} label="Presupuesto (opcional)" currency={draft.budgetCurrency} value={draft.budgetAmount} onChange={(text) => setPart('budgetAmount', text)} error={budgetError} />
      <FilterField id={`${id}-currency`} label="Moneda del presupuesto">
        <select id={`${id}-currency`} className={styles.input} value={draft.budgetCurrency} onChange={(event) => setPart('budgetCurrency', CURRENCY_CODES.find((code) => code === event.target.value) ?? draft.budgetCurrency)}>
          {CURRENCY_CODES.map((code: Currency) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id={`${id}-cap`} label="Máximo de solicitudes (opcional)">
        <input {...input('cap')} type="number" inputMode="numeric" min={1} aria-describedby={`${id}-cap-help`} />
      </FilterField>
      <Help id={`${id}-cap-help`}>Vacío: sin máximo. Al alcanzarlo, el formulario deja de aceptar solicitudes.</Help>
    </>
  );
}
