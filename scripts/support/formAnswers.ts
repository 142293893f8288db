import type { FormValues } from '@/forms/definitions';

/**
 * One complete, valid set of values per form, written out by hand (not derived from the
 * definitions), so the tests can change one field at a time and see only that field's rule.
 * Option values are the ones the wire carries (the wire sends "values").
 */

const answer = (topic: string): string => `Our answer about ${topic}.\nSecond line.`;

export const applicant: FormValues = { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.org' };

export const validProjectGrants = (): FormValues => ({
  ...applicant,
  company: 'Cadena Labs',
  teamProfile: answer('the team'),
  twitter: '@ana',
  website: 'cadena.example.org',
  city: 'Lima',
  country: 'PE',
  timezone: 'America/Lima',
  projectName: 'Verkle explorer',
  projectRepo: 'https://github.com/example/verkle',
  projectCategory: 'developer-experience-and-tooling',
  projectDescription: answer('the project'),
  progress: '',
  problemBeingSolved: answer('the problem'),
  proposedTimeline: answer('the timeline'),
  whyIsProjectImportant: answer('importance'),
  howDoesYourProjectDiffer: answer('differences'),
  isYourProjectPublicGood: answer('public goods'),
  isOpenSource: answer('the licence'),
  whyEthereum: answer('Ethereum'),
  challenges: answer('challenges'),
  sustainabilityPlan: answer('sustainability'),
  otherProjects: '',
  requestedAmount: 'USD 50,000',
  repeatApplicant: 'No',
  otherFunding: '',
  additionalInfo: '',
  howDidYouHearAboutESP: 'social-media',
  referralSourceIfOther: '',
  referrals: '',
  captchaToken: 'captcha-token',
});

export const validDevconGrants = (): FormValues => ({
  ...applicant,
  company: 'Meetup Lima',
  teamProfile: answer('the organisers'),
  twitter: '',
  eventPreviousWork: '',
  eventName: 'ETH Lima Meetup',
  eventDate: '2027-03-14',
  sponsorshipLink: 'https://meetup.example.org',
  sponsorshipDetails: answer('the event'),
  projectDescription: '',
  eventType: 'meetup',
  eventFormat: 'in-person',
  city: 'Lima',
  expectedAttendees: '120',
  targetAudience: 'Students and developers',
  confirmedSpeakers: '',
  confirmedSponsors: '',
  proposedTimeline: answer('the timeline'),
  requestedAmount: 'USD 500',
  additionalInfo: '',
  howDidYouHearAboutESP: 'ethereum-blog',
  captchaToken: 'captcha-token',
});

const smallGrantsCommon = (): FormValues => ({
  ...applicant,
  individualOrTeam: 'Individual',
  company: '',
  individualOrTeamSummary: answer('me'),
  twitter: '',
  website: '',
  city: '',
  country: 'AR',
  timezone: 'America/Argentina/Buenos_Aires',
  repeatApplicant: 'No',
  progress: '',
  additionalInfo: '',
  howDidYouHearAboutESP: 'esp-newsletter',
  referralSourceIfOther: '',
  referrals: '',
  captchaToken: 'captcha-token',
});

export const validSmallGrantsProject = (): FormValues => ({
  ...smallGrantsCommon(),
  projectCategory: 'layer-2',
  projectName: 'Rollup dashboard',
  projectRepo: '',
  projectDescription: answer('the project'),
  projectPreviousWork: answer('previous work'),
  problemBeingSolved: answer('the problem'),
  proposedTimeline: answer('the timeline'),
  whyIsProjectImportant: answer('importance'),
  howDoesYourProjectDiffer: answer('differences'),
  isYourProjectPublicGood: answer('public goods'),
  isOpenSource: answer('the licence'),
  whyEthereum: answer('Ethereum'),
  challenges: answer('challenges'),
  sustainabilityPlan: answer('sustainability'),
  otherProjects: '',
  otherFunding: '',
  projectRequestedAmount: 'EUR 10,000',
});

export const validSmallGrantsEvent = (): FormValues => ({
  ...smallGrantsCommon(),
  projectCategory: 'event-sponsorship',
  eventName: 'Buenos Aires Devs',
  eventDate: '2027-05-02',
  eventPreviousWork: '',
  sponsorshipLink: '',
  sponsorshipDetails: answer('the event'),
  sponsorshipTopics: answer('topics'),
  eventType: 'hackathon',
  eventFormat: 'online',
  expectedAttendees: '300',
  targetAudience: 'Developers',
  confirmedSpeakers: '',
  confirmedSponsors: '',
  eventBudgetBreakdown: answer('the budget'),
  eventRequestedAmount: 'USD 500',
});

export const validAcademicGrants = (): FormValues => ({
  ...applicant,
  POCisAuthorisedSignatory: 'Yes',
  authorisedSignatoryInformation: '',
  applyingAs: 'university',
  applyingAsOther: '',
  company: 'Universidad de Lima',
  country: 'PE',
  countriesOfTeam: 'Perú, Chile',
  timezone: 'America/Lima',
  projectName: 'MEV in rollups',
  projectDescription: answer('the research'),
  projectCategory: 'mev',
  teamProfile: answer('the researchers'),
  projectPreviousWork: 'https://papers.example.org/mev',
  grantScope: answer('scope'),
  projectGoals: answer('goals'),
  problemBeingSolved: answer('the problem'),
  isYourProjectPublicGood: answer('public goods'),
  requestedAmount: 'USD 50,000',
  proposedTimeline: answer('the timeline'),
  challenges: answer('challenges'),
  additionalSupportRequests: '',
  howDidYouHearAboutGrantsWave: 'email-received-at-the-front',
  referralSourceIfOther: '',
  wouldYouShareYourResearch: 'Maybe',
  linkedinProfile: '',
  twitter: '',
  telegram: '',
  repeatApplicant: 'No',
  canTheEFReachOut: 'Yes',
  additionalInfo: '',
});

export const validOfficeHours = (): FormValues => ({
  ...applicant,
  individualOrTeam: 'Individual',
  company: '',
  officeHoursRequest: 'Project feedback',
  otherReasonForMeeting: answer('the meeting'),
  projectName: 'Wallet UX study',
  projectDescription: answer('the project'),
  additionalInfo: 'https://github.com/example/wallet-ux',
  projectCategory: 'community-event',
  howDidYouHearAboutESP: 'host-organisation',
  timezone: 'America/Bogota',
});

/** An EIP-55 test vector (from the EIP itself). */
export const CHECKSUMMED_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const financeCommon = (): FormValues => ({
  beneficiaryName: 'Ana Pérez',
  contactEmail: 'ana@example.org',
  notes: '',
  granteeSecurityID: 'blue-river-42',
  tokenPreference: 'ETH',
  l2Payment: 'No',
  ethAddress: '',
  daiAddress: '',
  beneficiaryAddress: '',
  bankName: '',
  bankAddress: '',
  IBAN: '',
  SWIFTCode: '',
  fiatCurrencyCode: '',
});

export const validFinanceCrypto = (): FormValues => ({ ...financeCommon(), paymentPreference: 'ETH/DAI', ethAddress: CHECKSUMMED_ADDRESS });

export const validFinanceFiat = (): FormValues => ({
  ...financeCommon(),
  paymentPreference: 'Fiat',
  beneficiaryAddress: 'Av. Larco 123, Lima',
  bankName: 'Banco de Crédito',
  bankAddress: 'Calle Centenario 156, Lima',
  IBAN: 'PE12345678901234567890',
  SWIFTCode: 'BCPLPEPL',
  fiatCurrencyCode: 'PEN',
});
