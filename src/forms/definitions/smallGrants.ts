import { endpoints } from '../../api/endpoints';
import { EVENT_SPONSORSHIP, smallGrantsCategories } from '../options';
import { defineForm } from './defineForm';
import { valueOf } from './fieldState';
import {
  aboutYouAloneOrAsATeam,
  additionalInfo,
  cappedText,
  city,
  confirmedSpeakers,
  confirmedSponsors,
  country,
  eventDate,
  eventFormat,
  eventName,
  eventPreviousWork,
  eventType,
  expectedAttendees,
  howYouFoundUs,
  impactQuestions,
  longText,
  otherFunding,
  problemBeingSolved,
  progress,
  projectCategory,
  projectDescription,
  projectName,
  projectRepo,
  proposalAndVerification,
  proposedTimeline,
  repeatApplicant,
  sponsorshipDetails,
  sponsorshipLink,
  targetAudience,
  timezone,
  twitter,
  website,
  whenValue,
} from './fields';
import type { FormValues } from './types';

/** The event section applies when the category is event sponsorship. */
export function isEventSponsorship(values: FormValues): boolean {
  return valueOf(values, 'projectCategory') === EVENT_SPONSORSHIP;
}

/** The project section applies once a category other than event sponsorship is chosen. */
export function isProjectApplication(values: FormValues): boolean {
  const category = valueOf(values, 'projectCategory');
  return category !== '' && category !== EVENT_SPONSORSHIP;
}

const inProjectSection = { visibleWhen: isProjectApplication };
const inEventSection = { visibleWhen: isEventSponsorship };

/**
 * Small grants: the category picks the project or the event section,
 * and the endpoint with it. Team shows the organisation; individuals send their full name.
 * requestedAmount and teamProfile of the project form are left out: projectRequestedAmount,
 * eventRequestedAmount and individualOrTeamSummary ask the same here.
 */
export const smallGrants = defineForm({
  key: 'small-grants',
  elementId: 'small-grants-form',
  title: 'Small grants application',
  sections: [
    { id: 'applicant', title: 'About you' },
    { id: 'category', title: 'What you are applying for' },
    { id: 'project', title: 'Your project' },
    {
      id: 'event',
      title: 'Your event',
      note: 'Event sponsorships are not grants, but the application starts the same way: tell us about the event and what support you need.',
    },
    { id: 'history', title: 'Previous applications' },
    { id: 'more', title: 'Anything else' },
    { id: 'referral', title: 'How you found us' },
    { id: 'submission', title: 'Proposal and verification' },
  ],
  fields: [
    ...aboutYouAloneOrAsATeam('applicant'),
    longText('individualOrTeamSummary', 'Tell us about yourself or your team', 'applicant', {
      help: 'Backgrounds and relevant experience.',
      messages: { required: 'Please tell us about yourself or your team.' },
    }),
    twitter('applicant'),
    website('applicant'),
    city('applicant'),
    country('applicant'),
    timezone('applicant'),

    projectCategory('category', smallGrantsCategories, { label: 'Category', help: 'Choose Event sponsorship for an event; any other category for a project.' }),

    projectName('project', inProjectSection),
    projectRepo('project', inProjectSection),
    projectDescription('project', inProjectSection),
    longText('projectPreviousWork', 'Previous work', 'project', { ...inProjectSection, help: 'Links to work you or your team have done before.', identifying: true }),
    problemBeingSolved('project', inProjectSection),
    proposedTimeline('project', inProjectSection),
    ...impactQuestions('project', inProjectSection),
    otherFunding('project', inProjectSection),
    cappedText('projectRequestedAmount', 'Requested amount', 'Requested amount', 20, 'project', { ...inProjectSection, placeholder: 'EUR 10,000', help: 'The amount and its currency.' }),

    eventName('event', inEventSection),
    eventDate('event', inEventSection),
    eventPreviousWork('event', inEventSection),
    sponsorshipLink('event', inEventSection),
    sponsorshipDetails('event', inEventSection),
    longText('sponsorshipTopics', 'Topics the event covers', 'event', inEventSection),
    eventType('event', inEventSection),
    eventFormat('event', inEventSection),
    expectedAttendees('event', inEventSection),
    targetAudience('event', inEventSection),
    confirmedSpeakers('event', inEventSection),
    confirmedSponsors('event', inEventSection),
    longText('eventBudgetBreakdown', 'Budget breakdown', 'event', { ...inEventSection, help: 'What the event costs, item by item, and what the sponsorship would cover.' }),
    cappedText('eventRequestedAmount', 'Requested amount', 'Requested amount', 255, 'event', { ...inEventSection, placeholder: 'USD 500', help: 'The amount and its currency.' }),

    repeatApplicant('history'),
    progress('history', { visibleWhen: whenValue('repeatApplicant', 'Yes'), required: isProjectApplication }),

    additionalInfo('more'),
    ...howYouFoundUs('referral'),

    ...proposalAndVerification('submission'),
  ],
  submitLabel: 'Submit Application',
  captcha: true,
  upload: true,
  saveDraft: true,
  endpoint: (values) => (isProjectApplication(values) ? endpoints.smallGrantsProject : endpoints.smallGrantsEvent),
  thankYouPath: '/applicants/small-grants/thank-you/',
});
