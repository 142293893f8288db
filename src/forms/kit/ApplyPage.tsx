import type { ReactNode } from 'react';
import { Banner } from '@/components/Banner';
import { PageMeta } from '@/components/PageMeta';
import { SiteContainer } from '@/components/shell/SiteContainer';
import styles from './ApplyPage.module.css';

/**
 * An apply page: its Spanish title and lead in the banner, then the form (in English) below. Each
 * apply page imports its own form component, so that it loads that form and no other.
 */
export function ApplyPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <>
      <PageMeta title={title} description={lead} />
      <Banner title={title} lead={lead} />
      <SiteContainer className={styles.form}>{children}</SiteContainer>
    </>
  );
}
