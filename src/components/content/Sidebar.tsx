import { useEffect, useState } from 'react';
import styles from './Sidebar.module.css';

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
    <nav aria-label={label} className={styles.sidebar}>
      <ul>
        {links.map((link) => (
          <li key={link.id}>
            <a href={`#${link.id}`} aria-current={link.id === currentId ? 'location' : undefined} className={styles.link}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
