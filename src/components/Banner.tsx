import type { ReactNode } from 'react';
import { SiteContainer } from '@/components/shell/SiteContainer';
import styles from './Banner.module.css';

/**
 * The banner area at the top of each page: its one h1 and a short lead, over the layout's background
 * band. `reserve`: the title and the lead come with data the page loads after its first paint (the
 * applicant's application); the banner keeps room for a two-line title and a lead from the start,
 * so the page under it does not move when they arrive.
 */
export function Banner({ title, lead, reserve = false, children }: { title: string; lead?: string; reserve?: boolean; children?: ReactNode }) {
  return (
    <SiteContainer className={reserve ? `${styles.banner} ${styles.reserved}` : styles.banner}>
      <h1 className={styles.title}>{title}</h1>
      {lead ? (
        <p className={styles.lead}>{lead}</p>
      ) : reserve ? (
        <p className={styles.lead} aria-hidden="true">
          {'\u00a0'}
        </p>
      ) : null}
      {children}
    </SiteContainer>
  );
}
