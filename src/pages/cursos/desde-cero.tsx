import { chakra } from '@chakra-ui/react';
import { PageMeta } from '@/components/PageMeta';
import { ContentSections } from '@/components/content/ContentSection';
import { ContentTabs } from '@/components/content/ContentTabs';
import { ImageHero } from '@/components/content/ImageHero';
import { LegacySiteContainer as SiteContainer } from '@/components/shell/SiteContainer';
import { beginnerCoursePage, type BeginnerCoursePageCopy } from '@/content/courses';

export const getStaticProps = () => ({ props: { copy: beginnerCoursePage } });

/** The beginner-course layout: hero, the syllabus in tabs, then who the course is for. */
export default function BeginnerCoursePage({ copy }: { copy: BeginnerCoursePageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <ImageHero title={copy.hero.title} lead={copy.hero.lead} image={copy.hero.image} />
      <SiteContainer pb="16" display="flex" flexDirection="column" gap="16">
        <chakra.section aria-labelledby="temario-title">
          <chakra.h2 id="temario-title" fontFamily="mono" fontSize="h2" fontWeight="700" color="headingText" mb="5">
            {copy.syllabusTitle}
          </chakra.h2>
          <ContentTabs label={copy.syllabusLabel} tabs={copy.syllabus} />
        </chakra.section>
        <ContentSections sections={copy.sections} />
      </SiteContainer>
    </>
  );
}
