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
