import { AMOUNT_HINT, CURRENCY_CODES, isCurrency, parseAmount, type Currency } from '@/lib/money';
import type { GrantTerms } from './grantApi';
import teamStyles from '../team.module.css';

export type GrantTermsDraft = { amount: string; currency: Currency };

export const emptyGrantTerms: GrantTermsDraft = { amount: '', currency: 'USD' };

/** The terms as the API takes them, or the Spanish reason the amount is refused (src/lib/money.ts, the server's own check). */
export function grantTermsOf(draft: GrantTermsDraft): { ok: true; terms: GrantTerms } | { ok: false; message: string } {
  const parsed = parseAmount(draft.amount, draft.currency);
  return parsed.ok ? { ok: true, terms: { amount: draft.amount.trim(), currency: draft.currency } } : { ok: false, message: parsed.message };
}

/**
 * The approved amount and its currency (USD, ETH or DAI), which may differ from what was requested:
 * on "Crear la beca" and on the decision that approves a paying programme's application. The
 * amount's format hint (src/lib/money.ts AMOUNT_HINT) always shows, after the screen's own help.
 */
export function GrantTermsFields({ id, label, help, draft, problem, onChange }: { id: string; label: string; help?: string; draft: GrantTermsDraft; problem: string | null; onChange: (draft: GrantTermsDraft) => void }) {
  return (
    <>
      <div className={teamStyles.field}>
        <label className={teamStyles.label} htmlFor={`${id}-monto`}>
          {label}
        </label>
        <input
          id={`${id}-monto`}
          className={teamStyles.input}
          inputMode="decimal"
          autoComplete="off"
          value={draft.amount}
          onChange={(event) => onChange({ ...draft, amount: event.target.value })}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-monto-ayuda ${id}-monto-error` : `${id}-monto-ayuda`}
        />
        <p id={`${id}-monto-ayuda`} className={teamStyles.muted}>
          {help ? `${help} ${AMOUNT_HINT}` : AMOUNT_HINT}
        </p>
        {problem ? (
          <p id={`${id}-monto-error`} className={teamStyles.fieldError}>
            {problem}
          </p>
        ) : null}
      </div>
      <div className={teamStyles.field}>
        <label className={teamStyles.label} htmlFor={`${id}-moneda`}>
          Moneda
        </label>
        <select id={`${id}-moneda`} className={teamStyles.input} value={draft.currency} onChange={(event) => isCurrency(event.target.value) && onChange({ ...draft, currency: event.target.value })}>
          {CURRENCY_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
