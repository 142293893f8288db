/**
 * Complete, valid applications as form values (option values, 'Yes'/'No'), one per form, shared by
 * the component tests and the browser tests. Each carries the payload the server must receive.
 */
import type { FormValues, WirePayload } from '@/forms/definitions/types';

const LONG = 'A paragraph of honest detail about the work.\nWith a second line.';

export const projectGrantsSample: FormValues = {
  firstName: 'Ana',
  lastName: 'Pérez',
  email: 'ana@example.org',
  company: 'N/A',
  teamProfile: LONG,
  twitter: 'anaperez',
  website: 'ana.example.org',
  city: 'Bogotá',
  country: 'CO',
  timezone: 'America/Bogota',
  projectName: 'Zk Aula',
  projectRepo: 'https://github.com/ana/zk-aula',
  projectCategory: 'cryptography-and-zero-knowledge-proofs',
  projectDescription: LONG,
  problemBeingSolved: LONG,
  proposedTimeline: LONG,
  whyIsProjectImportant: LONG,
  howDoesYourProjectDiffer: LONG,
  isYourProjectPublicGood: LONG,
  isOpenSource: LONG,
  whyEthereum: LONG,
  challenges: LONG,
  sustainabilityPlan: LONG,
  requestedAmount: 'USD 50,000',
  repeatApplicant: 'Yes',
  howDidYouHearAboutESP: 'other',
  referralSourceIfOther: 'A friend at a meetup',
};

/** Multipart encoding turns every line break into CRLF (the server turns them back). */
const asMultipartText = (values: FormValues): FormValues => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.replace(/\n/g, '\r\n')]));

/** What /api/project-grants receives for projectGrantsSample, as multipart text parts. */
export const projectGrantsParts: Readonly<Record<string, string>> = {
  ...asMultipartText(projectGrantsSample),
  company: 'Ana Pérez',
  website: 'https://ana.example.org',
  repeatApplicant: 'true',
  progress: '',
  otherProjects: '',
  otherFunding: '',
  additionalInfo: '',
  referrals: '',
  captchaToken: 'captcha-token-1',
};

export const devconGrantsSample: FormValues = {
  firstName: 'Luis',
  lastName: 'Gómez',
  email: 'luis@example.org',
  company: 'ETH Lima',
  teamProfile: LONG,
  eventName: 'ETH Lima Meetup',
  eventDate: '2027-03-14',
  sponsorshipDetails: LONG,
  eventType: 'meetup',
  eventFormat: 'hybrid',
  city: 'Lima',
  expectedAttendees: '120',
  targetAudience: 'Students and developers',
  proposedTimeline: LONG,
  requestedAmount: 'USD 500',
  howDidYouHearAboutESP: 'social-media',
};

export const devconGrantsPayload: WirePayload = {
  ...devconGrantsSample,
  twitter: '',
  eventPreviousWork: '',
  sponsorshipLink: '',
  projectDescription: '',
  confirmedSpeakers: '',
  confirmedSponsors: '',
  additionalInfo: '',
  captchaToken: 'captcha-token-1',
};

export const officeHoursSample: FormValues = {
  firstName: 'Marta',
  lastName: 'Ruiz',
  email: 'marta@example.org',
  individualOrTeam: 'Individual',
  officeHoursRequest: 'Project feedback',
  otherReasonForMeeting: 'Feedback on our rollup design.',
  projectName: 'Rollup Sur',
  projectDescription: LONG,
  additionalInfo: 'https://github.com/marta/rollup-sur',
  projectCategory: 'layer-2',
  timezone: 'America/Argentina/Buenos_Aires',
  howDidYouHearAboutESP: 'esp-newsletter',
};

/** Individuals send their full name as the organisation. */
export const officeHoursPayload: WirePayload = { ...officeHoursSample, company: 'Marta Ruiz' };

export const academicGrantsSample: FormValues = {
  firstName: 'Sofía',
  lastName: 'Castro',
  email: 'sofia@uni.example.edu',
  POCisAuthorisedSignatory: 'No',
  authorisedSignatoryInformation: 'Dr. Juan Díaz, Dean, juan@uni.example.edu',
  applyingAs: 'other',
  applyingAsOther: 'A student collective',
  company: 'Universidad del Ejemplo',
  country: 'CL',
  timezone: 'America/Santiago',
  projectDescription: LONG,
  projectCategory: 'formal-verification',
  teamProfile: LONG,
  projectPreviousWork: 'Two papers on verified compilers',
  grantScope: LONG,
  projectGoals: LONG,
  problemBeingSolved: LONG,
  isYourProjectPublicGood: LONG,
  proposedTimeline: LONG,
  challenges: LONG,
  requestedAmount: 'EUR 10,000',
  howDidYouHearAboutGrantsWave: 'email-received-at-the-front',
  wouldYouShareYourResearch: 'Maybe',
  repeatApplicant: 'No',
  canTheEFReachOut: 'Yes',
};

export const academicGrantsPayload: WirePayload = {
  ...academicGrantsSample,
  POCisAuthorisedSignatory: false,
  repeatApplicant: false,
  canTheEFReachOut: true,
  countriesOfTeam: '',
  projectName: '',
  additionalSupportRequests: '',
  linkedinProfile: '',
  twitter: '',
  telegram: '',
  additionalInfo: '',
};

const ETH_ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';

export const granteeFinanceSample: FormValues = {
  paymentPreference: 'ETH/DAI',
  beneficiaryName: 'Fundación Ejemplo',
  contactEmail: 'pagos@example.org',
  tokenPreference: 'ETH',
  l2Payment: 'Yes',
  ethAddress: ETH_ADDRESS,
  granteeSecurityID: 'KEY-PHRASE-123',
};

export const granteeFinancePayload: WirePayload = { ...granteeFinanceSample, l2Payment: true, notes: '' };

export const smallGrantsEventSample: FormValues = {
  firstName: 'Diego',
  lastName: 'Rojas',
  email: 'diego@example.org',
  individualOrTeam: 'Team',
  company: 'ETH Quito',
  individualOrTeamSummary: LONG,
  country: 'EC',
  timezone: 'America/Guayaquil',
  projectCategory: 'event-sponsorship',
  eventName: 'ETH Quito Hack',
  eventDate: '2027-05-20',
  sponsorshipDetails: LONG,
  sponsorshipTopics: LONG,
  eventType: 'hackathon',
  eventFormat: 'in-person',
  expectedAttendees: '80',
  targetAudience: 'University students',
  eventBudgetBreakdown: LONG,
  eventRequestedAmount: 'USD 5,000',
  howDidYouHearAboutESP: 'ethereum-blog',
};

export const smallGrantsEventPayload: WirePayload = {
  ...smallGrantsEventSample,
  twitter: '',
  website: '',
  city: '',
  eventPreviousWork: '',
  sponsorshipLink: '',
  confirmedSpeakers: '',
  confirmedSponsors: '',
  repeatApplicant: false,
  additionalInfo: '',
  referrals: '',
};
