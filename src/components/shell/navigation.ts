import { routes } from '@/config/routes';
import { links } from '@/config/site';
import { normalisePath } from '@/lib/paths';

export type NavItem =
  | { kind: 'internal'; label: string; href: string; /** Paths under which this item is the active one (none: only its own page). */ activePrefixes: readonly string[] }
  | { kind: 'external'; label: string; href: string; newTab: boolean };

/** Main navigation: Inicio, Cursos, Becas, Exchange (new tab), Academy. */
export const mainNav: readonly NavItem[] = [
  { kind: 'internal', label: 'Inicio', href: '/', activePrefixes: [] },
  // The course pages (why-choose, beginner and consultant courses) belong to Cursos too.
  { kind: 'internal', label: 'Cursos', href: '/applicants/', activePrefixes: ['/applicants', '/cursos', '/por-que-elegirnos'] },
  { kind: 'internal', label: 'Becas', href: '/about/', activePrefixes: ['/about'] },
  { kind: 'external', label: 'Exchange', href: links.exchange, newTab: true },
  { kind: 'external', label: 'Academy', href: links.academy, newTab: false },
];

/** Footer links, before the social icons. */
export const footerNav: readonly NavItem[] = [
  ...mainNav.slice(0, 4),
  { kind: 'internal', label: 'Becas otorgadas', href: routes.openBooks, activePrefixes: [] },
  { kind: 'external', label: 'Privacy Policy', href: links.privacyPolicy, newTab: false },
  { kind: 'external', label: 'Terminos de Uso', href: links.termsOfUse, newTab: false },
  { kind: 'external', label: 'Cookie Policy', href: links.cookiePolicy, newTab: false },
  { kind: 'external', label: 'Academy', href: links.academy, newTab: false },
];

export function isActive(item: NavItem, currentPath: string): boolean {
  if (item.kind !== 'internal') return false;
  const path = normalisePath(currentPath);
  if (path === normalisePath(item.href)) return true;
  return item.activePrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
