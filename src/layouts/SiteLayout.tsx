import type { ReactNode } from 'react';
import { Footer } from '@/components/shell/Footer';
import { Header } from '@/components/shell/Header';
import { Newsletter } from '@/components/shell/Newsletter';
import { RouteTabNav } from '@/components/content/RouteTabNav';
import { layoutForPath } from './layoutForPath';
import { routeTabsForPath } from '@/lib/routeTabs';
import styles from './SiteLayout.module.css';

/**
 * The page shell every route shares: a background band sized and tinted by the route's layout group,
 * the header, the route tab bar of the section (when the path has one), the page itself (which
 * opens with its banner), the newsletter and the footer.
 */
export function SiteLayout({ path, children }: { path: string; children: ReactNode }) {
  const routeTabs = routeTabsForPath(path);
  // The band's height and gradient follow data-layout in SiteLayout.module.css.
  return (
    <div className={styles.page} data-layout={layoutForPath(path)}>
      <div aria-hidden="true" className={styles.band} />
      <a href="#main" className={styles.skipLink}>
        Saltar al contenido
      </a>
      <Header path={path} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {routeTabs ? <RouteTabNav set={routeTabs.set} selectedIndex={routeTabs.selectedIndex} /> : null}
        {children}
      </main>
      <Newsletter path={path} />
      <Footer path={path} />
    </div>
  );
}
