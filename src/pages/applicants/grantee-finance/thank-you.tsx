import { ThankYouPage } from '@/forms/kit/ThankYouPage';
import { thankYouCopy, type ThankYouCopy } from '@/forms/kit/thankYouCopy';

export const getStaticProps = () => ({ props: { copy: thankYouCopy('grantee-finance') } });

export default function GranteeFinanceThankYouPage({ copy }: { copy: ThankYouCopy }) {
  return <ThankYouPage copy={copy} />;
}
