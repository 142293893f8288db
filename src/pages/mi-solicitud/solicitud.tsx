import { ApplicationDetailView } from '@/applicant/ApplicationDetail';

export default function ApplicantApplicationPage() {
  return <ApplicationDetailView />;
}
