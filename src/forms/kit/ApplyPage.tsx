import type { ReactNode } from 'react';
import { Banner } from '@/components/Banner';
import { PageMeta } from '@/components/PageMeta';
import { SiteContainer } from '@/components/shell/SiteContainer';
import { FormSystem } from './FormSystem';
import styles from './ApplyPage.module.css';

/** An apply page: its Spanish title and lead in the banner, then the form (in English) below. */
export function ApplyPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <>
      <PageMeta title={title} description={lead} />
      <Banner title={title} lead={lead} />
      <SiteContainer className={styles.form}>
        <FormSystem>{children}</FormSystem>
      </SiteContainer>
    </>
  );
}
