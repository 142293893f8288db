/** Dates and sizes as the team pages show them: Spanish, in the reader's own time zone. */
const dateTime = new Intl.DateTimeFormat('es-419', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}


const score = new Intl.NumberFormat('es-419', { maximumFractionDigits: 2 });

/** A score or spread on the 1–5 scale, as the pages' Latin American Spanish writes it ("3.5"); a dash when there is none yet. */
export function formatScore(value: number | null): string {
  return value === null ? '—' : score.format(value);
}
