// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formDefinitions, isReviewedForm } from '@/forms/definitions';
import type { FormKey } from '@/forms/definitions/types';

/**
 * The fields blind review hides from reviewers, per reviewed form. A new field that names the applicant must be
 * marked `identifying`, and this list changed with it: the choice is made on purpose, never by default.
 */
const IDENTIFYING: Record<Exclude<FormKey, 'grantee-finance'>, readonly string[]> = {
  'project-grants': ['firstName', 'lastName', 'email', 'company', 'teamProfile', 'twitter', 'website', 'projectRepo', 'referrals'],
  'devcon-grants': ['firstName', 'lastName', 'email', 'company', 'teamProfile', 'twitter', 'eventPreviousWork', 'sponsorshipLink'],
  'small-grants': ['firstName', 'lastName', 'email', 'company', 'twitter', 'website', 'projectRepo', 'projectPreviousWork', 'eventPreviousWork', 'sponsorshipLink', 'referrals'],
  'academic-grants': [
    'firstName',
    'lastName',
    'email',
    'authorisedSignatoryInformation',
    'company',
    'teamProfile',
    'projectPreviousWork',
    'linkedinProfile',
    'twitter',
    'telegram',
  ],
  'office-hours': ['firstName', 'lastName', 'email', 'company', 'additionalInfo'],
};

describe('identifying fields of the reviewed forms', () => {
  const reviewed = (Object.keys(formDefinitions) as FormKey[]).filter(isReviewedForm);

  it('lists every reviewed form', () => {
    expect(Object.keys(IDENTIFYING).sort()).toEqual([...reviewed].sort());
  });

  it.each(reviewed)('%s marks exactly the listed fields', (form) => {
    const marked = formDefinitions[form].fields.filter((field) => field.identifying).map((field) => field.name);
    expect(marked).toEqual(IDENTIFYING[form as keyof typeof IDENTIFYING]);
  });

  it.each(reviewed)('%s hides the applicant’s name, email and organisation', (form) => {
    expect(IDENTIFYING[form as keyof typeof IDENTIFYING]).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'company']));
  });
});
