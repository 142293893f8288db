import { PageMeta } from '@/components/PageMeta';
import { SectionedPage } from '@/components/content/SectionedPage';
import { academicGrantsPage } from '@/content/grantRounds';
import type { SectionedPageCopy } from '@/content/types';

export const getStaticProps = () => ({ props: { copy: academicGrantsPage } });

export default function AcademicGrantsPage({ copy }: { copy: SectionedPageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <SectionedPage copy={copy} />
    </>
  );
}
