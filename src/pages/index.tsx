import type { ReactNode } from 'react';
import { PageMeta } from '@/components/PageMeta';
import { ActionLink } from '@/components/content/ActionLink';
import { CardGrid } from '@/components/content/CardGrid';
import { CourseCard } from '@/components/content/CourseCard';
import { ImageHero } from '@/components/content/ImageHero';
import { Reveal } from '@/components/content/Reveal';
import { SiteContainer } from '@/components/shell/SiteContainer';
import styles from '@/components/content/HomePage.module.css';
import blockStyles from '@/components/content/RichBlocks.module.css';
import spacing from '@/components/content/spacing.module.css';
import { homePage, type HomePageCopy } from '@/content/home';

// A content page: rendered at build time, it ships no React or Next script (src/light enhances it).
export const config = { unstable_runtimeJS: false };

export const getStaticProps = () => ({ props: { copy: homePage } });

export default function HomePage({ copy }: { copy: HomePageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <ImageHero title={copy.hero.title} lead={copy.hero.lead} image={copy.hero.image}>
        <div className={spacing.mt8}>
          <ActionLink link={copy.hero.cta} />
        </div>
      </ImageHero>

      <HomeSection id="cursos-title" title={copy.courses.title}>
        <p className={styles.lead}>{copy.courses.lead}</p>
        <div className={styles.courses}>
          {copy.courses.items.map((course) => (
            <CourseCard key={course.title} course={course} />
          ))}
        </div>
      </HomeSection>

      <HomeSection id="programas-title" title={copy.programmes.title}>
        <p className={styles.lead}>{copy.programmes.lead}</p>
        <CardGrid items={copy.programmes.items} />
      </HomeSection>

      <HomeSection id="por-que-title" title={copy.whyChoose.title} className={styles.whyChoose}>
        <ul className={`${blockStyles.list} ${styles.benefits}`}>
          {copy.whyChoose.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <ActionLink link={copy.whyChoose.cta} context={copy.whyChoose.title} />
      </HomeSection>
    </>
  );
}

/** One section of the home page, named by its heading; className goes to the part that slides in. */
function HomeSection({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <SiteContainer as="section" aria-labelledby={id} className={styles.section}>
      <Reveal className={className}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {children}
      </Reveal>
    </SiteContainer>
  );
}
