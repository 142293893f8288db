import { chakra } from '@chakra-ui/react';
import { Banner } from '@/components/Banner';
import { PageMeta } from '@/components/PageMeta';
import { LegacySiteContainer as SiteContainer } from '@/components/shell/SiteContainer';
import type { AboutPageCopy } from '@/content/about';
import { ActionLink } from './ActionLink';
import { ContentSections } from './ContentSection';

/** A Becas page: banner, its sections over the page's own tint, and the call to the programmes. */
export function AboutPage({ copy }: { copy: AboutPageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <Banner title={copy.banner.title} lead={copy.banner.lead} />
      <chakra.div bgImage={copy.tint} py="12">
        <SiteContainer>
          <ContentSections sections={copy.sections} />
          <chakra.p mt="12">
            <ActionLink link={copy.cta} context="cursos y programas de apoyo" />
          </chakra.p>
        </SiteContainer>
      </chakra.div>
    </>
  );
}
