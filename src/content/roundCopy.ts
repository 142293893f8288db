/**
 * The parts of the two round pages (/academic-grants, /devcon-grants) that depend on the round: the
 * #apply call, the deadline, the form step, the stats, the selection criteria and the English banner note. Written once:
 * grantRounds.ts builds them with the build's dates, and the page rewrites them with the server's
 * answer (GET /api/rounds) at run time, through followRound. Small on purpose, and free of
 * configuration (the build hands it RoundPageParams): it is the page's JavaScript.
 */
import type { RoundDates, RoundState } from '../config/programmes';
import { dayEn, dayEs, sentences } from '../lib/figures';
import { criterionSentence, publishedDates, shownBudget, type ServerRound } from '../lib/roundWords';
import type { Block, SectionedPageCopy } from './types';

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

/** The #apply section: the call to apply while the round is open, its dates otherwise. */
export function applyBlocks({ openText, applyHref, contactEmail }: RoundPageParams, { state, dates }: RoundFacts): Block[] {
  if (state === 'open') {
    return [
      { kind: 'paragraph', text: sentences(openText, dates.closes && `Recibimos solicitudes hasta el ${dayEs(dates.closes)}.`) },
      { kind: 'action', link: { label: 'Applica', href: applyHref } },
    ];
  }
  const when = state === 'closed' ? `La convocatoria cerró${dates.closes ? ` el ${dayEs(dates.closes)}` : ''}.` : `La convocatoria abre${dates.opens ? ` el ${dayEs(dates.opens)}` : ' pronto'}.`;
  return [{ kind: 'paragraph', text: `${when} Si tienes preguntas, escribe a ${contactEmail}.` }];
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

/**
 * The stats the page was built with, their values as the round now has them. None is added or
 * dropped: a stat more or less near the top of the page would move everything below it.
 */
function followStats(built: Array<{ value: string; label: string }>, round: RoundFacts): Array<{ value: string; label: string }> {
  const now = new Map(roundStats(round).map((stat) => [stat.label, stat.value]));
  return built.map((stat) => ({ ...stat, value: now.get(stat.label) ?? stat.value }));
}

/** The academic round's English banner note (the spec's wording; the amount and date are the round's). */
export function academicBannerNote({ foundationName, totalEnglish }: RoundPageParams, { dates }: RoundFacts): string {
  return sentences(
    `The ${foundationName} is sponsoring a wave of academic grants to support Ethereum-related research${totalEnglish ? `, with up to ${totalEnglish} in total` : ''}.`,
    dates.closes && `Proposals are due ${dayEn(dates.closes)}.`,
  );
}

/**
 * The page's copy with the round's parts rewritten for the given facts (the server's): the same
 * sections in the same order, so the page only changes words. A section the page lacks stays absent.
 */
export function followRound(copy: SectionedPageCopy, params: RoundPageParams, round: RoundFacts): SectionedPageCopy {
  const { programme } = params;
  const sections = copy.sections.map((section) => {
    switch (section.id) {
      case 'apply':
        return { ...section, blocks: applyBlocks(params, round) };
      case 'deadline':
        return programme === 'academic-grants' ? { ...section, blocks: [{ kind: 'paragraph' as const, text: deadlineText(round) }] } : section;
      case 'submit-proposal':
        return {
          ...section,
          blocks: section.blocks.map((block) => (block.kind === 'steps' ? { ...block, items: block.items.map((item, index) => (index === 2 ? { ...item, text: submitStepText(round) } : item)) } : block)),
        };
      case 'selection-criteria':
        // The rubric the round is scored with, as the team set it (its review set-up), in place of the build's.
        return round.criteria && round.criteria.length > 0
          ? { ...section, blocks: section.blocks.map((block) => (block.kind === 'list' ? { ...block, items: round.criteria!.map(criterionSentence) } : block)) }
          : section;
      case 'description':
        return programme === 'academic-grants' ? { ...section, blocks: section.blocks.map((block) => (block.kind === 'stats' ? { ...block, items: followStats(block.items, round) } : block)) } : section;
      default:
        return section;
    }
  });
  // The banner note changes its date only: a sentence added or dropped at the top of the page would move everything below it.
  const note = copy.banner.note;
  const datedNote = programme === 'academic-grants' && note && round.dates.closes && note.text !== academicBannerNote(params, { ...round, dates: {} });
  const banner = datedNote ? { ...copy.banner, note: { ...note, text: academicBannerNote(params, round) } } : copy.banner;
  return { ...copy, banner, sections };
}

/** The round as the server publishes it: its state, dates and criteria, and its budget when it has one (else the build's). */
export function serverRoundFacts(params: RoundPageParams, round: ServerRound): RoundFacts {
  const budget = (round.budget && shownBudget(round.budget)) || params.budget;
  return { state: round.state, dates: publishedDates(round), criteria: round.criteria, ...(budget ? { budget } : {}) };
}
