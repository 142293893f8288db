import { routes } from '../content/routes';
import { contact } from './site';

/**
 * The programmes an application goes to, one row each: the name the thank-you page and the
 * confirmation email give it, and what comes next for the applicant. The browser's thank-you pages
 * and the server's emails read this one table, so they always say the same thing.
 * (Relative imports: the API server imports this module in plain Node.)
 */

export type ProgrammeKey = 'project-grants' | 'devcon-grants' | 'small-grants' | 'academic-grants' | 'office-hours' | 'grantee-finance';

export type Programme = {
  /** 'for applying to {name}' (spec section 2). */
  readonly name: string;
  /** Reference prefix of its applications: PG-000123. */
  readonly referencePrefix: string;
  /**
   * What the applicant is told (spec section 8): small grants get a confirmation "shortly" and a
   * link to the programme page; the others one "within 2 business days" and whom to write to.
   */
  readonly followUp: { readonly kind: 'shortly'; readonly programmePage: string } | { readonly kind: 'twoBusinessDays'; readonly contactEmail: string };
};

export const programmes: Readonly<Record<ProgrammeKey, Programme>> = {
  'project-grants': { name: 'Project Grants', referencePrefix: 'PG', followUp: { kind: 'twoBusinessDays', contactEmail: contact.general } },
  'small-grants': { name: 'Small Grants', referencePrefix: 'SG', followUp: { kind: 'shortly', programmePage: routes.smallGrants } },
  'academic-grants': { name: 'Academic Grants', referencePrefix: 'AG', followUp: { kind: 'twoBusinessDays', contactEmail: contact.academicGrants } },
  'devcon-grants': { name: 'Devcon Grants', referencePrefix: 'DG', followUp: { kind: 'twoBusinessDays', contactEmail: contact.devconGrants } },
  'office-hours': { name: 'Office Hours', referencePrefix: 'OH', followUp: { kind: 'twoBusinessDays', contactEmail: contact.general } },
  'grantee-finance': { name: 'Grantee Finance', referencePrefix: 'GF', followUp: { kind: 'twoBusinessDays', contactEmail: contact.general } },
};
