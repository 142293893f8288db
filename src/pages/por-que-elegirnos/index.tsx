import { WhyChoosePage } from '@/components/content/WhyChoosePage';
import { whyChoosePages, type WhyChoosePageCopy } from '@/content/courses';

export const getStaticProps = () => ({ props: { copy: whyChoosePages.liveClasses } });

export default function WhyChooseLiveClassesPage({ copy }: { copy: WhyChoosePageCopy }) {
  return <WhyChoosePage copy={copy} />;
}
