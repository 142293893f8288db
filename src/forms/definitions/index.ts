/**
 * The six form definitions (DESIGN.md, "One definition per form"), for the browser's form kit and
 * the API server alike. No React, no DOM.
 */
import { devconGrants } from './devconGrants';
import { projectGrants } from './projectGrants';
import type { FormDefinition, FormKey } from './types';

export { devconGrants, projectGrants };

// Partial until the other four forms land (issue 5); then every FormKey has its definition.
export const formDefinitions: Readonly<Partial<Record<FormKey, FormDefinition>>> = {
  'project-grants': projectGrants,
  'devcon-grants': devconGrants,
};

export type * from './types';
