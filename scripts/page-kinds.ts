/**
 * The kinds of page the site has, decided in this one table, for the tools that treat them apart:
 * the JavaScript budget (`npm run size`, scripts/size.ts and scripts/size-budgets.ts) and the
 * Lighthouse audit's rows (scripts/audit.mts).
 *
 *  - content: text and links (home, about, courses, programme pages, thank-you pages, 404), no framework runtime;
 *  - form: the six application forms (`…/apply/`, `/applicants/grantee-finance/`);
 *  - public-app: `/becas-otorgadas/`, the funded projects with their live list and filters;
 *  - applicant: the applicant's portal (`/mi-solicitud/` and below);
 *  - team: the team's area (`/equipo/` and below).
 */
import { normalisePath } from '../src/lib/paths';
import { routes } from '../src/config/routes';
import { isTeamPath } from '../src/team/teamPath';

export const PAGE_KINDS = ['content', 'form', 'public-app', 'applicant', 'team'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

const APPLICANT_AREA = '/mi-solicitud';
const FORM_PAGE = /\/(apply|grantee-finance)$/;
const THANK_YOU_PAGE = /\/thank-you$/;

/** First matching row wins; a route no row matches is a content page. */
const kindTable: ReadonlyArray<{ kind: PageKind; matches: (path: string) => boolean }> = [
  { kind: 'team', matches: isTeamPath },
  { kind: 'applicant', matches: (path) => path === APPLICANT_AREA || path.startsWith(`${APPLICANT_AREA}/`) },
  { kind: 'public-app', matches: (path) => path === normalisePath(routes.openBooks) },
  { kind: 'form', matches: (path) => FORM_PAGE.test(path) },
];

/** The kind of page a route is ('/about/' and '/about' alike). */
export function pageKind(route: string): PageKind {
  const path = normalisePath(route);
  return kindTable.find((row) => row.matches(path))?.kind ?? 'content';
}

/**
 * The kind, with the thank-you pages (content pages) named apart: the audit lists them as a group
 * of their own, since each is reached only after sending a form.
 */
export function reportKind(route: string): PageKind | 'thank-you' {
  const kind = pageKind(route);
  return kind === 'content' && THANK_YOU_PAGE.test(normalisePath(route)) ? 'thank-you' : kind;
}
