import { ThankYouPage } from '@/forms/kit/ThankYouPage';
import { thankYouCopy, type ThankYouCopy } from '@/forms/kit/thankYouCopy';

export const getStaticProps = () => ({ props: { copy: thankYouCopy('devcon-grants') } });

export default function DevconGrantsThankYouPage({ copy }: { copy: ThankYouCopy }) {
  return <ThankYouPage copy={copy} />;
}
