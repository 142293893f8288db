/**
 * The logic of /becas-otorgadas/ (issue 51), apart from its markup: the filters by programme, round
 * and year over the published list, the choices each filter offers, and the totals committed and
 * paid per programme and per quarter. Money stays exact (minor units, bigint) and per currency:
 * amounts in different currencies are never added together. A grant whose grantee keeps the amount
 * private counts in no total.
 *
 * Quarters are the grant's approval quarter ("T1 2027"): a quarter's "paid" is what the grants
 * approved in it have received so far, so that its two figures speak of the same grants.
 */
import type { PublishedGrant, PublishedGrantList } from '../api/contracts/openBooks';
import { minorFromDecimal } from './grantText';
import { CURRENCY_CODES, type Currency } from './money';
import { fetchPublicJson } from './publicJson';

/** The page's filters; '' is "all". The same names travel in the address (?programa=&ronda=&anio=). */
export type OpenBooksFilter = { readonly programme: string; readonly round: string; readonly year: string };
export const NO_FILTER: OpenBooksFilter = { programme: '', round: '', year: '' };

/** The query parameter of each filter, so the form works as HTML and an address keeps the choice. */
export const FILTER_PARAMS: Readonly<Record<keyof OpenBooksFilter, string>> = { programme: 'programa', round: 'ronda', year: 'anio' };

/** The filter an address asks for (unknown values are kept: they simply match nothing until the list has them). */
export function filterFromSearch(search: string): OpenBooksFilter {
  const params = new URLSearchParams(search);
  return {
    programme: params.get(FILTER_PARAMS.programme) ?? '',
    round: params.get(FILTER_PARAMS.round) ?? '',
    year: params.get(FILTER_PARAMS.year) ?? '',
  };
}

/** The query string for a filter ('' with none), in the filters' order. */
export function searchFromFilter(filter: OpenBooksFilter): string {
  const params = new URLSearchParams();
  for (const key of ['programme', 'round', 'year'] as const) if (filter[key] !== '') params.set(FILTER_PARAMS[key], filter[key]);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The programme and round of a grant as one label: "Project Grants · Ronda 2027", or the round's name
 * alone when it already names its programme ("Project Grants · primera convocatoria", as first rounds are seeded).
 */
export function programmeAndRound(grant: Pick<PublishedGrant, 'programmeName' | 'round'>): string {
  if (!grant.round) return grant.programmeName;
  return grant.round.name.toLocaleLowerCase('es').startsWith(grant.programmeName.toLocaleLowerCase('es')) ? grant.round.name : `${grant.programmeName} · ${grant.round.name}`;
}

export const yearOf = (grant: PublishedGrant): string => grant.approvedOn.slice(0, 4);

/** The quarter of a day (YYYY-MM-DD): its sortable key ("2027-1") and its label ("T1 2027"). */
export function quarterOf(day: string): { key: string; label: string } {
  const year = day.slice(0, 4);
  const quarter = Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1;
  return { key: `${year}-${quarter}`, label: `T${quarter} ${year}` };
}

export function filterGrants(grants: readonly PublishedGrant[], filter: OpenBooksFilter): PublishedGrant[] {
  return grants.filter(
    (grant) =>
      (filter.programme === '' || grant.programme === filter.programme) &&
      (filter.round === '' || grant.round?.id === filter.round) &&
      (filter.year === '' || yearOf(grant) === filter.year),
  );
}

export type FilterChoice = { readonly value: string; readonly label: string };
export type FilterChoices = { readonly programmes: FilterChoice[]; readonly rounds: FilterChoice[]; readonly years: FilterChoice[] };

/**
 * What each select offers: the programmes, rounds and years the list has (rounds of the chosen
 * programme only, when one is chosen), programmes by name, rounds and years newest first.
 */
export function filterChoices(grants: readonly PublishedGrant[], programme: string): FilterChoices {
  const programmes = new Map<string, string>();
  const rounds = new Map<string, { label: string; latest: string }>();
  const years = new Set<string>();
  for (const grant of grants) {
    programmes.set(grant.programme, grant.programmeName);
    years.add(yearOf(grant));
    if (grant.round && (programme === '' || grant.programme === programme)) {
      const label = programme === '' ? programmeAndRound(grant) : grant.round.name;
      const seen = rounds.get(grant.round.id);
      rounds.set(grant.round.id, { label, latest: seen && seen.latest > grant.approvedOn ? seen.latest : grant.approvedOn });
    }
  }
  return {
    programmes: [...programmes].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'es')),
    rounds: [...rounds]
      .sort(([, a], [, b]) => b.latest.localeCompare(a.latest) || a.label.localeCompare(b.label, 'es'))
      .map(([value, { label }]) => ({ value, label })),
    years: [...years].sort((a, b) => b.localeCompare(a)).map((year) => ({ value: year, label: year })),
  };
}

/** What one group's grants add up to in one currency, in minor units. */
export type CurrencyTotal = { readonly currency: Currency; readonly committed: bigint; readonly paid: bigint; readonly grants: number };
/** One row of a totals table: a programme or a quarter, with one total per currency its grants are in. */
export type TotalsRow = { readonly key: string; readonly label: string; readonly totals: readonly CurrencyTotal[] };

type Group = { key: string; label: string };

function totalsBy(grants: readonly PublishedGrant[], groupOf: (grant: PublishedGrant) => Group): TotalsRow[] {
  const rows = new Map<string, { label: string; sums: Map<Currency, { committed: bigint; paid: bigint; grants: number }> }>();
  for (const grant of grants) {
    if (!grant.amount) continue;
    const { currency } = grant.amount;
    const committed = minorFromDecimal(grant.amount.amount, currency);
    const paid = minorFromDecimal(grant.amount.paid, currency);
    if (committed === null || paid === null) continue;
    const group = groupOf(grant);
    const row = rows.get(group.key) ?? { label: group.label, sums: new Map() };
    rows.set(group.key, row);
    const sum = row.sums.get(currency) ?? { committed: 0n, paid: 0n, grants: 0 };
    row.sums.set(currency, { committed: sum.committed + committed, paid: sum.paid + paid, grants: sum.grants + 1 });
  }
  return [...rows].map(([key, { label, sums }]) => ({
    key,
    label,
    totals: CURRENCY_CODES.filter((currency) => sums.has(currency)).map((currency) => ({ currency, ...sums.get(currency)! })),
  }));
}

/** Committed and paid per programme (by name), per currency. */
export function totalsByProgramme(grants: readonly PublishedGrant[]): TotalsRow[] {
  return totalsBy(grants, (grant) => ({ key: grant.programme, label: grant.programmeName })).sort((a, b) => a.label.localeCompare(b.label, 'es'));
}

/** Committed and paid per approval quarter, oldest first, per currency. */
export function totalsByQuarter(grants: readonly PublishedGrant[]): TotalsRow[] {
  return totalsBy(grants, (grant) => quarterOf(grant.approvedOn)).sort((a, b) => a.key.localeCompare(b.key, 'en', { numeric: true }));
}

/** The currencies the rows use, in the site's order: one chart each. */
export function currenciesOf(rows: readonly TotalsRow[]): Currency[] {
  return CURRENCY_CODES.filter((currency) => rows.some((row) => row.totals.some((total) => total.currency === currency)));
}

/** A bar's length in percent of the largest figure of its chart (0 for 0; at least 1 so a small figure still shows). */
export function barPercent(value: bigint, largest: bigint): number {
  if (value <= 0n || largest <= 0n) return 0;
  return Math.max(1, Number((value * 1000n) / largest) / 10);
}

// ---------------------------------------------------------------------------------------------
// The server's current list: GET /api/open-books/grants.

/** The contract's OPEN_BOOKS_GRANTS_PATH, as a literal: importing the contract's values would bring typebox into the page. */
export const OPEN_BOOKS_PATH = '/api/open-books/grants';
/** Past this the page keeps the build's snapshot. */
export const OPEN_BOOKS_TIMEOUT_MS = 8000;

function readsAsList(body: unknown): body is PublishedGrantList {
  if (!body || typeof body !== 'object') return false;
  const list = body as PublishedGrantList;
  return (
    typeof list.generatedAt === 'string' &&
    Array.isArray(list.grants) &&
    list.grants.every((grant) => grant && typeof grant.id === 'string' && typeof grant.approvedOn === 'string' && typeof grant.projectName === 'string' && Array.isArray(grant.payments))
  );
}

/** The server's list now, or null (a failure, a late answer or one that does not read as the contract): the page keeps its snapshot. */
export async function fetchPublishedGrants(): Promise<PublishedGrantList | null> {
  return (await fetchPublicJson(OPEN_BOOKS_PATH, OPEN_BOOKS_TIMEOUT_MS, readsAsList))?.body ?? null;
}
