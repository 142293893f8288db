import { PageMeta } from '@/components/PageMeta';
import { consultantPages, type ConsultantPageCopy } from '@/content/courses';
import { CourseLayout } from '@/layouts/CourseLayout';

// A content page: rendered at build time, it ships no React or Next script (src/light enhances it).
export const config = { unstable_runtimeJS: false };

export const getStaticProps = () => ({ props: { copy: consultantPages.ethereum } });

export default function ConsultantEthereumPage({ copy }: { copy: ConsultantPageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <CourseLayout copy={copy} />
    </>
  );
}
