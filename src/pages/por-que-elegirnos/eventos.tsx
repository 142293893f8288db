import { WhyChoosePage } from '@/components/content/WhyChoosePage';
import { whyChoosePages, type WhyChoosePageCopy } from '@/content/courses';

export const getStaticProps = () => ({ props: { copy: whyChoosePages.events } });

export default function WhyChooseEventsPage({ copy }: { copy: WhyChoosePageCopy }) {
  return <WhyChoosePage copy={copy} />;
}
