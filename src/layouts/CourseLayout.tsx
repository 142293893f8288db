import { useRouter } from 'next/router';
import { Banner } from '@/components/Banner';
import { ActionLink } from '@/components/content/ActionLink';
import { Badges } from '@/components/content/Badges';
import { ContentSections } from '@/components/content/ContentSection';
import { ImageHero } from '@/components/content/ImageHero';
import { SiteContainer } from '@/components/shell/SiteContainer';
import spacing from '@/components/content/spacing.module.css';
import { routes } from '@/config/routes';
import type { ConsultantPageCopy } from '@/content/courses';
import { normalisePath } from '@/lib/paths';

/**
 * The 4-tab course layout (the tab bar itself comes with the page shell, see src/lib/routeTabs.ts): the
 * course hero on its module routes (on the enrolment route it gives way to a plain banner), then
 * the route's sections.
 */
export function CourseLayout({ copy }: { copy: ConsultantPageCopy }) {
  const { pathname } = useRouter();
  const onEnrolment = normalisePath(pathname) === normalisePath(routes.consultantEnrolment);
  return (
    <>
      {onEnrolment ? (
        <Banner title={copy.bannerTitle} lead={copy.lead} />
      ) : (
        <ImageHero title={copy.course.title} lead={copy.lead} image={copy.course.image}>
          <div className={spacing.mt5}>
            <Badges items={[...copy.course.badges, copy.course.duration]} label="Características del curso" />
          </div>
          <div className={spacing.mt6}>
            <ActionLink link={copy.enrol} />
          </div>
        </ImageHero>
      )}
      <SiteContainer className={spacing.pageEnd}>
        <ContentSections sections={copy.sections} />
      </SiteContainer>
    </>
  );
}
