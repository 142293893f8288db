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
