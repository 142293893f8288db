import { ThankYouPage } from '@/forms/kit/ThankYouPage';

export default function DevconGrantsThankYouPage() {
  return <ThankYouPage programme="devcon-grants" />;
}
