import { contact } from '@/config/site';
import { ThankYouPage } from '@/forms/kit/ThankYouPage';

export default function DevconGrantsThankYouPage() {
  return <ThankYouPage grantType="Devcon Grants" contactEmail={contact.devconGrants} />;
}
