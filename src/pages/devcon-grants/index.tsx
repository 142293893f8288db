import { PageMeta } from '@/components/PageMeta';
import { SectionedPage } from '@/components/content/SectionedPage';
import { devconGrantsPage } from '@/content/grantRounds';
import type { SectionedPageCopy } from '@/content/types';

export const getStaticProps = () => ({ props: { copy: devconGrantsPage } });

export default function DevconGrantsPage({ copy }: { copy: SectionedPageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <SectionedPage copy={copy} />
    </>
  );
}
