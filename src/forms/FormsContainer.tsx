import type { ComponentType } from 'react';
import { useRouter } from 'next/router';
import { normalisePath } from '@/layouts/layoutForPath';
import AcademicGrantsForm from './AcademicGrantsForm';
import DevconGrantsForm from './DevconGrantsForm';
import GranteeFinanceForm from './GranteeFinanceForm';
import OfficeHoursForm from './OfficeHoursForm';
import ProjectGrantsForm from './ProjectGrantsForm';
import SmallGrantsForm from './SmallGrantsForm';

/**
 * The one table of which form each apply route shows (spec section 2, "forms container"). The forms
 * are imported statically so that the exported HTML carries the form; the heavy parts of the kit
 * (react-select, the drop zone, the captcha) load lazily.
 */
const formForPath: Readonly<Record<string, ComponentType>> = {
  '/applicants/project-grants/apply': ProjectGrantsForm,
  '/applicants/small-grants/apply': SmallGrantsForm,
  '/applicants/office-hours/apply': OfficeHoursForm,
  '/applicants/grantee-finance': GranteeFinanceForm,
  '/academic-grants/apply': AcademicGrantsForm,
  '/devcon-grants/apply': DevconGrantsForm,
};

export function FormsContainer() {
  const { pathname } = useRouter();
  const Form = formForPath[normalisePath(pathname)];
  if (!Form) throw new Error(`No form is mapped to ${pathname}`);
  return <Form />;
}
