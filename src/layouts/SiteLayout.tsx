import type { ReactNode } from 'react';
import { chakra } from '@chakra-ui/react';
import { Footer } from '@/components/shell/Footer';
import { Header } from '@/components/shell/Header';
import { Newsletter } from '@/components/shell/Newsletter';
import { RouteTabNav } from '@/components/content/RouteTabNav';
import { backgroundForGroup, layoutForPath } from './layoutForPath';
import { routeTabsForPath } from './routeTabs';

/**
 * The page shell every route shares: a background band sized and tinted by the route's layout group,
 * the header, the route tab bar of the section (when the path has one), the page itself (which
 * opens with its banner), the newsletter and the footer.
 */
export function SiteLayout({ path, children }: { path: string; children: ReactNode }) {
  const group = layoutForPath(path);
  const routeTabs = routeTabsForPath(path);
  const background = backgroundForGroup[group];
  return (
    <chakra.div position="relative" isolation="isolate" minH="100vh" display="flex" flexDirection="column" data-layout={group}>
      <chakra.div
        aria-hidden="true"
        position="absolute"
        insetX="0"
        top="0"
        zIndex="-1"
        h={{ base: group === 'home' ? '640px' : '420px', lg: background.height }}
        bgImage={background.gradient}
        bgColor={group === 'home' ? 'heroHome' : undefined}
        // Fade the band out at its foot, so no gradient ends in a hard edge behind the content.
        css={{ maskImage: 'linear-gradient(to bottom, black 75%, transparent)' }}
      />
      <chakra.a
        href="#main"
        position="absolute"
        top="2"
        left="2"
        zIndex="2"
        px="4"
        py="2"
        bg="paragraph"
        color="white"
        transform="translateY(-200%)"
        _focusVisible={{ transform: 'translateY(0)' }}
      >
        Saltar al contenido
      </chakra.a>
      <Header />
      <chakra.main id="main" tabIndex={-1} position="relative" zIndex="1" flex="1" outline="none">
        {routeTabs ? <RouteTabNav set={routeTabs.set} selectedIndex={routeTabs.selectedIndex} /> : null}
        {children}
      </chakra.main>
      <Newsletter />
      <Footer />
    </chakra.div>
  );
}
