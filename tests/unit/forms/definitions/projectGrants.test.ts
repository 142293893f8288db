// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { projectGrants } from '@/forms/definitions';
import { defaultValues, visibleFields } from '@/forms/definitions/validate';
import { validProjectGrants } from '../../../../scripts/support/formAnswers';
import { CHOICE_INVALID, LONG_TEXT, OPTIONAL_LONG_TEXT, UPLOAD, describeRuleTable, websiteOfLength } from './ruleTable';

describeRuleTable(projectGrants, validProjectGrants, [
  { field: 'firstName', required: 'First name is required.', cap: [40, 'First name cannot exceed 40 characters.'] },
  { field: 'lastName', required: 'Last name is required.', cap: [80, 'Last name cannot exceed 80 characters.'] },
  { field: 'email', required: 'Email is required.', invalid: [['ana@', 'Email must be a valid email address.'], ['ana example.org', 'Email must be a valid email address.']] },
  { field: 'company', required: 'Organization name is required.', cap: [255, 'Organization name cannot exceed 255 characters.'] },
  { field: 'teamProfile', ...LONG_TEXT },
  { field: 'twitter', required: false, cap: [16, 'Twitter handle cannot exceed 16 characters.'] },
  { field: 'website', required: false, cap: [255, 'Website cannot exceed 255 characters.'], fill: websiteOfLength, invalid: [['not a website', 'Website must be a valid web address.']] },
  { field: 'city', required: false, cap: [255, 'City cannot exceed 255 characters.'] },
  { field: 'country', required: 'Country is required.', invalid: [CHOICE_INVALID, ['XX', 'Choose one of the options.']] },
  { field: 'timezone', required: 'Time zone is required.', invalid: [CHOICE_INVALID] },
  { field: 'projectName', required: 'Project name is required.', cap: [255, 'Project name cannot exceed 255 characters.'] },
  { field: 'projectRepo', required: false, cap: [255, 'Project repository cannot exceed 255 characters.'] },
  // The grants list is the office-hours list without 'Community event'.
  { field: 'projectCategory', required: 'Project category is required.', invalid: [CHOICE_INVALID, ['community-event', 'Choose one of the options.']] },
  { field: 'projectDescription', ...LONG_TEXT },
  { field: 'progress', ...OPTIONAL_LONG_TEXT },
  { field: 'problemBeingSolved', ...LONG_TEXT },
  { field: 'proposedTimeline', ...LONG_TEXT },
  { field: 'whyIsProjectImportant', ...LONG_TEXT },
  { field: 'howDoesYourProjectDiffer', ...LONG_TEXT },
  { field: 'isYourProjectPublicGood', ...LONG_TEXT },
  { field: 'isOpenSource', ...LONG_TEXT },
  { field: 'whyEthereum', ...LONG_TEXT },
  { field: 'challenges', ...LONG_TEXT },
  { field: 'sustainabilityPlan', ...LONG_TEXT },
  { field: 'otherProjects', ...OPTIONAL_LONG_TEXT },
  { field: 'requestedAmount', required: 'Requested amount is required.', cap: [20, 'Requested amount cannot exceed 20 characters.'] },
  { field: 'repeatApplicant', required: 'Please answer whether you have applied before.', invalid: [CHOICE_INVALID] },
  { field: 'otherFunding', ...OPTIONAL_LONG_TEXT },
  { field: 'additionalInfo', ...OPTIONAL_LONG_TEXT },
  { field: 'howDidYouHearAboutESP', required: 'Referral source is required.', invalid: [CHOICE_INVALID] },
  { field: 'referralSourceIfOther', given: { howDidYouHearAboutESP: 'other' }, required: false, cap: [255, 'Referral source cannot exceed 255 characters.'] },
  { field: 'referrals', required: false, cap: [150, 'Referral cannot exceed 150 characters.'] },
  { field: 'uploadProposal', ...UPLOAD },
  { field: 'captchaToken', required: 'Please confirm that you are not a robot.' },
]);

describe('project grants: form behaviour', () => {
  it('starts with repeatApplicant No and everything else empty', () => {
    const defaults = defaultValues(projectGrants);
    expect(defaults.repeatApplicant).toBe('No');
    expect(Object.entries(defaults).filter(([, value]) => value !== '')).toEqual([['repeatApplicant', 'No']]);
  });

  it("shows referralSourceIfOther only for the 'Other' referral source", () => {
    const shown = (source: string) => visibleFields(projectGrants, { ...validProjectGrants(), howDidYouHearAboutESP: source }).some((field) => field.name === 'referralSourceIfOther');
    expect(shown('other')).toBe(true);
    expect(shown('social-media')).toBe(false);
    expect(shown('')).toBe(false);
  });

  it('is sent as multipart to POST /api/project-grants, captcha and upload included', () => {
    expect(projectGrants.endpoint(validProjectGrants())).toEqual({ method: 'POST', path: '/api/project-grants', encoding: 'multipart' });
    expect(projectGrants.elementId).toBe('project-grants-form');
    expect(projectGrants.submitLabel).toBe('Submit Application');
    expect([projectGrants.captcha, projectGrants.upload]).toEqual([true, true]);
  });
});

describe('project grants: payload', () => {
  it('sends option values, repeatApplicant as a boolean and the website with a scheme', () => {
    const payload = projectGrants.toPayload({ ...validProjectGrants(), repeatApplicant: 'Yes' });
    expect(payload).toMatchObject({
      projectCategory: 'developer-experience-and-tooling',
      country: 'PE',
      timezone: 'America/Lima',
      howDidYouHearAboutESP: 'social-media',
      repeatApplicant: true,
      website: 'https://cadena.example.org',
    });
    expect(projectGrants.toPayload(validProjectGrants()).repeatApplicant).toBe(false);
  });

  it.each(['N/A', 'n/a', 'NA', ' N / A '])("replaces company '%s' by the full name", (company) => {
    expect(projectGrants.toPayload({ ...validProjectGrants(), company }).company).toBe('Ana Pérez');
  });

  it('keeps a real organisation name', () => {
    expect(projectGrants.toPayload(validProjectGrants()).company).toBe('Cadena Labs');
  });

  it('never sends the file or a hidden follow-up typed before the source changed', () => {
    const payload = projectGrants.toPayload({ ...validProjectGrants(), referralSourceIfOther: 'A friend' });
    expect(payload).not.toHaveProperty('referralSourceIfOther');
    expect(payload).not.toHaveProperty('uploadProposal');
    expect(projectGrants.toPayload({ ...validProjectGrants(), howDidYouHearAboutESP: 'other', referralSourceIfOther: 'A friend' }).referralSourceIfOther).toBe('A friend');
  });
});
