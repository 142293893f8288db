import { chakra } from '@chakra-ui/react';
import { PageMeta } from '@/components/PageMeta';
import { ActionLink } from '@/components/content/ActionLink';
import { CardGrid } from '@/components/content/CardGrid';
import { CourseCard } from '@/components/content/CourseCard';
import { ImageHero } from '@/components/content/ImageHero';
import { Reveal } from '@/components/content/Reveal';
import { LegacySiteContainer as SiteContainer } from '@/components/shell/SiteContainer';
import { homePage, type HomePageCopy } from '@/content/home';

// TRANSITIONAL until this page is converted to a CSS module.
const LegacyReveal = chakra(Reveal);

export const getStaticProps = () => ({ props: { copy: homePage } });

const sectionTitle = { fontFamily: 'mono', fontSize: 'h2', fontWeight: '700', color: 'headingText' } as const;

export default function HomePage({ copy }: { copy: HomePageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <ImageHero title={copy.hero.title} lead={copy.hero.lead} image={copy.hero.image}>
        <chakra.div mt="8">
          <ActionLink link={copy.hero.cta} />
        </chakra.div>
      </ImageHero>

      <SiteContainer as="section" aria-labelledby="cursos-title" py="12">
        <Reveal>
          <chakra.h2 id="cursos-title" {...sectionTitle}>
            {copy.courses.title}
          </chakra.h2>
          <chakra.p mt="3" mb="8" maxW="prose">
            {copy.courses.lead}
          </chakra.p>
          <chakra.div display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="8">
            {copy.courses.items.map((course) => (
              <CourseCard key={course.title} course={course} />
            ))}
          </chakra.div>
        </Reveal>
      </SiteContainer>

      <SiteContainer as="section" aria-labelledby="programas-title" py="12">
        <Reveal>
          <chakra.h2 id="programas-title" {...sectionTitle}>
            {copy.programmes.title}
          </chakra.h2>
          <chakra.p mt="3" mb="8" maxW="prose">
            {copy.programmes.lead}
          </chakra.p>
          <CardGrid items={copy.programmes.items} />
        </Reveal>
      </SiteContainer>

      <SiteContainer as="section" aria-labelledby="por-que-title" py="12">
        <LegacyReveal bgImage="stats" p={{ base: '6', md: '10' }}>
          <chakra.h2 id="por-que-title" {...sectionTitle}>
            {copy.whyChoose.title}
          </chakra.h2>
          <chakra.ul mt="5" mb="8" ps="5" listStyleType="disc" maxW="prose" css={{ '& > li': { mt: '2' } }}>
            {copy.whyChoose.benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </chakra.ul>
          <ActionLink link={copy.whyChoose.cta} context={copy.whyChoose.title} />
        </LegacyReveal>
      </SiteContainer>
    </>
  );
}
