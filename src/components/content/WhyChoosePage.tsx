import { PageMeta } from '@/components/PageMeta';
import { SiteContainer } from '@/components/shell/SiteContainer';
import type { WhyChoosePageCopy } from '@/content/courses';
import { ActionLink } from './ActionLink';
import { ContentSections } from './ContentSection';
import { ImageHero } from './ImageHero';
import { RichBlocks } from './RichBlocks';
import spacing from './spacing.module.css';

/** The why-choose layout: hero '¿Por qué elegir {brand}?' with its illustration and the three benefits, then the tab's own section. */
export function WhyChoosePage({ copy }: { copy: WhyChoosePageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <ImageHero title={copy.hero.title} lead={copy.hero.lead} image={copy.hero.image}>
        <div className={spacing.mt6}>
          <RichBlocks blocks={[{ kind: 'list', items: copy.hero.benefits }]} />
        </div>
      </ImageHero>
      <SiteContainer className={spacing.pageEnd}>
        <ContentSections sections={copy.sections} />
        <p className={spacing.mt10}>
          <ActionLink link={copy.cta} context="cursos y programas" />
        </p>
      </SiteContainer>
    </>
  );
}
