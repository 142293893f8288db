// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { academicGrants } from '@/forms/definitions';
import { defaultValues, validateForm, visibleFields } from '@/forms/definitions/validate';
import { validAcademicGrants } from '../../../../scripts/support/formAnswers';
import { CHOICE_INVALID, LONG_TEXT, OPTIONAL_LONG_TEXT, describeRuleTable } from './ruleTable';

describeRuleTable(academicGrants, validAcademicGrants, [
  { field: 'firstName', required: 'First name is required.', cap: [40, 'First name cannot exceed 40 characters.'] },
  { field: 'lastName', required: 'Last name is required.', cap: [80, 'Last name cannot exceed 80 characters.'] },
  { field: 'email', required: 'Email is required.', invalid: [['ana@', 'Email must be a valid email address.']] },
  { field: 'POCisAuthorisedSignatory', required: 'Please answer whether you are the authorised signatory.', invalid: [CHOICE_INVALID] },
  {
    field: 'authorisedSignatoryInformation',
    given: { POCisAuthorisedSignatory: 'No' },
    required: 'Signatory information is required.',
    cap: [255, 'Signatory information cannot exceed 255 characters.'],
  },
  { field: 'applyingAs', required: 'Please select in which capacity you are applying.', invalid: [CHOICE_INVALID] },
  { field: 'applyingAsOther', given: { applyingAs: 'other' }, required: false, cap: [255, 'Capacity cannot exceed 255 characters.'] },
  { field: 'company', required: 'Organization name is required.', cap: [255, 'Organization name cannot exceed 255 characters.'] },
  { field: 'country', required: 'Country is required.', invalid: [CHOICE_INVALID] },
  { field: 'countriesOfTeam', required: false, cap: [255, 'Countries of the team cannot exceed 255 characters.'] },
  { field: 'timezone', required: 'Time zone is required.', invalid: [CHOICE_INVALID] },
  { field: 'projectName', required: false, cap: [255, 'Project name cannot exceed 255 characters.'] },
  { field: 'projectDescription', ...LONG_TEXT },
  // The research categories, not the grants list.
  { field: 'projectCategory', required: 'Project category is required.', invalid: [CHOICE_INVALID, ['layer-2', 'Choose one of the options.']] },
  { field: 'teamProfile', ...LONG_TEXT },
  { field: 'projectPreviousWork', required: 'Previous work is required.', cap: [255, 'Previous work cannot exceed 255 characters.'] },
  { field: 'grantScope', ...LONG_TEXT },
  { field: 'projectGoals', ...LONG_TEXT },
  { field: 'problemBeingSolved', ...LONG_TEXT },
  { field: 'isYourProjectPublicGood', ...LONG_TEXT },
  { field: 'requestedAmount', required: 'Requested amount is required.', cap: [20, 'Requested amount cannot exceed 20 characters.'] },
  { field: 'proposedTimeline', ...LONG_TEXT },
  { field: 'challenges', ...LONG_TEXT },
  { field: 'additionalSupportRequests', ...OPTIONAL_LONG_TEXT },
  { field: 'howDidYouHearAboutGrantsWave', required: 'Referral source is required.', invalid: [CHOICE_INVALID] },
  { field: 'referralSourceIfOther', given: { howDidYouHearAboutGrantsWave: 'other' }, required: false, cap: [255, 'Referral source cannot exceed 255 characters.'] },
  { field: 'wouldYouShareYourResearch', required: false, invalid: [CHOICE_INVALID] },
  { field: 'linkedinProfile', required: false, cap: [255, 'LinkedIn profile cannot exceed 255 characters.'] },
  { field: 'twitter', required: false, cap: [16, 'Twitter handle cannot exceed 16 characters.'] },
  { field: 'telegram', required: false, cap: [150, 'Telegram handle cannot exceed 150 characters.'] },
  { field: 'repeatApplicant', required: 'Please answer whether you have applied before.', invalid: [CHOICE_INVALID] },
  { field: 'canTheEFReachOut', required: 'Please answer whether we may reach out.', invalid: [CHOICE_INVALID] },
  { field: 'additionalInfo', ...OPTIONAL_LONG_TEXT },
]);

const isShown = (name: string, values: Record<string, string>): boolean => visibleFields(academicGrants, values).some((field) => field.name === name);

describe('academic grants: transitions', () => {
  it('defaults: signatory Yes, repeat applicant No, may reach out Yes', () => {
    const defaults = defaultValues(academicGrants);
    expect([defaults.POCisAuthorisedSignatory, defaults.repeatApplicant, defaults.canTheEFReachOut]).toEqual(['Yes', 'No', 'Yes']);
  });

  it('No to the signatory question shows and requires the signatory information; Yes hides it', () => {
    expect(isShown('authorisedSignatoryInformation', validAcademicGrants())).toBe(false);
    const no = { ...validAcademicGrants(), POCisAuthorisedSignatory: 'No' };
    expect(isShown('authorisedSignatoryInformation', no)).toBe(true);
    expect(validateForm(academicGrants, no)).toEqual({ authorisedSignatoryInformation: 'Signatory information is required.' });
  });

  it("'Other' capacity shows applyingAsOther; 'Other' referral source shows referralSourceIfOther", () => {
    expect(isShown('applyingAsOther', validAcademicGrants())).toBe(false);
    expect(isShown('applyingAsOther', { ...validAcademicGrants(), applyingAs: 'other' })).toBe(true);
    expect(isShown('referralSourceIfOther', validAcademicGrants())).toBe(false);
    expect(isShown('referralSourceIfOther', { ...validAcademicGrants(), howDidYouHearAboutGrantsWave: 'other' })).toBe(true);
  });

  it.each(['Yes', 'No', 'Maybe'])('accepts %s for sharing the research', (answer) => {
    expect(validateForm(academicGrants, { ...validAcademicGrants(), wouldYouShareYourResearch: answer })).toEqual({});
  });
});

describe('academic grants: payload', () => {
  it('sends the three Yes/No answers as booleans and the choices as values, as JSON to POST /api/academic-grants', () => {
    const payload = academicGrants.toPayload({ ...validAcademicGrants(), POCisAuthorisedSignatory: 'No', authorisedSignatoryInformation: 'Dr. Ruiz, Dean, ruiz@example.edu', repeatApplicant: 'Yes', canTheEFReachOut: 'No' });
    expect(payload).toMatchObject({
      POCisAuthorisedSignatory: false,
      authorisedSignatoryInformation: 'Dr. Ruiz, Dean, ruiz@example.edu',
      repeatApplicant: true,
      canTheEFReachOut: false,
      applyingAs: 'university',
      country: 'PE',
      timezone: 'America/Lima',
      projectCategory: 'mev',
      howDidYouHearAboutGrantsWave: 'email-received-at-the-front',
      wouldYouShareYourResearch: 'Maybe',
    });
    expect(academicGrants.toPayload(validAcademicGrants())).toMatchObject({ POCisAuthorisedSignatory: true, repeatApplicant: false, canTheEFReachOut: true });
    expect(academicGrants.endpoint(validAcademicGrants())).toEqual({ method: 'POST', path: '/api/academic-grants', encoding: 'json' });
  });

  it('sends the full name as company when it is N/A', () => {
    expect(academicGrants.toPayload({ ...validAcademicGrants(), company: 'N/A' }).company).toBe('Ana Pérez');
    expect(academicGrants.toPayload(validAcademicGrants()).company).toBe('Universidad de Lima');
  });
});
