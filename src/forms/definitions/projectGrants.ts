import { endpoints } from '../../api/endpoints';
import { projectCategories } from '../options';
import { defineForm } from './defineForm';
import {
  aboutYouAndYourTeam,
  additionalInfo,
  city,
  country,
  howYouFoundUs,
  impactQuestions,
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
  requestedAmount,
  timezone,
  website,
} from './fields';

/** Project grants: multipart POST with an optional proposal file. */
export const projectGrants = defineForm({
  key: 'project-grants',
  elementId: 'project-grants-form',
  title: 'Project grants application',
  sections: [
    { id: 'applicant', title: 'About you' },
    { id: 'project', title: 'Your project' },
    { id: 'impact', title: 'Impact and sustainability' },
    { id: 'funding', title: 'Funding' },
    { id: 'referral', title: 'How you found us' },
    { id: 'submission', title: 'Proposal and verification' },
  ],
  fields: [
    ...aboutYouAndYourTeam('applicant'),
    website('applicant'),
    city('applicant'),
    country('applicant'),
    timezone('applicant'),

    projectName('project'),
    projectRepo('project'),
    projectCategory('project', projectCategories),
    projectDescription('project'),
    progress('project', { required: false, help: 'What already exists: code, research, users.' }),
    problemBeingSolved('project'),
    proposedTimeline('project'),

    ...impactQuestions('impact'),

    requestedAmount('funding', 'USD 50,000'),
    repeatApplicant('funding'),
    otherFunding('funding'),
    additionalInfo('funding'),

    ...howYouFoundUs('referral'),

    ...proposalAndVerification('submission'),
  ],
  submitLabel: 'Submit Application',
  captcha: true,
  upload: true,
  saveDraft: true,
  endpoint: () => endpoints.projectGrants,
  thankYouPath: '/applicants/project-grants/thank-you/',
});
