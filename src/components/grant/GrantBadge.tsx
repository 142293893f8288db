import type { MilestoneState } from '../../lib/grants';
import styles from './grant.module.css';

/** A milestone's state (coloured by what it asks of someone: Vencido and changes in red) or a grant's (neutral) as a badge. */
export function GrantBadge({ state, label }: { state: MilestoneState | 'neutral'; label: string }) {
  return <span className={`${styles.badge} ${styles[state] ?? ''}`}>{label}</span>;
}

/** The links a progress report gives, each opening in a new tab; nothing when there are none. */
export function ReportLinks({ links, version }: { links: readonly string[]; version: number }) {
  if (links.length === 0) return null;
  return (
    <ul className={styles.links} aria-label={`Enlaces de la versión ${version}`}>
      {links.map((link) => (
        <li key={link}>
          <a href={link} target="_blank" rel="noopener noreferrer">
            {link}
          </a>
        </li>
      ))}
    </ul>
  );
}
