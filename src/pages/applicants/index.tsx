import { PageMeta } from '@/components/PageMeta';
import { SectionedPage } from '@/components/content/SectionedPage';
import { applicantsPage } from '@/content/applicants';
import type { SectionedPageCopy } from '@/content/types';

export const getStaticProps = () => ({ props: { copy: applicantsPage } });

export default function ApplicantsPage({ copy }: { copy: SectionedPageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <SectionedPage copy={copy} />
    </>
  );
}
