import { academicGrants } from '@/forms/definitions/academicGrants';
import { ApplicationForm } from '@/forms/kit/ApplicationForm';

/** Academic grants. */
export default function AcademicGrantsForm() {
  return <ApplicationForm definition={academicGrants} />;
}
