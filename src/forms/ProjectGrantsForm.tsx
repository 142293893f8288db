import { projectGrants } from '@/forms/definitions/projectGrants';
import { ApplicationForm } from '@/forms/kit/ApplicationForm';

/** Project grants (spec section 3): the whole form is its definition. */
export default function ProjectGrantsForm() {
  return <ApplicationForm definition={projectGrants} />;
}
