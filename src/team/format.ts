/** Dates and sizes as the team pages show them: Spanish, a 24-hour clock as the emails and the portal (src/lib/moments.ts), in the reader's own time zone. */
const dateTime = new Intl.DateTimeFormat('es-419', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/**
 * A decimal as every team page writes it: a comma before the decimals, as money ("USD 1.500,50",
 * src/lib/money.ts) and sizes ("1,5 MB") do. es-419 would write "3.5" (its point is Mexico's), so the
 * separator is set here once, for scores, spreads, weights, averages and sizes alike.
 */
export function formatDecimal(value: number, fractionDigits: { min: number; max: number } = { min: 0, max: 2 }): string {
  const [whole = '', fraction = ''] = value.toFixed(fractionDigits.max).split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(fractionDigits.min, '0');
  return kept ? `${whole},${kept}` : whole;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} kB`;
  return `${formatDecimal(bytes / (1024 * 1024), { min: 1, max: 1 })} MB`;
}

/** A score or spread on the 1–5 scale with a decimal comma ("3,5"); a dash when there is none yet. */
export function formatScore(value: number | null): string {
  return value === null ? '—' : formatDecimal(value);
}
