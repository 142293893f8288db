import { Banner } from '@/components/Banner';
import { SiteContainer } from '@/components/shell/SiteContainer';
import type { SectionedPageCopy } from '@/content/types';
import { BannerNote } from './BannerNote';
import { ContentSections } from './ContentSection';
import { Sidebar } from './Sidebar';
import styles from './SectionedPage.module.css';

/** A page made of a banner and anchored sections, with the sidebar of section links beside them on large screens. */
export function SectionedPage({ copy }: { copy: SectionedPageCopy }) {
  const links = copy.sections.map((section) => ({ id: section.id, label: section.navLabel ?? section.title }));
  return (
    <>
      <Banner title={copy.banner.title} lead={copy.banner.lead}>
        {copy.banner.note ? <BannerNote note={copy.banner.note} /> : null}
      </Banner>
      <SiteContainer className={styles.body}>
        <Sidebar label={copy.sidebarLabel} links={links} />
        <ContentSections sections={copy.sections} />
      </SiteContainer>
    </>
  );
}
