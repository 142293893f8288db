import { contact } from '@/config/site';
import { ThankYouPage } from '@/forms/kit/ThankYouPage';

export default function GranteeFinanceThankYouPage() {
  return <ThankYouPage grantType="Grantee Finance" contactEmail={contact.general} />;
}
