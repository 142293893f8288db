// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { devconGrants } from '@/forms/definitions';
import { validateForm, visibleFields } from '@/forms/definitions/validate';
import { validDevconGrants } from '../../../../scripts/support/formAnswers';
import { CHOICE_INVALID, LONG_TEXT, OPTIONAL_LONG_TEXT, describeRuleTable, digits } from './ruleTable';

describeRuleTable(devconGrants, validDevconGrants, [
  { field: 'firstName', required: 'First name is required.', cap: [40, 'First name cannot exceed 40 characters.'] },
  { field: 'lastName', required: 'Last name is required.', cap: [80, 'Last name cannot exceed 80 characters.'] },
  { field: 'email', required: 'Email is required.', invalid: [['ana@', 'Email must be a valid email address.']] },
  { field: 'company', required: 'Organization name is required.', cap: [255, 'Organization name cannot exceed 255 characters.'] },
  { field: 'teamProfile', ...LONG_TEXT },
  { field: 'twitter', required: false, cap: [16, 'Twitter handle cannot exceed 16 characters.'] },
  { field: 'eventPreviousWork', ...OPTIONAL_LONG_TEXT },
  { field: 'eventName', required: 'Event name is required.', cap: [255, 'Event name cannot exceed 255 characters.'] },
  { field: 'eventDate', required: 'Event date is required.', invalid: [['14/03/2027', 'Event date must be a valid date.'], ['2027-02-30', 'Event date must be a valid date.']] },
  { field: 'sponsorshipLink', required: false, cap: [255, 'Event website cannot exceed 255 characters.'] },
  { field: 'sponsorshipDetails', ...LONG_TEXT },
  { field: 'projectDescription', ...OPTIONAL_LONG_TEXT },
  // The spec marks eventType required without a rule; the definition enforces the mark.
  { field: 'eventType', required: 'Event type is required.', invalid: [CHOICE_INVALID] },
  { field: 'eventFormat', required: 'Event format is required.', invalid: [CHOICE_INVALID] },
  { field: 'city', required: false, cap: [255, 'City cannot exceed 255 characters.'] },
  {
    field: 'expectedAttendees',
    required: 'Expected number of attendees is required.',
    cap: [18, 'Expected number cannot exceed 18 characters.'],
    fill: digits,
    invalid: [['-5', 'Expected number must be a whole number.'], ['2.5', 'Expected number must be a whole number.'], ['1e3', 'Expected number must be a whole number.']],
  },
  { field: 'targetAudience', required: 'Target audience is required.', cap: [3000, 'Target audience cannot exceed 3000 characters.'] },
  { field: 'confirmedSpeakers', ...OPTIONAL_LONG_TEXT },
  { field: 'confirmedSponsors', ...OPTIONAL_LONG_TEXT },
  { field: 'proposedTimeline', ...LONG_TEXT },
  { field: 'requestedAmount', required: 'Requested amount is required.', cap: [20, 'Requested amount cannot exceed 20 characters.'] },
  { field: 'additionalInfo', ...OPTIONAL_LONG_TEXT },
  { field: 'howDidYouHearAboutESP', required: 'Referral source is required.', invalid: [CHOICE_INVALID] },
  { field: 'captchaToken', required: 'Please confirm that you are not a robot.' },
]);

describe('devcon grants: form behaviour', () => {
  it('requires exactly the required list of the form (plus eventType and the captcha)', () => {
    const empty = Object.fromEntries(Object.keys(validDevconGrants()).map((name) => [name, '']));
    expect(Object.keys(validateForm(devconGrants, empty)).sort()).toEqual(
      [
        'firstName', 'lastName', 'email', 'company', 'teamProfile', 'eventName', 'eventDate', 'sponsorshipDetails', 'eventFormat',
        'expectedAttendees', 'targetAudience', 'proposedTimeline', 'requestedAmount', 'howDidYouHearAboutESP', 'eventType', 'captchaToken',
      ].sort(),
    );
  });

  it.each([
    ['in-person', true],
    ['online', false],
    ['hybrid', true],
    ['', false],
  ])('format %s shows the city: %s', (eventFormat, shown) => {
    expect(visibleFields(devconGrants, { ...validDevconGrants(), eventFormat }).some((field) => field.name === 'city')).toBe(shown);
  });

  it('sends event type, format and referral source as values, as JSON to POST /api/devcon-grants', () => {
    expect(devconGrants.toPayload(validDevconGrants())).toMatchObject({ eventType: 'meetup', eventFormat: 'in-person', howDidYouHearAboutESP: 'ethereum-blog', city: 'Lima' });
    expect(devconGrants.toPayload({ ...validDevconGrants(), eventFormat: 'online' })).not.toHaveProperty('city');
    expect(devconGrants.endpoint(validDevconGrants())).toEqual({ method: 'POST', path: '/api/devcon-grants', encoding: 'json' });
    expect(devconGrants.elementId).toBe('project-grants-form');
  });
});
