import { RoundProgrammePage } from '@/components/rounds/RoundProgrammePage';
import { academicGrantsPage } from '@/content/grantRounds';
import type { SectionedPageCopy } from '@/content/types';

export const getStaticProps = () => ({ props: { copy: academicGrantsPage } });

/** The build's copy, then the round as the server publishes it (GET /api/rounds). */
export default function AcademicGrantsPage({ copy }: { copy: SectionedPageCopy }) {
  return <RoundProgrammePage programme="academic-grants" copy={copy} />;
}
