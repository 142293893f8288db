import { useEffect, useState } from 'react';
import { chakra } from '@chakra-ui/react';

export type SidebarLink = { id: string; label: string };

/**
 * Links to the page's sections, the one in view marked with aria-current="location". Shown from
 * the lg breakpoint only; on smaller screens the sections follow one another with nothing beside them.
 */
export function Sidebar({ label, links }: { label: string; links: SidebarLink[] }) {
  const [currentId, setCurrentId] = useState(links[0]?.id);

  useEffect(() => {
    const sections = links.map((link) => document.getElementById(link.id)).filter((element): element is HTMLElement => element !== null);
    const visible = new Set<string>();
    // A section counts as in view while it crosses the band from 20 % to 40 % of the viewport height.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        const first = sections.find((section) => visible.has(section.id));
        if (first) setCurrentId(first.id);
      },
      { rootMargin: '-20% 0px -60% 0px' },
    );
    for (const section of sections) observer.observe(section);
    return () => observer.disconnect();
  }, [links]);

  return (
    <chakra.nav aria-label={label} display={{ base: 'none', lg: 'block' }} position="sticky" top="6" alignSelf="start" bgImage="sidebar" p="5">
      <chakra.ul listStyleType="none">
        {links.map((link) => (
          <li key={link.id}>
            <chakra.a
              href={`#${link.id}`}
              aria-current={link.id === currentId ? 'location' : undefined}
              display="block"
              py="2"
              ps="3"
              borderStart="3px solid transparent"
              color="paragraph"
              textDecoration="none"
              _hover={{ textDecoration: 'underline' }}
              css={{ '&[aria-current=location]': { borderColor: 'accentText', fontWeight: '700', color: 'accentText' } }}
            >
              {link.label}
            </chakra.a>
          </li>
        ))}
      </chakra.ul>
    </chakra.nav>
  );
}
