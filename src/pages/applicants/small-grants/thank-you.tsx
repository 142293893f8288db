import { routes } from '@/content/routes';
import { ThankYouPage } from '@/forms/kit/ThankYouPage';

export default function SmallGrantsThankYouPage() {
  return <ThankYouPage grantType="Small Grants" programmePage={routes.smallGrants} />;
}
