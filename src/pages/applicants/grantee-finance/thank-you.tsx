import { ThankYouPage } from '@/forms/kit/ThankYouPage';

export default function GranteeFinanceThankYouPage() {
  return <ThankYouPage programme="grantee-finance" />;
}
