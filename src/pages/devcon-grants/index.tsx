import { RoundProgrammePage } from '@/components/rounds/RoundProgrammePage';
import { devconGrantsPage } from '@/content/grantRounds';
import type { SectionedPageCopy } from '@/content/types';

export const getStaticProps = () => ({ props: { copy: devconGrantsPage } });

/** The build's copy, then the round as the server publishes it (GET /api/rounds). */
export default function DevconGrantsPage({ copy }: { copy: SectionedPageCopy }) {
  return <RoundProgrammePage programme="devcon-grants" copy={copy} />;
}
