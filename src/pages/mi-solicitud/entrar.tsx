import { SignInFromLink } from '@/applicant/SignInFromLink';

export default function ApplicantSignInPage() {
  return <SignInFromLink />;
}
