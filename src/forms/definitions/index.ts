/**
 * The six form definitions, for the browser's form kit and
 * the API server alike. No React, no DOM.
 */
import { academicGrants } from './academicGrants';
import { devconGrants } from './devconGrants';
import { granteeFinance } from './granteeFinance';
import { officeHours } from './officeHours';
import { projectGrants } from './projectGrants';
import { smallGrants } from './smallGrants';
import type { ReviewedProgrammeKey } from '../../config/programmes';
import type { FormDefinition, FormKey } from './types';

export { academicGrants, devconGrants, granteeFinance, officeHours, projectGrants, smallGrants };

export const formDefinitions: Readonly<Record<FormKey, FormDefinition>> = {
  'project-grants': projectGrants,
  'devcon-grants': devconGrants,
  'small-grants': smallGrants,
  'academic-grants': academicGrants,
  'office-hours': officeHours,
  'grantee-finance': granteeFinance,
};

export type * from './types';

/** Whether the form's answers are an application the team reviews (not payment details). */
export const isReviewedForm = (form: FormKey): form is ReviewedProgrammeKey => formDefinitions[form].kind === 'application';

/** Whether the form's answers are a grantee's payment details (src/server/finance/ stores and shows them). */
export const isPaymentDetailsForm = (form: FormKey): boolean => formDefinitions[form].kind === 'payment-details';
