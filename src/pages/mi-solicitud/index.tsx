import { PortalHome } from '@/applicant/PortalHome';

export default function ApplicantPortalPage() {
  return <PortalHome />;
}
