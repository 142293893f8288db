import { officeHours } from '@/forms/definitions/officeHours';
import { ApplicationForm } from '@/forms/kit/ApplicationForm';

/** Office hours: advice, or feedback on a project (spec sections 3 and 4). */
export default function OfficeHoursForm() {
  return <ApplicationForm definition={officeHours} />;
}
