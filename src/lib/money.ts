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
 * The one hint every amount field shows (src/team/kit/AmountField.tsx: Crear la beca, the decision's
 * grant amount, the milestones' amounts, Registrar pago): amounts are typed the way the screens show them.
 */
export const AMOUNT_HINT = 'Por ejemplo 12000 o 12.000,00: el punto separa los miles y la coma, los decimales.';

/** Digits before the decimal separator an amount may have: far above any grant, well inside numeric(78,0). */
const MAX_WHOLE_DIGITS = 30;

/** What an amount that is not a number is told; the API contracts say the same for a value that is not text. */
export const AMOUNT_FORMAT_MESSAGE = 'Escribe el monto con números, por ejemplo 12000, 12.000,00 o 1,5.';
const BAD_GROUPS = 'Los miles van en grupos de tres cifras, por ejemplo 1.500.000 o 12.000,50.';
const NOT_POSITIVE = 'El monto debe ser mayor que cero.';

/**
 * A read amount: its minor units and the decimal string a screen sends for it ("12000.00", "1.5"):
 * toDecimalString's, except that a token amount whose string would read two ways takes one more zero
 * (2.125 ETH is sent as "2.1250"), so that the server, reading it with this same function, reads
 * exactly what the screen did.
 */
export type ParsedAmount = { readonly ok: true; readonly minor: bigint; readonly decimal: string } | { readonly ok: false; readonly message: string };

type Refusal = { readonly ok: false; readonly message: string };
const refuse = (message: string): Refusal => ({ ok: false, message });

/** A currency named beside the figure, as the screens and spreadsheets write it: the code, "US$" or "$" (dollars), "Ξ" (ether). */
const MARKERS: readonly (readonly [RegExp, Currency])[] = [
  ...CURRENCY_CODES.map((code) => [new RegExp(`^${code}$`, 'i'), code] as const),
  [/^US\$$/i, 'USD'],
  [/^\$$/, 'USD'],
  [/^Ξ$/, 'ETH'],
];
const MARKER_AT_START = /^(US\$|\$|Ξ|[A-Za-z]{3}(?![A-Za-z]))\s*/;
const MARKER_AT_END = /\s*(US\$|\$|Ξ|(?<![A-Za-z])[A-Za-z]{3})$/;
const SIGN = /^[-−‒–]\s*/;

const markedCurrency = (marker: string): Currency | null => MARKERS.find(([pattern]) => pattern.test(marker))?.[1] ?? null;

/** The figure without its sign and currency marker, or the refusal when the marker names another currency. */
function bareFigure(text: string, currency: Currency): { ok: true; figure: string; negative: boolean } | Refusal {
  let rest = text.trim();
  let negative = false;
  const dropSign = () => {
    const sign = SIGN.exec(rest);
    if (sign) {
      negative = true;
      rest = rest.slice(sign[0].length);
    }
  };
  dropSign();
  for (const pattern of [MARKER_AT_START, MARKER_AT_END]) {
    const found = pattern.exec(rest);
    const named = found ? markedCurrency(found[1] ?? '') : null;
    if (!found || !named) continue;
    if (named !== currency) return refuse(`«${text.trim()}» está en ${named}, y este monto va en ${currency}.`);
    rest = pattern === MARKER_AT_START ? rest.slice(found[0].length) : rest.slice(0, found.index);
    dropSign();
  }
  return { ok: true, figure: rest.trim(), negative };
}

const UNITS = ['', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve'];
const TWENTIES = ['veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve'];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos'];

/** 1–999 in words; `beforeMil` shortens "uno" to "un" ("veintiún mil"). */
function wordsUnderThousand(n: number, beforeMil: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  let tail = '';
  if (rest < 20) tail = UNITS[rest] ?? '';
  else if (rest < 30) tail = TWENTIES[rest - 20] ?? '';
  else tail = `${TENS[Math.floor(rest / 10)] ?? ''}${rest % 10 ? ` y ${UNITS[rest % 10] ?? ''}` : ''}`;
  if (beforeMil) tail = tail.replace(/uno$/, 'un').replace(/veintiun$/, 'veintiún');
  const head = hundreds === 1 && rest === 0 ? 'cien' : (HUNDREDS[hundreds] ?? '');
  return [head, tail].filter(Boolean).join(' ');
}

/** 1.000–999.999 in words, as the question in a refusal reads it: "doce mil", "mil quinientos", "veintiún mil". */
function thousandsInWords(n: number): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const head = thousands === 1 ? 'mil' : `${wordsUnderThousand(thousands, true)} mil`;
  return rest ? `${head} ${wordsUnderThousand(rest, false)}` : head;
}

/**
 * "1.500" or "12,000": one separator with one to three digits before it (the first not a zero) and
 * exactly three after. The screens write a point between thousands and a spreadsheet in English a
 * comma, so either way it may be a thousand and a half or one and a half: refused, saying how it
 * reads as thousands and, when it is also an amount as decimals, how to write that one.
 */
function ambiguity(head: string, tail: string, separator: string, currency: Currency): Refusal {
  const { decimals } = CURRENCIES[currency];
  const whole = `${head}${tail}`;
  const zero = currency === 'USD' ? ',00' : ',0';
  const question = `¿${head}${separator}${tail} = ${thousandsInWords(Number(whole))}? Escribe ${whole} o ${head}.${tail}${zero}`;
  const significant = tail.replace(/0+$/, '');
  if (significant.length > decimals) return refuse(`${question}.`);
  // As decimals: "1,5", "12,00"; three decimals need a fourth to stop looking like thousands ("2,1250").
  const asDecimals = currency === 'USD' ? `${head},${significant.padEnd(2, '0')}` : significant.length === 3 ? `${head},${tail}0` : significant ? `${head},${significant}` : head;
  return refuse(`${question}; si son decimales, escribe ${asDecimals}.`);
}

/** One separator, one to three digits before it (the first not a zero), exactly three after: see ambiguity. */
const READS_TWO_WAYS = /^[1-9]\d{0,2}[.,]\d{3}$/;

const groupsOf = (separator: string) => new RegExp(`^[1-9]\\d{0,2}(?:${separator === '.' ? '\\.' : separator}\\d{3})+$`);

/** The whole part and the decimals of a figure in any of the accepted ways of writing it, or why it is refused. */
function digitsOf(figure: string, currency: Currency): { ok: true; whole: string; fraction: string } | Refusal {
  // Spaces (also the no-break ones a spreadsheet copies) between groups of three: "12 000,50".
  if (/\s/.test(figure)) {
    const match = /^([1-9]\d{0,2}(?:\s\d{3})+)(?:[.,](\d+))?$/.exec(figure);
    return match ? { ok: true, whole: (match[1] ?? '').replace(/\s/g, ''), fraction: match[2] ?? '' } : refuse(/^[\d\s.,]+$/.test(figure) ? BAD_GROUPS : AMOUNT_FORMAT_MESSAGE);
  }
  if (!/^\d[\d.,]*\d$|^\d$/.test(figure)) return refuse(AMOUNT_FORMAT_MESSAGE);
  const points = figure.split('.').length - 1;
  const commas = figure.split(',').length - 1;
  if (points === 0 && commas === 0) return { ok: true, whole: figure, fraction: '' };
  if (points > 0 && commas > 0) {
    // Both: the last one separates the decimals, once; the other groups the thousands ("12.000,50", "12,000.50").
    const decimal = figure.lastIndexOf('.') > figure.lastIndexOf(',') ? '.' : ',';
    const grouping = decimal === '.' ? ',' : '.';
    const at = figure.lastIndexOf(decimal);
    const [whole, fraction] = [figure.slice(0, at), figure.slice(at + 1)];
    if ((decimal === '.' ? points : commas) > 1 || !groupsOf(grouping).test(whole)) return refuse(BAD_GROUPS);
    return { ok: true, whole: whole.split(grouping).join(''), fraction };
  }
  const separator = points > 0 ? '.' : ',';
  const parts = figure.split(separator);
  if (parts.length > 2) return groupsOf(separator).test(figure) ? { ok: true, whole: parts.join(''), fraction: '' } : refuse(BAD_GROUPS);
  const [head = '', tail = ''] = parts;
  if (READS_TWO_WAYS.test(figure)) return ambiguity(head, tail, separator, currency);
  return { ok: true, whole: head, fraction: tail };
}

/**
 * What a person typed or pasted into an amount field, read one way in the browser and on the server.
 * Accepted: what the screens show ("12.000,00", "USD 12.000,00", "1,5"), plain digits ("12000",
 * "12000.50") and a spreadsheet's English style ("12,000.00", "$12,000"), with spaces between groups
 * and the currency's code or symbol. Refused, with the reason: a figure that reads two ways
 * ("12.000", "1,500": see ambiguity), another currency, too many decimals for the currency
 * ("1500.001" USD), zero, negative, or anything that is not a number. "1500.00" in USD is 150000n;
 * "0,25" in ETH is 250000000000000000n. A screen sends the result's `decimal`, which reads back the same.
 */
export function parseAmount(text: string, currency: Currency): ParsedAmount {
  if (text.trim() === '') return refuse('Escribe el monto.');
  const bare = bareFigure(text, currency);
  if (!bare.ok) return bare;
  if (bare.negative && /\d/.test(bare.figure)) return refuse(NOT_POSITIVE);
  const digits = digitsOf(bare.figure, currency);
  if (!digits.ok) return digits;
  const { decimals } = CURRENCIES[currency];
  const whole = digits.whole.replace(/^0+(?=\d)/, '');
  if (whole.length > MAX_WHOLE_DIGITS) return refuse('El monto es demasiado grande.');
  const significant = digits.fraction.replace(/0+$/, '');
  if (significant.length > decimals) return refuse(`El monto admite como máximo ${decimals} decimales en ${currency}.`);
  const minor = BigInt(whole + significant.padEnd(decimals, '0'));
  if (minor <= 0n) return refuse(NOT_POSITIVE);
  const decimal = toDecimalString(minor, currency);
  return { ok: true, minor, decimal: READS_TWO_WAYS.test(decimal) ? `${decimal}0` : decimal };
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

/**
 * An amount as an amount field shows it to be edited: the screens' style without the code ("12.000,00",
 * "1,5"). A token amount that would read two ways ("1.500", "2,125") takes one more zero decimal
 * ("1.500,0", "2,1250"), so that saving it unchanged keeps it.
 */
export function amountText(minor: bigint, currency: Currency): string {
  const shown = formatAmount(minor, currency).slice(currency.length + 1);
  if (parseAmount(shown, currency).ok) return shown;
  return shown.includes(',') ? `${shown}0` : `${shown},0`;
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
