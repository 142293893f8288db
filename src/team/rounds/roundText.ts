/** How the team's pages name a round's timezone, state and moments, and which round a list shows first. */
import type { MAX_GRACE_HOURS, RoundState, RoundTimezone } from '@/api/contracts/rounds';

/** The most hours of grace (the contract's MAX_GRACE_HOURS: the type checks it is the same number). */
export const MAX_GRACE: typeof MAX_GRACE_HOURS = 168;

/** The timezone choices, as the admin picks them (never typed): every one of the contract's, in its order. */
export const timezoneLabels: Record<RoundTimezone, string> = {
  AoE: 'Anywhere on Earth (AoE, UTC−12)',
  UTC: 'UTC',
  'America/Mexico_City': 'Ciudad de México',
  'America/Bogota': 'Bogotá',
  'America/Lima': 'Lima',
  'America/Caracas': 'Caracas',
  'America/Santiago': 'Santiago de Chile',
  'America/Argentina/Buenos_Aires': 'Buenos Aires',
  'America/Sao_Paulo': 'São Paulo',
  'America/Montevideo': 'Montevideo',
};
export const isRoundTimezone = (value: string): value is RoundTimezone => Object.hasOwn(timezoneLabels, value);
export const TIMEZONE_OPTIONS = Object.keys(timezoneLabels)
  .filter(isRoundTimezone)
  .map((value) => ({ value, label: timezoneLabels[value] }));

/** A timezone after a time: "23:59 AoE", "23:59 (hora de Bogotá)". */
const zoneSuffix = (timezone: RoundTimezone): string => (timezone === 'AoE' || timezone === 'UTC' ? timezone : `(hora de ${timezoneLabels[timezone]})`);

export const stateLabels: Record<RoundState, string> = { open: 'Abierta', upcoming: 'Próxima', closed: 'Cerrada' };

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/**
 * A moment as typed in the round's timezone ("2027-03-15T23:59"), as read: "15 de marzo de 2027, 23:59 AoE",
 * or in a table's short form "15 mar 2027, 23:59 AoE".
 */
export function formatLocal(local: string | null, timezone: RoundTimezone, style: 'long' | 'short' = 'long'): string | null {
  const parts = local ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(local) : null;
  if (!parts) return local;
  const [, year, month, day, time] = parts;
  const name = MONTHS[Number(month) - 1] ?? '';
  const date = style === 'long' ? `${Number(day)} de ${name} de ${year}` : `${Number(day)} ${name.slice(0, 3)} ${year}`;
  return `${date}, ${time} ${zoneSuffix(timezone)}`;
}

