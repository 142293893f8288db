import { endpoints } from '../../api/endpoints';
import { site } from '../../config/site';
import { OTHER, applyingAs, grantsWaveReferralSources, researchCategories, shareResearch } from '../options';
import { defineForm } from './defineForm';
import {
  additionalInfo,
  buildField,
  cappedText,
  challenges,
  company,
  country,
  isYourProjectPublicGood,
  longText,
  problemBeingSolved,
  projectCategory,
  projectDescription,
  projectName,
  proposedTimeline,
  referralSourceIfOther,
  repeatApplicant,
  requestedAmount,
  SHORT_TEXT_MAX,
  teamProfile,
  timezone,
  twitter,
  whenValue,
  whoYouAre,
  yesNoQuestion,
} from './fields';

/**
 * Academic grants, the grants wave. The point of contact is the signatory
 * by default; No asks who is. 'Other' capacity or referral source asks which.
 */
export const academicGrants = defineForm({
  key: 'academic-grants',
  elementId: 'academic-grants-form',
  title: 'Academic grants application',
  sections: [
    { id: 'contact', title: 'Point of contact' },
    { id: 'applicant', title: 'Applicant' },
    { id: 'project', title: 'Research project' },
    { id: 'funding', title: 'Funding and support' },
    { id: 'other', title: 'Other information' },
  ],
  fields: [
    ...whoYouAre('contact'),
    yesNoQuestion(
      'POCisAuthorisedSignatory',
      'contact',
      'Is the point of contact the authorised signatory of the applying institution?',
      'Yes',
      'Please answer whether you are the authorised signatory.',
    ),
    cappedText('authorisedSignatoryInformation', 'Authorised signatory', 'Signatory information', SHORT_TEXT_MAX, 'contact', {
      help: 'Name, job title and email of the person who can sign for the institution.',
      identifying: true,
      visibleWhen: whenValue('POCisAuthorisedSignatory', 'No'),
    }),

    buildField('applyingAs', 'select', 'applicant', {
      label: 'In which capacity are you applying?',
      required: true,
      options: applyingAs,
      messages: { required: 'Please select in which capacity you are applying.' },
    }),
    cappedText('applyingAsOther', 'Please specify the capacity', 'Capacity', SHORT_TEXT_MAX, 'applicant', {
      required: false,
      visibleWhen: whenValue('applyingAs', OTHER),
    }),
    company('applicant', { label: 'Institution or organization name' }),
    country('applicant'),
    cappedText('countriesOfTeam', 'Countries of the team members', 'Countries of the team', SHORT_TEXT_MAX, 'applicant', { required: false }),
    timezone('applicant'),

    projectName('project', { required: false }),
    projectDescription('project'),
    projectCategory('project', researchCategories, { label: 'Research category' }),
    teamProfile('project'),
    cappedText('projectPreviousWork', 'Previous work', 'Previous work', SHORT_TEXT_MAX, 'project', {
      help: 'A link to earlier research by the team (papers, repository, website).',
      identifying: true,
    }),
    longText('grantScope', 'Grant scope', 'project', { help: 'What the grant would pay for, and what it would not.' }),
    longText('projectGoals', 'Project goals', 'project'),
    problemBeingSolved('project'),
    isYourProjectPublicGood('project'),
    proposedTimeline('project'),
    challenges('project'),

    requestedAmount('funding', 'USD 50,000'),
    longText('additionalSupportRequests', 'Other support you would like', 'funding', { required: false, help: 'Introductions, reviews, compute or anything besides funding.' }),

    buildField('howDidYouHearAboutGrantsWave', 'select', 'other', {
      label: 'How did you hear about the grants wave?',
      required: true,
      options: grantsWaveReferralSources(site.host),
      messages: { required: 'Referral source is required.' },
    }),
    referralSourceIfOther('other', 'howDidYouHearAboutGrantsWave'),
    buildField('wouldYouShareYourResearch', 'radio', 'other', {
      label: 'Would you share your research with the community?',
      required: false,
      options: shareResearch,
      messages: {},
    }),
    cappedText('linkedinProfile', 'LinkedIn profile', 'LinkedIn profile', SHORT_TEXT_MAX, 'other', { required: false, placeholder: 'https://', identifying: true }, 'url'),
    twitter('other'),
    cappedText('telegram', 'Telegram', 'Telegram handle', 150, 'other', { required: false, identifying: true }),
    repeatApplicant('other'),
    yesNoQuestion('canTheEFReachOut', 'other', 'May the Foundation reach out to you about other opportunities?', 'Yes', 'Please answer whether we may reach out.'),
    additionalInfo('other'),
  ],
  submitLabel: 'Submit Application',
  captcha: false,
  upload: false,
  saveDraft: true,
  endpoint: () => endpoints.academicGrants,
  thankYouPath: '/academic-grants/thank-you/',
});
