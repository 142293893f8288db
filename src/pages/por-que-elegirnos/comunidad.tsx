import { WhyChoosePage } from '@/components/content/WhyChoosePage';
import { whyChoosePages, type WhyChoosePageCopy } from '@/content/courses';

export const getStaticProps = () => ({ props: { copy: whyChoosePages.community } });

export default function WhyChooseCommunityPage({ copy }: { copy: WhyChoosePageCopy }) {
  return <WhyChoosePage copy={copy} />;
}
