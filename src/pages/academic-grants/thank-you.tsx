import { ThankYouPage } from '@/forms/kit/ThankYouPage';
import { thankYouCopy, type ThankYouCopy } from '@/forms/kit/thankYouCopy';

export const getStaticProps = () => ({ props: { copy: thankYouCopy('academic-grants') } });

export default function AcademicGrantsThankYouPage({ copy }: { copy: ThankYouCopy }) {
  return <ThankYouPage copy={copy} />;
}
