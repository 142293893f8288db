/**
 * What an apply page and the API say when a grant round is not taking applications: one sentence
 * for both, from the round's dates. (Relative imports: the API server imports this module in plain Node.)
 */
import { programmes, roundState, type ProgrammeKey, type RoundDates, type RoundState } from '../config/programmes';
import { contact } from '../config/site';
import { dayEs } from './figures';

/** Whom to write to about a round: its programme's contact address, else the general one. */
export function roundContact(programme: ProgrammeKey): string {
  const { followUp } = programmes[programme];
  return followUp.kind === 'twoBusinessDays' ? followUp.contactEmail : contact.general;
}

/**
 * The sentence for a round in a known state: 'La convocatoria de Academic Grants cerró el 15 de mayo
 * de 2022 y ya no recibe solicitudes.', or null while open. The state comes from the build's clock or
 * from the server's answer (GET /api/rounds), never from the visitor's clock.
 */
export function roundStateSentence(programme: ProgrammeKey, state: RoundState, dates: RoundDates): string | null {
  const { name } = programmes[programme];
  if (state === 'closed') return `La convocatoria de ${name} cerró${dates.closes ? ` el ${dayEs(dates.closes)}` : ''} y ya no recibe solicitudes.`;
  if (state === 'upcoming') return `La convocatoria de ${name} abre${dates.opens ? ` el ${dayEs(dates.opens)}` : ' pronto'}; todavía no recibe solicitudes.`;
  return null;
}

/** The same sentence for the round's state at a moment (the build, the API at each request). */
export function roundClosedSentence(programme: ProgrammeKey, dates: RoundDates, now: Date): string | null {
  return roundStateSentence(programme, roundState(dates, now), dates);
}
