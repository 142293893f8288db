/** What an apply page shows when a round is not taking applications (src/lib/rounds.ts words it). */
import { programmes, rounds, roundState, type ReviewedProgrammeKey, type RoundDates, type RoundState } from '../config/programmes';
import { dayEs } from '../lib/figures';
import { roundContact, roundStateSentence } from '../lib/rounds';
import { closesSoon, deadlineSentence, publishedDates, type ServerRound } from '../lib/roundWords';
import { routes } from '../config/routes';
import type { LinkCopy } from './types';

/** Every programme with an apply page; only the two grant rounds have build-time dates. */
export type RoundProgramme = ReviewedProgrammeKey;

/** The notice an apply page shows instead of its form. JSON-serialisable: it travels through getStaticProps. */
export type RoundNoticeCopy = { title: string; text: string; contactEmail: string; programmeLink: LinkCopy };

const programmePages: Readonly<Record<RoundProgramme, string>> = {
  'project-grants': routes.projectGrants,
  'small-grants': routes.smallGrants,
  'academic-grants': routes.academicGrants,
  'devcon-grants': routes.devconGrants,
  'office-hours': routes.officeHours,
};

/** The notice for a round in a known state with its published dates: null while open. */
export function noticeFor(programme: RoundProgramme, state: RoundState, dates: RoundDates): RoundNoticeCopy | null {
  const sentence = roundStateSentence(programme, state, dates);
  if (sentence === null) return null;
  return {
    title: state === 'closed' ? 'Convocatoria cerrada' : 'Convocatoria aún no abierta',
    text: sentence,
    contactEmail: roundContact(programme),
    programmeLink: { label: `Más sobre ${programmes[programme].name}`, href: programmePages[programme] },
  };
}

/**
 * The apply page's notice when the page is built (the export is static): null while the round is
 * open. The page then follows the server's answer (GET /api/rounds), and the API checks the round at
 * each request, so a round that closes between two builds refuses applications from its closing moment.
 */
export function roundNotice(programme: RoundProgramme, now = new Date()): RoundNoticeCopy | null {
  const dates = rounds[programme] ?? {};
  return noticeFor(programme, roundState(dates, now), dates);
}

/** What an apply page shows: the form with its deadline line, or a notice instead of the form. */
export type ApplyView =
  | { readonly kind: 'form'; readonly deadline: string; readonly closesSoon: boolean }
  | { readonly kind: 'notice'; readonly notice: RoundNoticeCopy };

export const ALWAYS_OPEN_LINE = 'Recibimos solicitudes en todo momento.';

/** The view the page is built with: today's settings, judged with the build machine's clock. */
export function builtApplyView(programme: RoundProgramme, now = new Date()): ApplyView {
  const notice = roundNotice(programme, now);
  if (notice) return { kind: 'notice', notice };
  const closes = rounds[programme]?.closes;
  return { kind: 'form', deadline: closes ? `Recibimos solicitudes hasta el ${dayEs(closes)}.` : ALWAYS_OPEN_LINE, closesSoon: false };
}

/**
 * The view the server's answer asks for: its state decides (never the visitor's clock); the closing
 * moment is said in the round's timezone and the visitor's, and the 48-hour notice uses the server's clock.
 */
export function serverApplyView(programme: RoundProgramme, round: ServerRound, serverNow: Date, visitorZone: string): ApplyView {
  const notice = noticeFor(programme, round.state, publishedDates(round));
  if (notice) return { kind: 'notice', notice };
  return { kind: 'form', deadline: deadlineSentence(round, visitorZone, serverNow) ?? ALWAYS_OPEN_LINE, closesSoon: closesSoon(round, serverNow) };
}

export function sameApplyView(a: ApplyView, b: ApplyView): boolean {
  if (a.kind === 'form' && b.kind === 'form') return a.deadline === b.deadline && a.closesSoon === b.closesSoon;
  if (a.kind === 'notice' && b.kind === 'notice') return a.notice.title === b.notice.title && a.notice.text === b.notice.text;
  return false;
}
