import { ThankYouPage } from '@/forms/kit/ThankYouPage';

export default function SmallGrantsThankYouPage() {
  return <ThankYouPage programme="small-grants" />;
}
