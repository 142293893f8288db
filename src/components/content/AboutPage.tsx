import { Banner } from '@/components/Banner';
import { PageMeta } from '@/components/PageMeta';
import { SiteContainer } from '@/components/shell/SiteContainer';
import type { AboutPageCopy } from '@/content/about';
import { ActionLink } from './ActionLink';
import { ContentSections } from './ContentSection';
import { classNames } from '@/lib/classNames';
import styles from './AboutPage.module.css';
import spacing from './spacing.module.css';

/** A Becas page: banner, its sections over the page's own tint, and the call to the programmes. */
export function AboutPage({ copy }: { copy: AboutPageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <Banner title={copy.banner.title} lead={copy.banner.lead} />
      <div className={classNames(styles.body, styles[copy.tint])}>
        <SiteContainer>
          <ContentSections sections={copy.sections} />
          <p className={spacing.mt12}>
            <ActionLink link={copy.cta} context="cursos y programas de apoyo" />
          </p>
        </SiteContainer>
      </div>
    </>
  );
}
