// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { smallGrants } from '@/forms/definitions';
import { defaultValues, validateForm, visibleFields, visibleSections } from '@/forms/definitions/validate';
import type { FormValues } from '@/forms/definitions';
import { validSmallGrantsEvent, validSmallGrantsProject } from '../../../../scripts/support/formAnswers';
import { CHOICE_INVALID, LONG_TEXT, OPTIONAL_LONG_TEXT, UPLOAD, describeRuleTable, digits, websiteOfLength } from './ruleTable';

const TEAM = { individualOrTeam: 'Team' };
const EVENT = { projectCategory: 'event-sponsorship' };

describeRuleTable(smallGrants, validSmallGrantsProject, [
  { field: 'firstName', required: 'First name is required.', cap: [40, 'First name cannot exceed 40 characters.'] },
  { field: 'lastName', required: 'Last name is required.', cap: [80, 'Last name cannot exceed 80 characters.'] },
  { field: 'email', required: 'Email is required.', invalid: [['ana@', 'Email must be a valid email address.']] },
  { field: 'individualOrTeam', required: 'Please choose Individual or Team.', invalid: [CHOICE_INVALID] },
  { field: 'company', given: TEAM, required: 'Organization name is required.', cap: [255, 'Organization name cannot exceed 255 characters.'] },
  { field: 'individualOrTeamSummary', required: 'Please tell us about yourself or your team.', cap: [32768, 'Cannot exceed 32768 characters.'] },
  { field: 'twitter', required: false, cap: [16, 'Twitter handle cannot exceed 16 characters.'] },
  { field: 'website', required: false, cap: [255, 'Website cannot exceed 255 characters.'], fill: websiteOfLength },
  { field: 'city', required: false, cap: [255, 'City cannot exceed 255 characters.'] },
  { field: 'country', required: 'Country is required.', invalid: [CHOICE_INVALID] },
  { field: 'timezone', required: 'Time zone is required.', invalid: [CHOICE_INVALID] },
  { field: 'projectCategory', required: 'Project category is required.', invalid: [CHOICE_INVALID] },
  // Project section (any category but event sponsorship).
  { field: 'projectName', required: 'Project name is required.', cap: [255, 'Project name cannot exceed 255 characters.'] },
  { field: 'projectRepo', required: false, cap: [255, 'Project repository cannot exceed 255 characters.'] },
  { field: 'projectDescription', ...LONG_TEXT },
  { field: 'projectPreviousWork', ...LONG_TEXT },
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
  { field: 'otherFunding', ...OPTIONAL_LONG_TEXT },
  { field: 'projectRequestedAmount', required: 'Requested amount is required.', cap: [20, 'Requested amount cannot exceed 20 characters.'] },
  // Event section.
  { field: 'eventName', given: EVENT, required: 'Event name is required.', cap: [255, 'Event name cannot exceed 255 characters.'] },
  { field: 'eventDate', given: EVENT, required: 'Event date is required.', invalid: [['2027-13-01', 'Event date must be a valid date.']] },
  { field: 'eventPreviousWork', given: EVENT, ...OPTIONAL_LONG_TEXT },
  { field: 'sponsorshipLink', given: EVENT, required: false, cap: [255, 'Event website cannot exceed 255 characters.'] },
  { field: 'sponsorshipDetails', given: EVENT, ...LONG_TEXT },
  { field: 'sponsorshipTopics', given: EVENT, ...LONG_TEXT },
  { field: 'eventType', given: EVENT, required: 'Event type is required.', invalid: [CHOICE_INVALID] },
  { field: 'eventFormat', given: EVENT, required: 'Event format is required.', invalid: [CHOICE_INVALID] },
  { field: 'expectedAttendees', given: EVENT, required: 'Expected number of attendees is required.', cap: [18, 'Expected number cannot exceed 18 characters.'], fill: digits },
  { field: 'targetAudience', given: EVENT, required: 'Target audience is required.', cap: [3000, 'Target audience cannot exceed 3000 characters.'] },
  { field: 'confirmedSpeakers', given: EVENT, ...OPTIONAL_LONG_TEXT },
  { field: 'confirmedSponsors', given: EVENT, ...OPTIONAL_LONG_TEXT },
  { field: 'eventBudgetBreakdown', given: EVENT, ...LONG_TEXT },
  { field: 'eventRequestedAmount', given: EVENT, required: 'Requested amount is required.', cap: [255, 'Requested amount cannot exceed 255 characters.'] },
  // Previous applications: progress is required when the project section shows, optional for events.
  { field: 'repeatApplicant', required: 'Please answer whether you have applied before.', invalid: [CHOICE_INVALID] },
  { field: 'progress', given: { repeatApplicant: 'Yes' }, ...LONG_TEXT },
  { field: 'progress', given: { repeatApplicant: 'Yes', ...EVENT }, ...OPTIONAL_LONG_TEXT },
  { field: 'additionalInfo', ...OPTIONAL_LONG_TEXT },
  { field: 'howDidYouHearAboutESP', required: 'Referral source is required.', invalid: [CHOICE_INVALID] },
  { field: 'referralSourceIfOther', given: { howDidYouHearAboutESP: 'other' }, required: false, cap: [255, 'Referral source cannot exceed 255 characters.'] },
  { field: 'referrals', required: false, cap: [150, 'Referral cannot exceed 150 characters.'] },
  { field: 'uploadProposal', ...UPLOAD },
  { field: 'captchaToken', required: 'Please confirm that you are not a robot.' },
]);

const PROJECT_SECTION = [
  'projectName', 'projectRepo', 'projectDescription', 'projectPreviousWork', 'problemBeingSolved', 'proposedTimeline', 'whyIsProjectImportant',
  'howDoesYourProjectDiffer', 'isYourProjectPublicGood', 'isOpenSource', 'whyEthereum', 'challenges', 'sustainabilityPlan', 'otherProjects',
  'otherFunding', 'projectRequestedAmount',
];
const EVENT_SECTION = [
  'eventName', 'eventDate', 'eventPreviousWork', 'sponsorshipLink', 'sponsorshipDetails', 'sponsorshipTopics', 'eventType', 'eventFormat',
  'expectedAttendees', 'targetAudience', 'confirmedSpeakers', 'confirmedSponsors', 'eventBudgetBreakdown', 'eventRequestedAmount',
];
const shownOf = (values: FormValues): Set<string> => new Set(visibleFields(smallGrants, values).map((field) => field.name));

describe('small grants: transitions', () => {
  it('starts as an individual, not a repeat applicant, with neither section open', () => {
    const defaults = defaultValues(smallGrants);
    expect([defaults.individualOrTeam, defaults.repeatApplicant]).toEqual(['Individual', 'No']);
    const shown = shownOf(defaults);
    expect([...PROJECT_SECTION, ...EVENT_SECTION, 'company', 'progress'].filter((name) => shown.has(name))).toEqual([]);
  });

  it('Team reveals the organization name, required; Individual hides it', () => {
    expect(shownOf(validSmallGrantsProject()).has('company')).toBe(false);
    expect(validateForm(smallGrants, { ...validSmallGrantsProject(), ...TEAM }).company).toBe('Organization name is required.');
  });

  it('a category other than event sponsorship reveals the project section, every required field of it enforced', () => {
    const shown = shownOf(validSmallGrantsProject());
    expect(PROJECT_SECTION.filter((name) => !shown.has(name))).toEqual([]);
    expect(EVENT_SECTION.filter((name) => shown.has(name))).toEqual([]);
    const blank = { ...validSmallGrantsProject(), ...Object.fromEntries(PROJECT_SECTION.map((name) => [name, ''])) };
    expect(Object.keys(validateForm(smallGrants, blank)).sort()).toEqual(PROJECT_SECTION.filter((name) => !['projectRepo', 'otherProjects', 'otherFunding'].includes(name)).sort());
  });

  it('event sponsorship reveals the event section with its note, and hides the project section', () => {
    const values = validSmallGrantsEvent();
    const shown = shownOf(values);
    expect(EVENT_SECTION.filter((name) => !shown.has(name))).toEqual([]);
    expect(PROJECT_SECTION.filter((name) => shown.has(name))).toEqual([]);
    const eventSection = visibleSections(smallGrants, values).find((group) => group.fields.some((field) => field.name === 'eventName'));
    expect(eventSection?.section.note).toMatch(/event sponsorships are not grants, but the application starts the same way/i);
    expect(validateForm(smallGrants, values)).toEqual({});
  });

  it('repeatApplicant Yes reveals progress; No hides it', () => {
    expect(shownOf({ ...validSmallGrantsProject(), repeatApplicant: 'Yes' }).has('progress')).toBe(true);
    expect(shownOf(validSmallGrantsProject()).has('progress')).toBe(false);
  });
});

describe('small grants: endpoint and payload', () => {
  it('sends a project application to /api/small-grants/project and an event to /api/small-grants/event, as JSON', () => {
    expect(smallGrants.endpoint(validSmallGrantsProject())).toEqual({ method: 'POST', path: '/api/small-grants/project', encoding: 'json' });
    expect(smallGrants.endpoint(validSmallGrantsEvent())).toEqual({ method: 'POST', path: '/api/small-grants/event', encoding: 'json' });
  });

  it('sends the full name as company for an individual, and the organisation for a team', () => {
    expect(smallGrants.toPayload(validSmallGrantsProject()).company).toBe('Ana Pérez');
    expect(smallGrants.toPayload({ ...validSmallGrantsProject(), ...TEAM, company: 'Cadena Labs' }).company).toBe('Cadena Labs');
    expect(smallGrants.toPayload({ ...validSmallGrantsProject(), ...TEAM, company: 'N/A' }).company).toBe('Ana Pérez');
  });

  it('sends option values, repeatApplicant as a boolean and the website with a scheme', () => {
    const payload = smallGrants.toPayload({ ...validSmallGrantsEvent(), repeatApplicant: 'Yes', progress: 'Second edition.', website: 'meetup.example.org' });
    expect(payload).toMatchObject({
      country: 'AR',
      projectCategory: 'event-sponsorship',
      eventType: 'hackathon',
      eventFormat: 'online',
      howDidYouHearAboutESP: 'esp-newsletter',
      repeatApplicant: true,
      progress: 'Second edition.',
      website: 'https://meetup.example.org',
    });
  });

  it('sends only the section that applies: project answers typed before switching to an event are left out', () => {
    const payload = smallGrants.toPayload({ ...validSmallGrantsProject(), ...validSmallGrantsEvent() });
    expect(PROJECT_SECTION.filter((name) => name in payload)).toEqual([]);
    expect(EVENT_SECTION.filter((name) => !(name in payload))).toEqual([]);
  });
});
