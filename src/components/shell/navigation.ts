import { links } from '@/config/site';
import { normalisePath } from '@/layouts/layoutForPath';

export type NavItem =
  | { kind: 'internal'; label: string; href: string; /** Paths under which this item is the active one. */ activePrefix: string | null }
  | { kind: 'external'; label: string; href: string; newTab: boolean };

/** Main navigation (spec section 2): Inicio, Cursos, Becas, Exchange (new tab), Academy. */
export const mainNav: readonly NavItem[] = [
  { kind: 'internal', label: 'Inicio', href: '/', activePrefix: null },
  { kind: 'internal', label: 'Cursos', href: '/applicants/', activePrefix: '/applicants' },
  { kind: 'internal', label: 'Becas', href: '/about/', activePrefix: '/about' },
  { kind: 'external', label: 'Exchange', href: links.exchange, newTab: true },
  { kind: 'external', label: 'Academy', href: links.academy, newTab: false },
];

/** Footer links (spec section 2), before the social icons. */
export const footerNav: readonly NavItem[] = [
  ...mainNav.slice(0, 4),
  { kind: 'external', label: 'Privacy Policy', href: links.privacyPolicy, newTab: false },
  { kind: 'external', label: 'Terminos de Uso', href: links.termsOfUse, newTab: false },
  { kind: 'external', label: 'Cookie Policy', href: links.cookiePolicy, newTab: false },
  { kind: 'external', label: 'Academy', href: links.academy, newTab: false },
];

export function isActive(item: NavItem, currentPath: string): boolean {
  if (item.kind !== 'internal') return false;
  const path = normalisePath(currentPath);
  if (item.activePrefix === null) return path === normalisePath(item.href);
  return path === item.activePrefix || path.startsWith(`${item.activePrefix}/`);
}
