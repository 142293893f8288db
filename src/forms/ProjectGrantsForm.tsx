import { projectGrants } from '@/forms/definitions/projectGrants';
import { ApplicationForm } from '@/forms/kit/ApplicationForm';

/** Project grants: the whole form is its definition. */
export default function ProjectGrantsForm() {
  return <ApplicationForm definition={projectGrants} />;
}
