// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { officeHours } from '@/forms/definitions';
import { defaultValues, validateForm, visibleFields } from '@/forms/definitions/validate';
import { validOfficeHours } from '../../../../scripts/support/formAnswers';
import { CHOICE_INVALID, describeRuleTable } from './ruleTable';

const TEAM = { individualOrTeam: 'Team' };
const PROJECT_QUESTIONS = ['projectName', 'projectDescription', 'additionalInfo', 'projectCategory'];

describeRuleTable(officeHours, validOfficeHours, [
  { field: 'firstName', required: 'First name is required.', cap: [40, 'First name cannot exceed 40 characters.'] },
  { field: 'lastName', required: 'Last name is required.', cap: [80, 'Last name cannot exceed 80 characters.'] },
  { field: 'email', required: 'Email is required.', invalid: [['ana@', 'Email must be a valid email address.']] },
  { field: 'individualOrTeam', required: 'Please choose Individual or Team.', invalid: [CHOICE_INVALID] },
  { field: 'company', given: TEAM, required: 'Organization name is required.', cap: [255, 'Organization name cannot exceed 255 characters.'] },
  { field: 'officeHoursRequest', required: 'Please choose Advice or Project feedback.', invalid: [CHOICE_INVALID] },
  { field: 'otherReasonForMeeting', required: 'Reason for the meeting is required.', cap: [32768, 'Reason for the meeting cannot exceed 32768 characters.'] },
  { field: 'projectName', required: 'Project name is required.', cap: [255, 'Project name cannot exceed 255 characters.'] },
  { field: 'projectDescription', required: 'Field is required.', cap: [32768, 'Cannot exceed 32768 characters.'] },
  { field: 'additionalInfo', required: 'Further links are required.', cap: [32768, 'Cannot exceed 32768 characters.'] },
  // The office-hours list has 'Community event'; the fixture chooses it.
  { field: 'projectCategory', required: 'Project category is required.', invalid: [CHOICE_INVALID, ['event-sponsorship', 'Choose one of the options.']] },
  { field: 'howDidYouHearAboutESP', required: 'Referral source is required.', invalid: [CHOICE_INVALID] },
  { field: 'timezone', required: 'Time zone is required.', invalid: [CHOICE_INVALID] },
]);

const shown = (values: Record<string, string>): string[] => visibleFields(officeHours, values).map((field) => field.name);

describe('office hours: transitions', () => {
  it('defaults to an individual asking for project feedback', () => {
    const defaults = defaultValues(officeHours);
    expect([defaults.individualOrTeam, defaults.officeHoursRequest]).toEqual(['Individual', 'Project feedback']);
  });

  it('Individual hides the organisation; Team shows it and requires it', () => {
    expect(shown(validOfficeHours())).not.toContain('company');
    expect(shown({ ...validOfficeHours(), ...TEAM })).toContain('company');
    expect(validateForm(officeHours, { ...validOfficeHours(), ...TEAM })).toEqual({ company: 'Organization name is required.' });
  });

  it('Project feedback shows the four project questions, all required; Advice hides them', () => {
    expect(PROJECT_QUESTIONS.filter((name) => !shown(validOfficeHours()).includes(name))).toEqual([]);
    const blank = { ...validOfficeHours(), ...Object.fromEntries(PROJECT_QUESTIONS.map((name) => [name, ''])) };
    expect(Object.keys(validateForm(officeHours, blank)).sort()).toEqual([...PROJECT_QUESTIONS].sort());
    const advice = { ...blank, officeHoursRequest: 'Advice' };
    expect(PROJECT_QUESTIONS.filter((name) => shown(advice).includes(name))).toEqual([]);
    expect(validateForm(officeHours, advice)).toEqual({});
  });
});

describe('office hours: payload', () => {
  it('is the JSON body of POST /api/office-hours, field by field, company filled with the name', () => {
    expect(officeHours.endpoint(validOfficeHours())).toEqual({ method: 'POST', path: '/api/office-hours', encoding: 'json' });
    expect(officeHours.toPayload(validOfficeHours())).toEqual({
      firstName: 'Ana',
      lastName: 'Pérez',
      email: 'ana@example.org',
      individualOrTeam: 'Individual',
      company: 'Ana Pérez',
      officeHoursRequest: 'Project feedback',
      otherReasonForMeeting: 'Our answer about the meeting.\nSecond line.',
      projectName: 'Wallet UX study',
      projectDescription: 'Our answer about the project.\nSecond line.',
      additionalInfo: 'https://github.com/example/wallet-ux',
      projectCategory: 'community-event',
      howDidYouHearAboutESP: 'host-organisation',
      timezone: 'America/Bogota',
    });
  });

  it('leaves the project answers out for Advice and keeps a team’s organisation', () => {
    const payload = officeHours.toPayload({ ...validOfficeHours(), ...TEAM, company: 'Cadena Labs', officeHoursRequest: 'Advice' });
    expect(payload.company).toBe('Cadena Labs');
    expect(PROJECT_QUESTIONS.filter((name) => name in payload)).toEqual([]);
  });
});
