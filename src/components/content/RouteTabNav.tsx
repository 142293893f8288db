import type { MouseEvent } from 'react';
import { useRouter } from 'next/router';
import { chakra } from '@chakra-ui/react';
import { LegacySiteContainer as SiteContainer } from '@/components/shell/SiteContainer';
import type { RouteTabSet } from '@/layouts/routeTabs';

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
    <SiteContainer as="nav" aria-label={set.label} pt="2">
      <chakra.ul listStyleType="none" display="flex" flexWrap="wrap" columnGap={{ base: '4', md: '8' }} rowGap="1" borderBottom="1px solid" borderColor="border">
        {set.tabs.map((tab, index) => (
          <li key={tab.href}>
            <chakra.a
              href={tab.href}
              aria-current={index === selectedIndex ? 'page' : undefined}
              onClick={(event) => followWithoutScrolling(event, tab.href)}
              display="inline-block"
              py="3"
              fontWeight="700"
              color="paragraph"
              textDecoration="none"
              borderBottom="3px solid transparent"
              mb="-1px"
              _hover={{ borderColor: 'orange' }}
              css={{ '&[aria-current=page]': { borderColor: 'accentText', color: 'accentText' } }}
            >
              {tab.label}
            </chakra.a>
          </li>
        ))}
      </chakra.ul>
    </SiteContainer>
  );
}
