/**
 * How a grant's figures read on the pages (team and grantee alike). An amount from the API is a
 * decimal string in its currency ("1500.00", "0", "0.25"), shown in src/lib/money.ts's one display
 * style; unlike parseAmount (which checks what a person typed), zero is a valid figure here: "paid
 * so far" starts at it.
 */
import { CURRENCIES, formatAmount, isCurrency, type Currency } from './money';

/** The minor units of a decimal string from the API, or null when it is not one in this currency. */
export function minorFromDecimal(decimal: string, currency: Currency): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return null;
  const { decimals } = CURRENCIES[currency];
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return null;
  const minor = BigInt(match[2] + fraction.padEnd(decimals, '0'));
  return match[1] === '-' ? -minor : minor;
}

/** "USD 1.500,00", "ETH 0,25", "DAI 0"; an unknown currency or shape is shown as it came. */
export function showAmount(decimal: string, currency: string): string {
  const minor = isCurrency(currency) ? minorFromDecimal(decimal, currency) : null;
  return minor === null || !isCurrency(currency) ? `${currency} ${decimal}` : formatAmount(minor, currency);
}

const dayFormats = {
  medium: new Intl.DateTimeFormat('es-419', { dateStyle: 'medium', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('es-419', { dateStyle: 'long', timeZone: 'UTC' }),
} as const;

/** A calendar day (YYYY-MM-DD, as due and payment dates travel) in Spanish: the same day wherever the reader is. */
export function formatDay(value: string, style: keyof typeof dayFormats = 'medium'): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dayFormats[style].format(date);
}
