import { ThankYouPage } from '@/forms/kit/ThankYouPage';

export default function OfficeHoursThankYouPage() {
  return <ThankYouPage programme="office-hours" />;
}
