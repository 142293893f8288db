import { isReviewedProgramme, type ProgrammeKey } from '@/config/programmes';
import { isApplicationStatus } from '@/lib/applicationStatus';
import type { InboxFilter, InboxSort, ReviewFilter } from './api';

/** What the inbox's filter form edits: everything but the programme (the tabs) and the page (the pager). */
export type InboxDraft = Omit<InboxFilter, 'form' | 'page'>;

/** The review filters' and orders' names on screen; the records keep the lists complete (the contract's values, as types only). */
export const reviewFilterLabels: Record<ReviewFilter, string> = { mine: 'Me toca revisar', 'missing-my-score': 'Falta mi puntaje', disagreement: 'Desacuerdo' };
export const sortLabels: Record<InboxSort, string> = { submitted: 'Más recientes primero', 'score-desc': 'Puntaje: mayor primero', 'score-asc': 'Puntaje: menor primero' };
export const REVIEW_FILTERS = Object.keys(reviewFilterLabels) as ReviewFilter[];
export const INBOX_SORTS = Object.keys(sortLabels) as InboxSort[];

export const hasReview = (form: ProgrammeKey): boolean => isReviewedProgramme(form);

/** What a programme without review (grantee finance) keeps of a filter: no status, assignee, review filter, score order or round. */
export const unreviewed: Pick<InboxFilter, 'status' | 'assignee' | 'review' | 'sort' | 'round'> = { status: '', assignee: '', review: [], sort: 'submitted', round: '' };
/** No filter: "Quitar filtros" keeps the round (the programme's current one is the list's default view, not a filter). */
export const emptyFilter = (round: string): InboxDraft => ({ from: '', to: '', q: '', ...unreviewed, round });

export const isFiltered = (filter: InboxFilter): boolean => Boolean(filter.q || filter.from || filter.to || filter.status || filter.assignee || filter.review.length > 0);

/** The filter's typed part, as the form starts from it (empty while the address is not read yet). */
export const draftOf = (filter: InboxFilter | null): InboxDraft => ({
  q: filter?.q ?? '',
  from: filter?.from ?? '',
  to: filter?.to ?? '',
  status: filter?.status ?? '',
  assignee: filter?.assignee ?? '',
  review: filter?.review ?? [],
  sort: filter?.sort ?? 'submitted',
  round: filter?.round ?? '',
});

/** The filter for another programme, or with what was typed applied: back to page 1, without the review parts where there is no review. */
export const refiltered = (filter: InboxFilter, change: Partial<InboxFilter>): InboxFilter => {
  const next = { ...filter, ...change, page: 1 };
  return hasReview(next.form) ? next : { ...next, ...unreviewed };
};

/** A round as the address names it: its id or 'all'. */
const ROUND_PATTERN = /^(?:all|[1-9]\d{0,17})$/;

/**
 * The filter a shared or reloaded inbox address stands for; the first programme when it names none of the role's;
 * the programme's `defaultRound` (its current round) when it names no round.
 */
export function filterFromSearch(search: string, programmes: readonly ProgrammeKey[], defaultRound: (form: ProgrammeKey) => string): InboxFilter {
  const params = new URLSearchParams(search);
  const form = programmes.find((key) => key === params.get('form')) ?? programmes[0] ?? 'project-grants';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const status = params.get('status');
  // Grantee finance records have no review status and no assignee.
  const reviewed = hasReview(form);
  return {
    form,
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    q: params.get('q') ?? '',
    page: Number.isFinite(page) && page > 1 ? page : 1,
    status: reviewed && isApplicationStatus(status) ? status : '',
    assignee: reviewed ? (params.get('assignee') ?? '') : '',
    review: reviewed ? REVIEW_FILTERS.filter((name) => (params.get('review') ?? '').split(',').includes(name)) : [],
    sort: (reviewed && INBOX_SORTS.find((name) => name === params.get('sort'))) || 'submitted',
    round: reviewed ? (ROUND_PATTERN.exec(params.get('round') ?? '')?.[0] ?? defaultRound(form)) : '',
  };
}
