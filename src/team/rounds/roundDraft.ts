/** What the round form edits, as typed, and the body it sends (the server checks every value again). */
import type { EditRoundBody, RoundTimezone, TeamRound } from '@/api/contracts/rounds';
import { parseAmount, type Currency } from '@/lib/money';

export type RoundDraft = {
  name: string;
  opensLocal: string;
  closesLocal: string;
  /** No closing moment: the programme takes applications at any time. */
  noEnd: boolean;
  timezone: RoundTimezone;
  graceHours: string;
  budgetAmount: string;
  budgetCurrency: Currency;
  cap: string;
};

export const emptyDraft = (alwaysOpen: boolean): RoundDraft => ({
  name: '',
  opensLocal: '',
  closesLocal: '',
  noEnd: alwaysOpen,
  timezone: 'AoE',
  graceHours: '0',
  budgetAmount: '',
  budgetCurrency: 'USD',
  cap: '',
});

/** A round's values as its edit form starts from them. */
export const draftOfRound = (round: TeamRound): RoundDraft => ({
  name: round.name,
  opensLocal: round.opensLocal ?? '',
  closesLocal: round.closesLocal ?? '',
  noEnd: round.closesLocal === null,
  timezone: round.timezone,
  graceHours: String(round.graceHours),
  budgetAmount: round.budget?.amount ?? '',
  budgetCurrency: round.budget?.currency ?? 'USD',
  cap: round.cap === null ? '' : String(round.cap),
});

/** A whole number as typed; what is not one goes as is (NaN is sent as null) for the server to refuse with its message. */
const integer = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number.parseInt(text, 10) : Number.NaN);

/**
 * The body of a draft, or the budget's refusal: the budget is read with the server's own parser
 * (src/lib/money.ts) and sent as its canonical decimal, never as typed.
 */
export function bodyOf(draft: RoundDraft): { body: EditRoundBody } | { budgetError: string } {
  const budgetText = draft.budgetAmount.trim();
  const parsed = budgetText === '' ? null : parseAmount(budgetText, draft.budgetCurrency);
  if (parsed && !parsed.ok) return { budgetError: parsed.message };
  return {
    body: {
      name: draft.name.trim(),
      opensLocal: draft.opensLocal,
      closesLocal: draft.noEnd ? null : draft.closesLocal,
      timezone: draft.timezone,
      graceHours: draft.graceHours.trim() === '' ? 0 : integer(draft.graceHours),
      budget: parsed ? { amount: parsed.decimal, currency: draft.budgetCurrency } : null,
      cap: draft.cap.trim() === '' ? null : integer(draft.cap),
    },
  };
}
