import { smallGrants } from '@/forms/definitions/smallGrants';
import { ApplicationForm } from '@/forms/kit/ApplicationForm';

/** Small grants, project or event sponsorship: the category picks the section and the endpoint. */
export default function SmallGrantsForm() {
  return <ApplicationForm definition={smallGrants} />;
}
