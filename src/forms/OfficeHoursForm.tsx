import { officeHours } from '@/forms/definitions/officeHours';
import { ApplicationForm } from '@/forms/kit/ApplicationForm';

/** Office hours: advice, or feedback on a project. */
export default function OfficeHoursForm() {
  return <ApplicationForm definition={officeHours} />;
}
