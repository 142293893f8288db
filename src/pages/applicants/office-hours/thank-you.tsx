import { contact } from '@/config/site';
import { ThankYouPage } from '@/forms/kit/ThankYouPage';

export default function OfficeHoursThankYouPage() {
  return <ThankYouPage grantType="Office Hours" contactEmail={contact.general} />;
}
