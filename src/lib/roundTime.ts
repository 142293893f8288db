/**
 * A round's moments between what an admin types (a wall-clock time in the round's timezone,
 * "2027-03-15T23:59" in AoE) and the instant the server stores, with the platform's time zone
 * database (Intl): no table of offsets of our own. Shared by the server and the team pages.
 * (Relative imports: the API server imports this module in plain Node.)
 */
import type { RoundTimezone } from '../api/contracts/rounds';

/** Anywhere on Earth is UTC−12 all year, which the IANA database calls Etc/GMT+12 (POSIX signs are inverted). */
export function ianaZoneOf(timezone: RoundTimezone): string {
  return timezone === 'AoE' ? 'Etc/GMT+12' : timezone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of an instant in a zone, as the fields of a UTC date (milliseconds dropped). */
function wallClockOf(instant: number, zone: string): number {
  const parts = Object.fromEntries(formatterOf(zone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds (AoE: −12 h). */
function offsetAt(instant: number, zone: string): number {
  return wallClockOf(instant, zone) - Math.floor(instant / 1000) * 1000;
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a wall-clock time names in the round's timezone; null when it is no real date ("2027-02-30T10:00").
 * A time skipped by a daylight-saving change reads with the offset in force just before it.
 */
export function instantOf(local: string, timezone: RoundTimezone): Date | null {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  const zone = ianaZoneOf(timezone);
  const first = asUtc - offsetAt(asUtc, zone);
  const second = asUtc - offsetAt(first, zone);
  return new Date(wallClockOf(second, zone) === asUtc ? second : first);
}

/** The wall-clock time of an instant in the round's timezone, as an admin types it ("2027-03-15T23:59"). */
export function localOf(instant: Date, timezone: RoundTimezone): string {
  return new Date(wallClockOf(instant.getTime(), ianaZoneOf(timezone))).toISOString().slice(0, 16);
}

/** The calendar day of an instant in the round's timezone ('2027-03-15'). */
export function dayOf(instant: Date, timezone: RoundTimezone): string {
  return localOf(instant, timezone).slice(0, 10);
}
