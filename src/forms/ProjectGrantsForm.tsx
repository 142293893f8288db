import { projectGrants } from '@/forms/definitions';
import { ApplicationForm } from '@/forms/kit/ApplicationForm';

/** Project grants (spec section 3): the whole form is its definition. */
export default function ProjectGrantsForm() {
  return <ApplicationForm definition={projectGrants} />;
}
