import type { ReactNode } from 'react';
import styles from '../team.module.css';

/** The CSV of the list as it is filtered, downloaded. */
export function CsvLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className={styles.secondaryButton} href={href} download>
      {children}
    </a>
  );
}
