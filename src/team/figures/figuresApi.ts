/**
 * Cifras: the team's figures and each table's CSV (admins and reviewers). Shapes from src/api/contracts/teamFigures.ts,
 * type only; every figure's inbox filter becomes an address of the inbox here.
 */
import type { FigureTable, Figures, InboxLink } from '@/api/contracts/teamFigures';
import { teamRoutes } from '@/lib/team';
import { request } from '../api';

export type { FigureTable, Figures, InboxLink };

/** The page's filter: one programme ('' for all) and one round (its id, or `all`). */
export type FiguresFilter = { programme: string; round: string };

const BASE = '/api/team/figures';

/** The filter as a query: empty values and `all` (every round, the server's default) are left out. */
function filterQuery(filter: FiguresFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (filter.programme) params.set('programme', filter.programme);
  if (filter.round && filter.round !== 'all') params.set('round', filter.round);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const figurePaths = {
  figures: (filter: FiguresFilter) => `${BASE}${filterQuery(filter)}`,
  csv: (table: FigureTable, filter: FiguresFilter) => `${BASE}.csv${filterQuery(filter, { table })}`,
} as const;

export const figuresApi = {
  read: (filter: FiguresFilter) => request<Figures>('GET', figurePaths.figures(filter)),
};

/** The inbox filtered to the applications behind a figure (the inbox reads form, round, status, assignee, from and to). */
export function inboxHref(link: InboxLink): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(link)) if (value) params.set(name, value);
  return `${teamRoutes.inbox}?${params.toString()}`;
}
