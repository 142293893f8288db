import styles from './Sidebar.module.css';

export type SidebarLink = { id: string; label: string };

/**
 * Links to the page's sections, the first marked with aria-current="location" until src/light/sidebar.ts
 * marks the one in view as the reader scrolls. Shown from the lg breakpoint only; on smaller screens the
 * sections follow one another with nothing beside them.
 */
export function Sidebar({ label, links }: { label: string; links: SidebarLink[] }) {
  return (
    <nav aria-label={label} data-light="sidebar" className={styles.sidebar}>
      <ul>
        {links.map((link, index) => (
          <li key={link.id}>
            <a href={`#${link.id}`} aria-current={index === 0 ? 'location' : undefined} className={styles.link}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
