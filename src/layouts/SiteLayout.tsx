import type { CSSProperties, ReactNode } from 'react';
import { Footer } from '@/components/shell/Footer';
import { Header } from '@/components/shell/Header';
import { Newsletter } from '@/components/shell/Newsletter';
import { RouteTabNav } from '@/components/content/RouteTabNav';
import { backgroundForGroup, layoutForPath } from './layoutForPath';
import { routeTabsForPath } from './routeTabs';
import { classNames } from '@/lib/classNames';
import styles from './SiteLayout.module.css';

/**
 * The page shell every route shares: a background band sized and tinted by the route's layout group,
 * the header, the route tab bar of the section (when the path has one), the page itself (which
 * opens with its banner), the newsletter and the footer.
 */
export function SiteLayout({ path, children }: { path: string; children: ReactNode }) {
  const group = layoutForPath(path);
  const routeTabs = routeTabsForPath(path);
  const background = backgroundForGroup[group];
  const bandStyle = {
    '--band-height': background.height,
    '--band-height-phone': group === 'home' ? '640px' : '420px',
    '--band-gradient': `var(--gradient-${background.gradient})`,
  } as CSSProperties;
  return (
    <div className={styles.page} data-layout={group}>
      <div aria-hidden="true" className={classNames(styles.band, group === 'home' && styles.homeBand)} style={bandStyle} />
      <a href="#main" className={styles.skipLink}>
        Saltar al contenido
      </a>
      <Header />
      <main id="main" tabIndex={-1} className={styles.main}>
        {routeTabs ? <RouteTabNav set={routeTabs.set} selectedIndex={routeTabs.selectedIndex} /> : null}
        {children}
      </main>
      <Newsletter />
      <Footer />
    </div>
  );
}
