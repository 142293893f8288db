import { PageMeta } from '@/components/PageMeta';
import { SectionedPage } from '@/components/content/SectionedPage';
import { applicantsPage } from '@/content/applicants';
import type { SectionedPageCopy } from '@/content/types';

// A content page: rendered at build time, it ships no React or Next script (src/light enhances it).
export const config = { unstable_runtimeJS: false };

export const getStaticProps = () => ({ props: { copy: applicantsPage } });

export default function ApplicantsPage({ copy }: { copy: SectionedPageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <SectionedPage copy={copy} />
    </>
  );
}
