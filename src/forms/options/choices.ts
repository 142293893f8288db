import type { Option } from '../definitions/types';
import { withOther } from './categories';

/** Builds an option list whose values are its labels: for the sets the spec fixes by name. */
function sameValueAndLabel(labels: readonly string[]): readonly Option[] {
  return labels.map((label) => ({ value: label, label }));
}

/**
 * Yes/No radios. Values are 'Yes' and 'No'; every Yes/No field of the spec travels as a boolean,
 * converted by the field's wire rule (definitions/payload.ts), not by these values.
 */
export const yesNo: readonly Option[] = sameValueAndLabel(['Yes', 'No']);

/** wouldYouShareYourResearch: the yes/no vocabulary plus 'Maybe'; sent as the value itself. */
export const shareResearch: readonly Option[] = sameValueAndLabel(['Yes', 'No', 'Maybe']);

export const INDIVIDUAL = 'Individual';
export const TEAM = 'Team';
/** Fixed values: Individual and Team. */
export const individualOrTeam: readonly Option[] = sameValueAndLabel([INDIVIDUAL, TEAM]);

export const PROJECT_FEEDBACK = 'Project feedback';
/** Fixed values: Advice and Project feedback. */
export const officeHoursRequests: readonly Option[] = sameValueAndLabel(['Advice', PROJECT_FEEDBACK]);

export const CRYPTO_PAYMENT = 'ETH/DAI';
export const FIAT_PAYMENT = 'Fiat';
/** Fixed values: ETH/DAI and Fiat. */
export const paymentPreferences: readonly Option[] = sameValueAndLabel([CRYPTO_PAYMENT, FIAT_PAYMENT]);

export const ETH = 'ETH';
export const DAI = 'DAI';
/** Grantee finance token choice. */
export const tokenPreferences: readonly Option[] = sameValueAndLabel([ETH, DAI]);

/** Academic grants: in which capacity the applicant applies. */
export const applyingAs: readonly Option[] = withOther([
  { value: 'individual', label: 'An individual' },
  { value: 'university', label: 'A University' },
  { value: 'university-consortium', label: 'A consortium of Universities' },
  { value: 'think-tank', label: 'A Think-Tank' },
  { value: 'research-center', label: 'A Research Center' },
]);

export const eventTypes: readonly Option[] = withOther([
  { value: 'conference', label: 'Conference' },
  { value: 'hackathon', label: 'Hackathon' },
  { value: 'meetup', label: 'Meetup' },
  { value: 'speaker-series', label: 'Speaker Series' },
]);

export const IN_PERSON = 'in-person';
export const HYBRID = 'hybrid';

/** Event formats; in-person and hybrid (the first and third) reveal the event's city. */
export const eventFormats: readonly Option[] = [
  { value: IN_PERSON, label: 'In-person' },
  { value: 'online', label: 'Online' },
  { value: HYBRID, label: 'Hybrid (both)' },
];
