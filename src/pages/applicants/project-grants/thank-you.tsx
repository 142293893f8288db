import { ThankYouPage } from '@/forms/kit/ThankYouPage';

export default function ProjectGrantsThankYouPage() {
  return <ThankYouPage programme="project-grants" />;
}
