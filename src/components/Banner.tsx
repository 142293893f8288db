import type { ReactNode } from 'react';
import { SiteContainer } from '@/components/shell/SiteContainer';
import styles from './Banner.module.css';

/** The banner area at the top of each page: its one h1 and a short lead, over the layout's background band. */
export function Banner({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <SiteContainer className={styles.banner}>
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </SiteContainer>
  );
}
