import { PageMeta } from '@/components/PageMeta';
import { consultantPages, type ConsultantPageCopy } from '@/content/courses';
import { CourseLayout } from '@/layouts/CourseLayout';

export const getStaticProps = () => ({ props: { copy: consultantPages.ethereum } });

export default function ConsultantEthereumPage({ copy }: { copy: ConsultantPageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <CourseLayout copy={copy} />
    </>
  );
}
