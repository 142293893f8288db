import { ThankYouPage } from '@/forms/kit/ThankYouPage';
import { thankYouCopy, type ThankYouCopy } from '@/forms/kit/thankYouCopy';

export const getStaticProps = () => ({ props: { copy: thankYouCopy('small-grants') } });

export default function SmallGrantsThankYouPage({ copy }: { copy: ThankYouCopy }) {
  return <ThankYouPage copy={copy} />;
}
