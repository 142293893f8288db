import { contact } from '@/config/site';
import { ThankYouPage } from '@/forms/kit/ThankYouPage';

export default function ProjectGrantsThankYouPage() {
  return <ThankYouPage grantType="Project Grants" contactEmail={contact.general} />;
}
