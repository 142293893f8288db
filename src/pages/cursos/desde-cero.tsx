import { PageMeta } from '@/components/PageMeta';
import { ContentSections } from '@/components/content/ContentSection';
import { ContentTabs } from '@/components/content/ContentTabs';
import { ImageHero } from '@/components/content/ImageHero';
import { SiteContainer } from '@/components/shell/SiteContainer';
import sectionStyles from '@/components/content/ContentSection.module.css';
import spacing from '@/components/content/spacing.module.css';
import { beginnerCoursePage, type BeginnerCoursePageCopy } from '@/content/courses';

// A content page: rendered at build time, it ships no React or Next script (src/light enhances it).
export const config = { unstable_runtimeJS: false };

export const getStaticProps = () => ({ props: { copy: beginnerCoursePage } });

/** The beginner-course layout: hero, the syllabus in tabs, then who the course is for. */
export default function BeginnerCoursePage({ copy }: { copy: BeginnerCoursePageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <ImageHero title={copy.hero.title} lead={copy.hero.lead} image={copy.hero.image} />
      <SiteContainer className={`${spacing.pageEnd} ${spacing.stack16}`}>
        <section aria-labelledby="temario-title">
          <h2 id="temario-title" className={sectionStyles.title}>
            {copy.syllabusTitle}
          </h2>
          <ContentTabs label={copy.syllabusLabel} tabs={copy.syllabus} />
        </section>
        <ContentSections sections={copy.sections} />
      </SiteContainer>
    </>
  );
}
