import { endpoints } from '../../api/endpoints';
import { HYBRID, IN_PERSON } from '../options';
import { defineForm } from './defineForm';
import {
  aboutYouAndYourTeam,
  additionalInfo,
  captchaToken,
  city,
  confirmedSpeakers,
  confirmedSponsors,
  eventDate,
  eventFormat,
  eventName,
  eventPreviousWork,
  eventType,
  expectedAttendees,
  howDidYouHearAboutESP,
  projectDescription,
  proposedTimeline,
  requestedAmount,
  sponsorshipDetails,
  sponsorshipLink,
  targetAudience,
  whenValue,
} from './fields';

/**
 * Conference (devcon) event sponsorship. The spec marks eventType required
 * without a rule; here the mark is enforced, since an unenforced mark only misleads.
 * The form element reuses the id 'project-grants-form', as the spec says.
 */
export const devconGrants = defineForm({
  key: 'devcon-grants',
  elementId: 'project-grants-form',
  title: 'Devcon grants application',
  sections: [
    { id: 'applicant', title: 'About you' },
    { id: 'event', title: 'Your event' },
    { id: 'funding', title: 'Plan and funding' },
    { id: 'referral', title: 'How you found us' },
    { id: 'submission', title: 'Verification' },
  ],
  fields: [
    ...aboutYouAndYourTeam('applicant'),
    eventPreviousWork('applicant'),

    eventName('event'),
    eventDate('event'),
    sponsorshipLink('event'),
    sponsorshipDetails('event'),
    projectDescription('event', { required: false, label: 'How does the event relate to Devcon?', help: 'How it prepares people for Devcon: its topics, its audience or its timing.' }),
    eventType('event'),
    eventFormat('event'),
    city('event', { label: 'City where the event takes place', visibleWhen: whenValue('eventFormat', IN_PERSON, HYBRID) }),
    expectedAttendees('event'),
    targetAudience('event'),
    confirmedSpeakers('event'),
    confirmedSponsors('event'),

    proposedTimeline('funding'),
    requestedAmount('funding', 'USD 500'),
    additionalInfo('funding'),

    howDidYouHearAboutESP('referral'),

    captchaToken('submission'),
  ],
  submitLabel: 'Submit Application',
  captcha: true,
  upload: false,
  saveDraft: true,
  endpoint: () => endpoints.devconGrants,
  thankYouPath: '/devcon-grants/thank-you/',
});
