/**
 * The route tab bar (src/components/content/RouteTabNav.tsx) keeps the reader at the bar: a tab is a
 * plain link to a page of its own, so choosing it loads that page from its top; this remembers where
 * the bar was in the viewport (sessionStorage, for the chosen tab's path) and, on arrival, scrolls
 * the new page so its bar is there again. Only for that arrival: a reload, a page opened in a new
 * tab, the back button or an address with a fragment scroll as the browser does.
 */
import { normalisePath } from '../lib/paths';

const KEY = 'route-tab-bar';

type Remembered = { path: string; top: number };

const enhanced = new WeakSet<Element>();

function readRemembered(): Remembered | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    sessionStorage.removeItem(KEY);
    const remembered = value as Remembered | null;
    return remembered && typeof remembered.path === 'string' && typeof remembered.top === 'number' ? remembered : null;
  } catch {
    // Storage refused (private mode, disabled): the page opens at its top.
    return null;
  }
}

/** Scrolls the page so its bar is where the reader left the previous page's, when they came by a tab of it. */
function restore(root: Document, bar: HTMLElement): void {
  const remembered = readRemembered();
  if (!remembered || remembered.path !== normalisePath(root.location.pathname) || root.location.hash) return;
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (navigation && navigation.type !== 'navigate') return;
  window.scrollTo({ top: window.scrollY + bar.getBoundingClientRect().top - remembered.top, behavior: 'instant' });
}

/** Restores the bar's place on arrival and remembers it when a tab is chosen. */
export function enhanceRouteTabs(root: Document): void {
  const bar = root.querySelector<HTMLElement>('[data-light="route-tabs"]');
  if (!bar || enhanced.has(bar)) return;
  enhanced.add(bar);
  restore(root, bar);
  bar.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a');
    // New-tab and new-window gestures open the page at its top, as the browser does.
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const remembered: Remembered = { path: normalisePath(new URL(link.href).pathname), top: bar.getBoundingClientRect().top };
    try {
      sessionStorage.setItem(KEY, JSON.stringify(remembered));
    } catch {
      // Storage refused: the next page opens at its top.
    }
  });
}
