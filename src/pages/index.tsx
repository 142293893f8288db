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

      <SiteContainer as="section" aria-labelledby="cursos-title" className={styles.section}>
        <Reveal>
          <h2 id="cursos-title" className={styles.title}>
            {copy.courses.title}
          </h2>
          <p className={styles.lead}>{copy.courses.lead}</p>
          <div className={styles.courses}>
            {copy.courses.items.map((course) => (
              <CourseCard key={course.title} course={course} />
            ))}
          </div>
        </Reveal>
      </SiteContainer>

      <SiteContainer as="section" aria-labelledby="programas-title" className={styles.section}>
        <Reveal>
          <h2 id="programas-title" className={styles.title}>
            {copy.programmes.title}
          </h2>
          <p className={styles.lead}>{copy.programmes.lead}</p>
          <CardGrid items={copy.programmes.items} />
        </Reveal>
      </SiteContainer>

      <SiteContainer as="section" aria-labelledby="por-que-title" className={styles.section}>
        <Reveal className={styles.whyChoose}>
          <h2 id="por-que-title" className={styles.title}>
            {copy.whyChoose.title}
          </h2>
          <ul className={`${blockStyles.list} ${styles.benefits}`}>
            {copy.whyChoose.benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
          <ActionLink link={copy.whyChoose.cta} context={copy.whyChoose.title} />
        </Reveal>
      </SiteContainer>
    </>
  );
}
