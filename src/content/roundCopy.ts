/**
 * The parts of the two round pages (/academic-grants, /devcon-grants) that depend on the round: the
 * #apply call, the deadline, the form step, the stats, the selection criteria and the English banner note. Written once:
 * grantRounds.ts builds them with the build's dates, each node named by its data-light (ROUND_NODES), and the page's
 * own script (src/light/roundPage.ts) rewrites those nodes' words with the server's answer (GET /api/rounds) at run
 * time. Small on purpose, and free of configuration (the build hands it RoundPageParams): it is the page's JavaScript.
 */
import type { RoundDates, RoundState } from '../config/programmes';
import { dayEn, dayEs, sentences } from '../lib/figures';
import { publishedDates, shownBudget, type ServerRound } from '../lib/roundWords';
import type { Block } from './types';

export type RoundPageProgramme = 'academic-grants' | 'devcon-grants';

/**
 * What the round's copy says: its state, its published dates, the budget as shown ('USD 750.000') and, from the
 * server, the labels of the criteria it is scored on (absent: the build's list stays).
 */
export type RoundFacts = { readonly state: RoundState; readonly dates: RoundDates; readonly budget?: string; readonly criteria?: readonly string[] };

/**
 * A round page's settings from the build (grantRounds.ts roundPageParams), which travel to the page
 * as JSON with its copy: so the page's JavaScript carries no configuration.
 */
export type RoundPageParams = {
  programme: RoundPageProgramme;
  openText: string;
  applyHref: string;
  contactEmail: string;
  /** The build's budget ('USD 750.000'), shown while the server gives none. */
  budget?: string;
  /** The English banner note's sponsor and amount ('$750,000'); academic grants only. */
  foundationName: string;
  totalEnglish?: string;
};

/**
 * The data-light names of the round's nodes on its page: the build names them (grantRounds.ts), the
 * page's script finds them by these. A node the page lacks (the devcon page has no deadline) is left out.
 */
export const ROUND_NODES = {
  applyText: 'round-apply-text',
  /** The paragraph with the call to apply: always in the page, hidden while the round is not open. */
  applyLink: 'round-apply-link',
  deadline: 'round-deadline',
  submitStep: 'round-submit-step',
  /** The stats list; each value is found by its label. */
  stats: 'round-stats',
  /** The criteria list; its first item is the model of each criterion's. */
  criteria: 'round-criteria',
  /** The English banner note, named only when the build's note has a date (else it stays as built). */
  bannerNote: 'round-banner-note',
} as const;

/** The id of the JSON script element that carries the page's RoundPageParams, and names the page's script entry. */
export const ROUND_PARAMS_ID = 'round-page-params';

/** The #apply section's paragraph: the call to apply while the round is open, its dates otherwise. */
export function applyText({ openText, contactEmail }: RoundPageParams, { state, dates }: RoundFacts): string {
  if (state === 'open') return sentences(openText, dates.closes && `Recibimos solicitudes hasta el ${dayEs(dates.closes)}.`);
  const when = state === 'closed' ? `La convocatoria cerró${dates.closes ? ` el ${dayEs(dates.closes)}` : ''}.` : `La convocatoria abre${dates.opens ? ` el ${dayEs(dates.opens)}` : ' pronto'}.`;
  return `${when} Si tienes preguntas, escribe a ${contactEmail}.`;
}

/** The #apply section as built: its paragraph, and the call to apply, hidden unless the round is open (the page's script may show it). */
export function applyBlocks(params: RoundPageParams, round: RoundFacts): Block[] {
  return [
    { kind: 'paragraph', text: applyText(params, round), light: ROUND_NODES.applyText },
    { kind: 'action', link: { label: 'Applica', href: params.applyHref }, light: ROUND_NODES.applyLink, ...(round.state === 'open' ? {} : { hidden: true }) },
  ];
}

/** The academic round's #deadline paragraph. */
export function deadlineText({ state, dates }: RoundFacts): string {
  if (!dates.closes) return 'Esta ronda no tiene fecha de cierre: recibimos propuestas mientras el formulario de solicitud esté abierto.';
  if (state === 'closed') return `La ronda recibió propuestas hasta el ${dayEs(dates.closes)} y ya cerró. Las rondas futuras se anuncian en esta página.`;
  return `Recibimos propuestas hasta el ${dayEs(dates.closes)}. Después de esa fecha el formulario se cierra; las rondas futuras se anuncian en esta página.`;
}

/** The academic round's third step. */
export function submitStepText({ dates }: RoundFacts): string {
  return dates.closes
    ? `Envía tu propuesta desde la sección de solicitud hasta el ${dayEs(dates.closes)}.`
    : 'Envía tu propuesta desde la sección de solicitud mientras el formulario esté abierto.';
}

/** The academic round's figures: its budget and its deadline, those it has. */
export function roundStats({ dates, budget }: RoundFacts): Array<{ value: string; label: string }> {
  return [...(budget ? [{ value: budget, label: 'en total para la ronda' }] : []), ...(dates.closes ? [{ value: dayEs(dates.closes), label: 'fecha límite de propuestas' }] : [])];
}

/** The academic round's English banner note (the spec's wording; the amount and date are the round's). */
export function academicBannerNote({ foundationName, totalEnglish }: RoundPageParams, { dates }: RoundFacts): string {
  return sentences(
    `The ${foundationName} is sponsoring a wave of academic grants to support Ethereum-related research${totalEnglish ? `, with up to ${totalEnglish} in total` : ''}.`,
    dates.closes && `Proposals are due ${dayEn(dates.closes)}.`,
  );
}

/** The round as the server publishes it: its state, dates and criteria, and its budget when it has one (else the build's). */
export function serverRoundFacts(params: RoundPageParams, round: ServerRound): RoundFacts {
  const budget = (round.budget && shownBudget(round.budget)) || params.budget;
  return { state: round.state, dates: publishedDates(round), criteria: round.criteria, ...(budget ? { budget } : {}) };
}
