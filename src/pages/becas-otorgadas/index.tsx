import type { PublishedGrantList } from '@/api/contracts/openBooks';
import { PageMeta } from '@/components/PageMeta';
import { OPEN_BOOKS_LEAD, OPEN_BOOKS_TITLE, OpenBooksPage } from '@/components/openBooks/OpenBooksPage';
import { readOpenBooksSnapshot } from '@/lib/openBooksSnapshot';

/** The build's snapshot (scripts/open-books-snapshot.ts) travels as the page's props: the page shows it with its date until the server's list arrives. */
export const getStaticProps = () => ({ props: { snapshot: readOpenBooksSnapshot() } });

export default function OpenBooks({ snapshot }: { snapshot: PublishedGrantList }) {
  return (
    <>
      <PageMeta title={OPEN_BOOKS_TITLE} description={OPEN_BOOKS_LEAD} />
      <OpenBooksPage snapshot={snapshot} />
    </>
  );
}
