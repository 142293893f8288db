/** What an apply page shows when a grant round is not taking applications (src/lib/rounds.ts words it). */
import { programmes, rounds, roundState } from '../config/programmes';
import { roundClosedSentence, roundContact } from '../lib/rounds';
import { routes } from '../config/routes';
import type { LinkCopy } from './types';

export type RoundProgramme = 'academic-grants' | 'devcon-grants';

/** The notice an apply page shows instead of its form. JSON-serialisable: it travels through getStaticProps. */
export type RoundNoticeCopy = { title: string; text: string; contactEmail: string; programmeLink: LinkCopy };

const programmePages: Readonly<Record<RoundProgramme, string>> = {
  'academic-grants': routes.academicGrants,
  'devcon-grants': routes.devconGrants,
};

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
