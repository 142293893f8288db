import { SiteContainer } from '@/components/shell/SiteContainer';
import type { RouteTabSet } from '@/lib/routeTabs';
import styles from './RouteTabNav.module.css';

/**
 * A bar of tabs that are routes. Each tab is a page of its own, so this is navigation (plain links
 * with aria-current, full page loads), not the WAI-ARIA tabs pattern, whose tab panels live in the
 * same document. src/light/routeTabs.ts keeps the reader at the bar: the chosen tab's page opens
 * scrolled so the bar is where it was.
 */
export function RouteTabNav({ set, selectedIndex }: { set: RouteTabSet; selectedIndex: number }) {
  return (
    <SiteContainer as="nav" aria-label={set.label} data-light="route-tabs" className={styles.nav}>
      <ul className={styles.tabs}>
        {set.tabs.map((tab, index) => (
          <li key={tab.href}>
            <a href={tab.href} aria-current={index === selectedIndex ? 'page' : undefined} className={styles.tab}>
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </SiteContainer>
  );
}
