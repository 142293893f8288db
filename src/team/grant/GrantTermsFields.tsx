import { CURRENCY_CODES, isCurrency, parseAmount, type Currency } from '@/lib/money';
import { AmountField } from '../kit/AmountField';
import type { GrantTerms } from './grantApi';
import teamStyles from '../team.module.css';

export type GrantTermsDraft = { amount: string; currency: Currency };

export const emptyGrantTerms: GrantTermsDraft = { amount: '', currency: 'USD' };

/** The terms as the API takes them (the amount as its canonical decimal string), or the Spanish reason the amount is refused (src/lib/money.ts, the server's own check). */
export function grantTermsOf(draft: GrantTermsDraft): { ok: true; terms: GrantTerms } | { ok: false; message: string } {
  const parsed = parseAmount(draft.amount, draft.currency);
  return parsed.ok ? { ok: true, terms: { amount: parsed.decimal, currency: draft.currency } } : { ok: false, message: parsed.message };
}

/**
 * The approved amount and its currency (USD, ETH or DAI), which may differ from what was requested:
 * on "Crear la beca" and on the decision that approves a paying programme's application. The amount
 * is the one amount field (src/team/kit/AmountField.tsx): its hint, and what it will save, read in the
 * chosen currency.
 */
export function GrantTermsFields({ id, label, help, draft, problem, onChange }: { id: string; label: string; help?: string; draft: GrantTermsDraft; problem: string | null; onChange: (draft: GrantTermsDraft) => void }) {
  return (
    <>
      <AmountField id={`${id}-monto`} label={label} help={help} currency={draft.currency} value={draft.amount} onChange={(amount) => onChange({ ...draft, amount })} error={problem} />
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
