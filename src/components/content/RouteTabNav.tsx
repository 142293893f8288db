import type { MouseEvent } from 'react';
import { useRouter } from 'next/router';
import { SiteContainer } from '@/components/shell/SiteContainer';
import type { RouteTabSet } from '@/lib/routeTabs';
import styles from './RouteTabNav.module.css';

/**
 * A bar of tabs that are routes. Each tab is a page of its own, so this is navigation (links with
 * aria-current), not the WAI-ARIA tabs pattern, whose tab panels live in the same document.
 * Choosing a tab moves to its route without scrolling, so the reader stays at the bar.
 */
export function RouteTabNav({ set, selectedIndex }: { set: RouteTabSet; selectedIndex: number }) {
  const router = useRouter();

  const followWithoutScrolling = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    // Let the browser handle new-tab and download gestures.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.push(href, undefined, { scroll: false });
  };

  return (
    <SiteContainer as="nav" aria-label={set.label} className={styles.nav}>
      <ul className={styles.tabs}>
        {set.tabs.map((tab, index) => (
          <li key={tab.href}>
            <a
              href={tab.href}
              aria-current={index === selectedIndex ? 'page' : undefined}
              onClick={(event) => followWithoutScrolling(event, tab.href)}
              className={styles.tab}
            >
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </SiteContainer>
  );
}
