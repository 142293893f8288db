/**
 * Navigation bars whose tabs are routes, chosen by path in this one table. The selected tab follows
 * the current path, so a page rendered under one of these paths (a form page, a thank-you page)
 * gets the bar and its selection without knowing about it.
 */
import { routes } from '@/config/routes';
import { normalisePath } from './paths';

export type RouteTab = { label: string; href: string; /** Further paths on which this tab is selected. */ alsoSelectedOn?: readonly string[] };

export type RouteTabSet = {
  /** Accessible name of the bar. */
  label: string;
  /** Paths under which the bar shows. */
  prefixes: readonly string[];
  tabs: readonly RouteTab[];
};

/** Child paths of a route, without trailing slashes, as normalisePath gives them. */
const under = (base: string, children: readonly string[]): string[] => children.map((child) => `${normalisePath(base)}/${child}`);

/** Page indices: applicants 0, office hours 1, small grants 2, project grants 3, also on their apply and thank-you pages. */
export const applicantsTabs: RouteTabSet = {
  label: 'Secciones de Cursos',
  prefixes: [normalisePath(routes.applicants)],
  tabs: [
    { label: 'Cursos', href: routes.applicants },
    { label: 'Office Hours', href: routes.officeHours, alsoSelectedOn: under(routes.officeHours, ['apply', 'thank-you']) },
    { label: 'Small Grants', href: routes.smallGrants, alsoSelectedOn: under(routes.smallGrants, ['apply', 'thank-you']) },
    { label: 'Project Grants', href: routes.projectGrants, alsoSelectedOn: under(routes.projectGrants, ['apply', 'thank-you']) },
  ],
};

export const aboutTabs: RouteTabSet = {
  label: 'Secciones de Becas',
  prefixes: [normalisePath(routes.about)],
  tabs: [
    { label: 'Becas', href: routes.about },
    { label: '¿A quién apoyamos?', href: routes.whoWeSupport },
    { label: 'Cómo apoyamos', href: routes.howWeSupport },
  ],
};

export const whyChooseTabs: RouteTabSet = {
  label: 'Razones para elegirnos',
  prefixes: [normalisePath(routes.whyChoose)],
  tabs: [
    { label: 'Clases en vivo', href: routes.whyChoose },
    { label: 'Eventos exclusivos', href: routes.whyChooseEvents },
    { label: 'Comunidad activa', href: routes.whyChooseCommunity },
  ],
};

/** The 4-tab course layout; its enrolment route keeps the bar with no tab selected and hides the course hero. */
export const consultantCourseTabs: RouteTabSet = {
  label: 'Módulos del curso Blockchain Consultant',
  prefixes: [normalisePath(routes.consultantCourse)],
  tabs: [
    { label: 'Resumen', href: routes.consultantCourse },
    { label: 'Bitcoin', href: routes.consultantBitcoin },
    { label: 'Ethereum', href: routes.consultantEthereum },
    { label: 'NFTs y Metaversos', href: routes.consultantNfts },
  ],
};


const routeTabSets: readonly RouteTabSet[] = [applicantsTabs, aboutTabs, whyChooseTabs, consultantCourseTabs];

const isUnder = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

/** The bar shown on a path and the index of its selected tab (-1 when none is), or null for no bar. */
export function routeTabsForPath(rawPath: string): { set: RouteTabSet; selectedIndex: number } | null {
  const path = normalisePath(rawPath);
  const set = routeTabSets.find((candidate) => candidate.prefixes.some((prefix) => isUnder(path, prefix)));
  if (!set) return null;
  const selectedIndex = set.tabs.findIndex((tab) => normalisePath(tab.href) === path || (tab.alsoSelectedOn ?? []).includes(path));
  return { set, selectedIndex };
}
