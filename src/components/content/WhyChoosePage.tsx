import { chakra } from '@chakra-ui/react';
import { PageMeta } from '@/components/PageMeta';
import { LegacySiteContainer as SiteContainer } from '@/components/shell/SiteContainer';
import type { WhyChoosePageCopy } from '@/content/courses';
import { ActionLink } from './ActionLink';
import { ContentSections } from './ContentSection';
import { ImageHero } from './ImageHero';
import { RichBlocks } from './RichBlocks';

/** The why-choose layout: hero '¿Por qué elegir {brand}?' with its illustration and the three benefits, then the tab's own section. */
export function WhyChoosePage({ copy }: { copy: WhyChoosePageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <ImageHero title={copy.hero.title} lead={copy.hero.lead} image={copy.hero.image}>
        <chakra.div mt="6">
          <RichBlocks blocks={[{ kind: 'list', items: copy.hero.benefits }]} />
        </chakra.div>
      </ImageHero>
      <SiteContainer pb="16">
        <ContentSections sections={copy.sections} />
        <chakra.p mt="10">
          <ActionLink link={copy.cta} context="cursos y programas" />
        </chakra.p>
      </SiteContainer>
    </>
  );
}
