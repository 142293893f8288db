import { ThankYouPage } from '@/forms/kit/ThankYouPage';
import { thankYouCopy, type ThankYouCopy } from '@/forms/kit/thankYouCopy';

export const getStaticProps = () => ({ props: { copy: thankYouCopy('office-hours') } });

export default function OfficeHoursThankYouPage({ copy }: { copy: ThankYouCopy }) {
  return <ThankYouPage copy={copy} />;
}
