import { contact } from '@/config/site';
import { ThankYouPage } from '@/forms/kit/ThankYouPage';

export default function AcademicGrantsThankYouPage() {
  return <ThankYouPage grantType="Academic Grants" contactEmail={contact.academicGrants} />;
}
