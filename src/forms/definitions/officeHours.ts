import { endpoints } from '../../api/endpoints';
import { PROJECT_FEEDBACK, officeHoursCategories, officeHoursRequests } from '../options';
import { defineForm } from './defineForm';
import {
  aboutYouAloneOrAsATeam,
  additionalInfo,
  buildField,
  howDidYouHearAboutESP,
  longText,
  projectCategory,
  projectDescription,
  projectName,
  timezone,
  whenValue,
} from './fields';

const wantsProjectFeedback = whenValue('officeHoursRequest', PROJECT_FEEDBACK);

/**
 * Office hours: Team shows the organisation; Project feedback (the
 * default) shows the project questions, Advice hides them. Individuals send their full name as
 * the organisation.
 */
export const officeHours = defineForm({
  key: 'office-hours',
  elementId: 'office-hours-form',
  title: 'Office hours request',
  sections: [
    { id: 'applicant', title: 'About you' },
    { id: 'request', title: 'Your request' },
    { id: 'project', title: 'Your project' },
    { id: 'scheduling', title: 'Scheduling' },
    { id: 'referral', title: 'How you found us' },
  ],
  fields: [
    ...aboutYouAloneOrAsATeam('applicant'),

    buildField('officeHoursRequest', 'radio', 'request', {
      label: 'What would you like from the meeting?',
      required: true,
      options: officeHoursRequests,
      defaultValue: PROJECT_FEEDBACK,
      messages: { required: 'Please choose Advice or Project feedback.' },
    }),
    longText('otherReasonForMeeting', 'What would you like to talk about?', 'request', {
      help: 'The questions you bring and what you hope to take away.',
      messages: { required: 'Reason for the meeting is required.', maxLength: 'Reason for the meeting cannot exceed 32768 characters.' },
    }),

    projectName('project', { visibleWhen: wantsProjectFeedback }),
    projectDescription('project', { visibleWhen: wantsProjectFeedback }),
    additionalInfo('project', {
      label: 'Further links',
      required: true,
      help: 'Repository, website, demo or documents we should look at before the meeting.',
      identifying: true,
      visibleWhen: wantsProjectFeedback,
      messages: { required: 'Further links are required.' },
    }),
    projectCategory('project', officeHoursCategories, { visibleWhen: wantsProjectFeedback }),

    timezone('scheduling'),
    howDidYouHearAboutESP('referral'),
  ],
  submitLabel: 'Request office hours',
  captcha: false,
  upload: false,
  saveDraft: true,
  endpoint: () => endpoints.officeHours,
  thankYouPath: '/applicants/office-hours/thank-you/',
});
