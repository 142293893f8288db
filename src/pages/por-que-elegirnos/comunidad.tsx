import { WhyChoosePage } from '@/components/content/WhyChoosePage';
import { whyChoosePages, type WhyChoosePageCopy } from '@/content/courses';

// A content page: rendered at build time, it ships no React or Next script (src/light enhances it).
export const config = { unstable_runtimeJS: false };

export const getStaticProps = () => ({ props: { copy: whyChoosePages.community } });

export default function WhyChooseCommunityPage({ copy }: { copy: WhyChoosePageCopy }) {
  return <WhyChoosePage copy={copy} />;
}
