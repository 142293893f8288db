import { PageMeta } from '@/components/PageMeta';
import { consultantPages, type ConsultantPageCopy } from '@/content/courses';
import { CourseLayout } from '@/layouts/CourseLayout';

export const getStaticProps = () => ({ props: { copy: consultantPages.overview } });

export default function ConsultantOverviewPage({ copy }: { copy: ConsultantPageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <CourseLayout copy={copy} />
    </>
  );
}
