/**
 * A round as the server publishes it (GET /api/rounds), in the applicant's words: its dates as the
 * pages' sentences take them, the closing moment in the round's own timezone and the visitor's, and
 * whether fewer than 48 hours remain by the server's clock. Plain functions, no React: the pages call
 * them with the answer of src/lib/publicRounds.ts.
 */
import type { PublicRound, RoundBudget, RoundTimezone } from '../api/contracts/rounds';
import type { ProgrammeDate, RoundDates } from '../config/programmes';

/** The round a programme's pages speak of, as the server publishes it. */
export type ServerRound = NonNullable<PublicRound['round']>;

/** A selection criterion as a programme page lists it: its label, one sentence. */
export const criterionSentence = (label: string): string => `${label}.`;

/** The IANA zone of each timezone a round may be set in, and how a sentence names it after the hour. */
const ZONES: Readonly<Record<RoundTimezone, { readonly iana: string; readonly label: string }>> = {
  // Anywhere on Earth: UTC−12, which the IANA database writes with the sign inverted.
  AoE: { iana: 'Etc/GMT+12', label: ' AoE' },
  UTC: { iana: 'UTC', label: ' UTC' },
  'America/Mexico_City': { iana: 'America/Mexico_City', label: ', hora de Ciudad de México' },
  'America/Bogota': { iana: 'America/Bogota', label: ', hora de Bogotá' },
  'America/Lima': { iana: 'America/Lima', label: ', hora de Lima' },
  'America/Caracas': { iana: 'America/Caracas', label: ', hora de Caracas' },
  'America/Santiago': { iana: 'America/Santiago', label: ', hora de Santiago' },
  'America/Argentina/Buenos_Aires': { iana: 'America/Argentina/Buenos_Aires', label: ', hora de Buenos Aires' },
  'America/Sao_Paulo': { iana: 'America/Sao_Paulo', label: ', hora de São Paulo' },
  'America/Montevideo': { iana: 'America/Montevideo', label: ', hora de Montevideo' },
};

/** Less than this before the close, the apply page warns (judged with the server's clock). */
export const LAST_HOURS_MS = 48 * 60 * 60 * 1000;
export const LAST_HOURS_NOTICE = 'Quedan menos de 48 horas para enviar tu solicitud.';

type WallClock = { readonly date: string; readonly year: string; readonly dayMonth: string; readonly hour: number; readonly minute: string };

/** A moment as a clock in a zone shows it, 24-hour like the rest of the site: '15 de marzo', 23, '59'. */
function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('es', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  const dayMonth = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  return { date, year: part('year'), dayMonth, hour: Number(part('hour')), minute: part('minute') };
}

function calendarDay(instant: Date, timeZone: RoundTimezone): ProgrammeDate {
  return { day: wallClock(instant, ZONES[timeZone].iana).date, iso: instant.toISOString() };
}

/**
 * The round's dates as the pages' day sentences take them ('hasta el 15 de marzo de 2027'): the
 * opening day and the last day on which applications are taken, both in the round's own timezone
 * (a round closing at 00:00 takes applications until the day before).
 */
export function publishedDates(round: ServerRound): RoundDates {
  const dates: { opens?: ProgrammeDate; closes?: ProgrammeDate } = {};
  if (round.opensAt) dates.opens = calendarDay(new Date(round.opensAt), round.timezone);
  if (round.closesAt) dates.closes = calendarDay(new Date(Date.parse(round.closesAt) - 1), round.timezone);
  return dates;
}

/** '15 de marzo a las 23:59', with the year when it is not the current one; 'a la 1:05' at one o'clock. */
function moment(clock: WallClock, currentYear: string): string {
  const day = clock.year === currentYear ? clock.dayMonth : `${clock.dayMonth} de ${clock.year}`;
  return `${day} a ${clock.hour === 1 ? 'la' : 'las'} ${clock.hour}:${clock.minute}`;
}

/** The visitor's timezone as the browser reports it (UTC when it reports none). */
export function visitorTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * 'Cierra el 15 de marzo a las 23:59 AoE — el 16 de marzo a las 8:59 en tu hora.': the closing moment
 * in the round's timezone, then in the visitor's when their clock shows another day or hour. Null
 * for a round that is not open or has no closing moment.
 */
export function deadlineSentence(round: ServerRound, visitorZone: string, serverNow: Date): string | null {
  if (round.state !== 'open' || !round.closesAt) return null;
  const closes = new Date(round.closesAt);
  const zone = ZONES[round.timezone];
  const own = wallClock(closes, zone.iana);
  const local = wallClock(closes, visitorZone);
  const ownText = `Cierra el ${moment(own, wallClock(serverNow, zone.iana).year)}${zone.label}`;
  const localText = moment(local, wallClock(serverNow, visitorZone).year);
  return localText === moment(own, wallClock(serverNow, zone.iana).year) ? `${ownText}.` : `${ownText} — el ${localText} en tu hora.`;
}

/** Whether an open round closes within 48 hours, by the server's clock. */
export function closesSoon(round: ServerRound, serverNow: Date): boolean {
  if (round.state !== 'open' || !round.closesAt) return false;
  const left = Date.parse(round.closesAt) - serverNow.getTime();
  return left > 0 && left < LAST_HOURS_MS;
}

/**
 * A round's budget as the stats show it, in the site's style ('USD 750.000', 'ETH 1,5'): the server
 * took the amount only if src/lib/money.ts parseAmount read it ('750000', '750.000,00', '1,5'), so
 * regrouping its digits is enough here (the page's JavaScript does without the money module).
 * Undefined for a text that does not read so.
 */
export function shownBudget({ amount, currency }: RoundBudget): string | undefined {
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/.exec(amount.trim());
  if (!match) return undefined;
  const whole = match[1]!.replace(/\./g, '').replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return `${currency} ${whole}${fraction ? `,${fraction}` : ''}`;
}
