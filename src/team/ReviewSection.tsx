import type { ReactNode } from 'react';
import styles from './team.module.css';

/** One panel of the application page's review column, named by its heading (for screen readers' landmarks). */
export function ReviewSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
