import type { ComponentType } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { normalisePath } from '@/layouts/layoutForPath';

/**
 * The one table of which form each apply route shows (spec section 2, "forms container"). Each form
 * is its own chunk, so a page carries only its own form's code.
 */
const formForPath: Readonly<Record<string, ComponentType>> = {
  '/applicants/project-grants/apply': dynamic(() => import('./ProjectGrantsForm')),
  '/applicants/small-grants/apply': dynamic(() => import('./SmallGrantsForm')),
  '/applicants/office-hours/apply': dynamic(() => import('./OfficeHoursForm')),
  '/applicants/grantee-finance': dynamic(() => import('./GranteeFinanceForm')),
  '/academic-grants/apply': dynamic(() => import('./AcademicGrantsForm')),
  '/devcon-grants/apply': dynamic(() => import('./DevconGrantsForm')),
};

export function FormsContainer() {
  const { pathname } = useRouter();
  const Form = formForPath[normalisePath(pathname)];
  if (!Form) throw new Error(`No form is mapped to ${pathname}`);
  return <Form />;
}
