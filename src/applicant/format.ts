import { spanishMoment } from '@/lib/moments';

/** Dates as the portal shows them: Spanish, in the reader's own time zone; a moment in the house style (24 h, src/lib/moments.ts). */
const dateOnly = new Intl.DateTimeFormat('es-419', { dateStyle: 'long' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : spanishMoment(date);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}
