/**
 * What an apply page and the API say when a grant round is not taking applications: one sentence
 * for both, from the round's dates. (Relative imports: the API server imports this module in plain Node.)
 */
import type { RoundTimezone } from '../api/contracts/rounds';
import { programmes, roundState, type ProgrammeDate, type ProgrammeKey, type RoundDates, type RoundState } from '../config/programmes';
import { contact } from '../config/site';
import { dayEs } from './figures';
import { dayOf } from './roundTime';

/** Whom to write to about a round: its programme's contact address, else the academy's (Small Grants names none). */
export function roundContact(programme: ProgrammeKey): string {
  const { followUp } = programmes[programme];
  return followUp.kind === 'twoBusinessDays' ? followUp.contactEmail : contact.general;
}

/**
 * The sentence for a round in a known state: 'La convocatoria de Academic Grants cerró el 15 de mayo
 * de 2022 y ya no recibe solicitudes.', or null while open. The state comes from the build's clock, the
 * server's records or its answer (GET /api/rounds), never from the visitor's clock.
 */
export function roundStateSentence(programme: ProgrammeKey, state: RoundState, dates: RoundDates): string | null {
  const { name } = programmes[programme];
  if (state === 'closed') return `La convocatoria de ${name} cerró${dates.closes ? ` el ${dayEs(dates.closes)}` : ''} y ya no recibe solicitudes.`;
  if (state === 'upcoming') return `La convocatoria de ${name} abre${dates.opens ? ` el ${dayEs(dates.opens)}` : ' pronto'}; todavía no recibe solicitudes.`;
  return null;
}

/** The same sentence for the round's state at a moment (the build). */
export function roundClosedSentence(programme: ProgrammeKey, dates: RoundDates, now: Date): string | null {
  return roundStateSentence(programme, roundState(dates, now), dates);
}

/** A stored round as the refusal speaks of it (src/server/rounds): its state now, its moments as instants and its timezone. */
export type RoundMoments = { readonly state: 'upcoming' | 'open' | 'closed'; readonly opensAt: Date; readonly closesAt: Date | null; readonly timezone: RoundTimezone };

/**
 * The same sentence for a round stored on the server (none accepting: the refusal names the next one, else the last), its days
 * read in the round's own timezone. The published closing day is that of the last moment still inside the round (a close at
 * 00:00 ends the day before: the seeded rounds close at the end of their last day). No round at all reads as closed, undated.
 */
export function storedRoundSentence(programme: ProgrammeKey, round: RoundMoments | null): string | null {
  if (round === null) return `La convocatoria de ${programmes[programme].name} no recibe solicitudes por ahora.`;
  const day = (instant: Date): ProgrammeDate => {
    const text = dayOf(instant, round.timezone);
    return { day: text, iso: text };
  };
  if (round.state === 'closed') return roundStateSentence(programme, 'closed', round.closesAt ? { closes: day(new Date(round.closesAt.getTime() - 1)) } : {});
  if (round.state === 'upcoming') return roundStateSentence(programme, 'upcoming', { opens: day(round.opensAt) });
  return null;
}
