/**
 * What an apply page and the API say when a grant round is not taking applications: one sentence
 * for both, from the round's configured dates. (Relative imports: the API server imports this
 * module in plain Node.)
 */
import { programmes, roundState, type ProgrammeKey, type RoundDates } from '../config/programmes';
import { dayEs } from './figures';

/** Whom to write to about a round: its programme's contact address. */
export function roundContact(programme: ProgrammeKey): string {
  const { followUp } = programmes[programme];
  return followUp.kind === 'twoBusinessDays' ? followUp.contactEmail : '';
}

/** 'La convocatoria de Academic Grants cerró el 15 de mayo de 2022 y ya no recibe solicitudes.', or null while open. */
export function roundClosedSentence(programme: ProgrammeKey, dates: RoundDates, now: Date): string | null {
  const state = roundState(dates, now);
  const { name } = programmes[programme];
  if (state === 'closed') return `La convocatoria de ${name} cerró${dates.closes ? ` el ${dayEs(dates.closes)}` : ''} y ya no recibe solicitudes.`;
  if (state === 'upcoming') return `La convocatoria de ${name} abre${dates.opens ? ` el ${dayEs(dates.opens)}` : ' pronto'}; todavía no recibe solicitudes.`;
  return null;
}
