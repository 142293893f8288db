import { PageMeta } from '@/components/PageMeta';
import { consultantPages, type ConsultantPageCopy } from '@/content/courses';
import { CourseLayout } from '@/layouts/CourseLayout';

export const getStaticProps = () => ({ props: { copy: consultantPages.bitcoin } });

export default function ConsultantBitcoinPage({ copy }: { copy: ConsultantPageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <CourseLayout copy={copy} />
    </>
  );
}
