import { RoundProgrammePage } from '@/components/rounds/RoundProgrammePage';
import { academicGrantsPage, roundPageParams } from '@/content/grantRounds';
import type { RoundPageParams } from '@/content/roundCopy';
import type { SectionedPageCopy } from '@/content/types';

// A content page: rendered at build time, it ships no React or Next script (src/light enhances it).
export const config = { unstable_runtimeJS: false };

export const getStaticProps = () => ({ props: { copy: academicGrantsPage, params: roundPageParams['academic-grants'] } });

/** The build's copy, then the round as the server publishes it (GET /api/rounds). */
export default function AcademicGrantsPage({ copy, params }: { copy: SectionedPageCopy; params: RoundPageParams }) {
  return <RoundProgrammePage params={params} copy={copy} />;
}
