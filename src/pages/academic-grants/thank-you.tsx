import { ThankYouPage } from '@/forms/kit/ThankYouPage';

export default function AcademicGrantsThankYouPage() {
  return <ThankYouPage programme="academic-grants" />;
}
