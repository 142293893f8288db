/**
 * What an apply page and the API say when a grant round is not taking applications: one sentence
 * for both, from the round's configured dates. (Relative imports: the API server imports this
 * module in plain Node.)
 */
import { programmes, rounds, roundState, type ProgrammeKey, type RoundDates } from '../config/programmes';
import { dayEs } from './figures';
import { routes } from '../config/routes';
import type { LinkCopy } from './types';

export type RoundProgramme = 'academic-grants' | 'devcon-grants';

/** The notice an apply page shows instead of its form. JSON-serialisable: it travels through getStaticProps. */
export type RoundNoticeCopy = { title: string; text: string; contactEmail: string; programmeLink: LinkCopy };

const programmePages: Readonly<Record<RoundProgramme, string>> = {
  'academic-grants': routes.academicGrants,
  'devcon-grants': routes.devconGrants,
};

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

/**
 * The apply page's notice, decided when the page is built (the export is static): null while the
 * round is open. The API checks the same dates at each request, so a round that closes between two
 * builds refuses applications from its closing moment even though the page still shows the form.
 */
export function roundNotice(programme: RoundProgramme, now = new Date()): RoundNoticeCopy | null {
  const dates = rounds[programme] ?? {};
  const sentence = roundClosedSentence(programme, dates, now);
  if (sentence === null) return null;
  return {
    title: roundState(dates, now) === 'closed' ? 'Convocatoria cerrada' : 'Convocatoria aún no abierta',
    text: sentence,
    contactEmail: roundContact(programme),
    programmeLink: { label: `Más sobre ${programmes[programme].name}`, href: programmePages[programme] },
  };
}
