/**
 * Exact money for grants and payments. Amounts live as integer minor units (bigint; cents for USD,
 * wei-like units for the 18-decimal tokens), travel as decimal strings ("1500.00", "0.25") and are
 * stored as numeric(78,0). Never a floating-point number: 0.1 + 0.2 is not 0.3, and 18 decimals do
 * not fit in a double at all.
 */

export const CURRENCIES = {
  USD: { decimals: 2 },
  ETH: { decimals: 18 },
  DAI: { decimals: 18 },
} as const;

export type Currency = keyof typeof CURRENCIES;

export const CURRENCY_CODES = Object.keys(CURRENCIES) as readonly Currency[];

export function isCurrency(value: string): value is Currency {
  return Object.hasOwn(CURRENCIES, value);
}

/**
 * The one hint every amount field shows (Crear la beca, the decision's grant amount, Registrar pago,
 * the milestones' amounts): amounts are shown as "USD 12.000,00" but typed without the thousands point.
 */
export const AMOUNT_HINT = 'Sin separador de miles y con punto para los decimales, por ejemplo 12000 o 12000.50.';

/** Digits before the point an amount may have: far above any grant, well inside numeric(78,0). */
const MAX_WHOLE_DIGITS = 30;

export type ParsedAmount = { readonly ok: true; readonly minor: bigint } | { readonly ok: false; readonly message: string };

/**
 * "1500.00" in USD is 150000n; "0.25" in ETH is 250000000000000000n. A comma is refused rather
 * than guessed at: "1,500" is a thousand and a half in one country and one and a half in the next.
 * So is a point that reads as the pages' thousands point ("USD 12.000,00"): one to three digits, a
 * point, exactly three digits. In USD that is never a valid amount as a decimal ("12.000" would be
 * twelve dollars written with a third decimal), so it is refused. In a token it is refused only when
 * the third digit is a zero ("1.500": 1500 ETH as shown, or 1.5?), which can always be written
 * without it; "0.125" or "2.125" ETH are real amounts and stay accepted. Nothing legitimate is lost.
 */
export function parseAmount(text: string, currency: Currency): ParsedAmount {
  const value = text.trim();
  const { decimals } = CURRENCIES[currency];
  if (value === '') return { ok: false, message: 'Escribe el monto.' };
  if (/^-\s*\d/.test(value)) return { ok: false, message: 'El monto debe ser mayor que cero.' };
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return { ok: false, message: 'Escribe el monto solo con números y un punto para los decimales, por ejemplo 1500.50.' };
  if (/^[1-9]\d{0,2}\.\d{3}$/.test(value)) {
    const thousands = value.replace('.', '');
    if (decimals === 2) {
      return { ok: false, message: `«${value}» parece llevar un punto de miles. Escribe el monto sin separador de miles (${thousands}); el punto solo separa los decimales (${thousands}.50).` };
    }
    if (value.endsWith('0')) {
      const decimal = value.replace(/\.?0+$/, '');
      return { ok: false, message: `«${value}» puede leerse como ${thousands} o como ${decimal}: escribe ${thousands} si son miles, o ${decimal} si son decimales.` };
    }
  }
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, message: 'El monto es demasiado grande.' };
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals) {
    return { ok: false, message: `El monto admite como máximo ${decimals} decimales en ${currency}.` };
  }
  const minor = BigInt(whole + significant.padEnd(decimals, '0'));
  if (minor <= 0n) return { ok: false, message: 'El monto debe ser mayor que cero.' };
  return { ok: true, minor };
}

function split(minor: bigint, currency: Currency): { negative: boolean; whole: string; fraction: string } {
  const { decimals } = CURRENCIES[currency];
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  return { negative, whole: digits.slice(0, digits.length - decimals), fraction: digits.slice(digits.length - decimals) };
}

/** The decimal string the API sends: USD always with its two decimals ("1500.00"), tokens trimmed ("0.25", "3"). */
export function toDecimalString(minor: bigint, currency: Currency): string {
  const { negative, whole, fraction } = split(minor, currency);
  const shown = currency === 'USD' ? fraction : fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${shown ? `.${shown}` : ''}`;
}

/**
 * The amount as a reader sees it, one style everywhere (the site's "USD 30.000"): the code first,
 * a point between thousands, a comma before decimals; "USD 1.500,00", "ETH 1,5", "DAI 250".
 */
export function formatAmount(minor: bigint, currency: Currency): string {
  const { negative, whole, fraction } = split(minor, currency);
  const shown = currency === 'USD' ? fraction : fraction.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${currency} ${negative ? '-' : ''}${grouped}${shown ? `,${shown}` : ''}`;
}

/** A numeric(78,0) column read as text (PostgreSQL hands numerics over as strings) back to minor units. */
export function minorFromDatabase(value: string | bigint | number): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error('A stored amount arrived as an unsafe number.');
    return BigInt(value);
  }
  return BigInt(value);
}
