/**
 * How the copy writes the programme facts of src/config/programmes.ts: amounts, counts of days and
 * weeks, dates. Prose spells small numbers out ('dos días hábiles'); badges keep digits. The pages'
 * copy and the API's sentences (closed rounds, what happens next) share it. (Relative imports: the
 * API server imports this module in plain Node.)
 */
import type { ProgrammeDate } from '../config/programmes';
import { groupThousands } from './groupThousands';
import { pluralWord } from './plural';

const SPANISH_WORDS = ['cero', 'un', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez'];

/** 'dos días hábiles', 'una semana' (feminine unit when asked), '12 semanas'. */
export function count(value: number, singular: string, plural: string, feminine = false): string {
  const number = value === 1 ? (feminine ? 'una' : 'un') : value <= 10 ? SPANISH_WORDS[value] : String(value);
  return `${number} ${pluralWord(value, { one: singular, other: plural })}`;
}

export const weeks = (value: number): string => count(value, 'semana', 'semanas', true);
export const businessDays = (value: number): string => count(value, 'día hábil', 'días hábiles');

/** 'USD 30.000' (Spanish grouping, always, so that 5000 reads 'USD 5.000' like its neighbours). */
export function usd(value: number): string {
  return `USD ${groupThousands(value, '.')}`;
}

/** '$750,000' for the English banner. */
export function usdEnglish(value: number): string {
  return `$${value.toLocaleString('en-US')}`;
}

function utcDay(date: ProgrammeDate): Date {
  return new Date(`${date.day}T12:00:00Z`);
}

/** '15 de mayo de 2022': the day as the deployer wrote it, whatever the build machine's zone. */
export function dayEs(date: ProgrammeDate): string {
  return new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(date));
}

/** 'May 15, 2022'. */
export function dayEn(date: ProgrammeDate): string {
  return new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(date));
}

/** Joins the sentences that are present: optional facts leave theirs out. */
export function sentences(...parts: Array<string | false | undefined>): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' ');
}
