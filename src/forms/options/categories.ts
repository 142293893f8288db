import type { Option } from '../definitions/types';

/**
 * Category lists. Values are stable kebab-case machine strings: they travel on
 * the wire and are stored, so a label can be reworded without touching stored applications.
 */

/** The value of 'Other' in every list that has one; follow-up fields are revealed by it. */
export const OTHER = 'other';

/** A list that offers 'Other': the given options, then 'Other', always last. */
export function withOther(options: readonly Option[]): readonly Option[] {
  return [...options, { value: OTHER, label: 'Other' }];
}

/** The small-grants category that switches the form from the project to the event section. */
export const EVENT_SPONSORSHIP = 'event-sponsorship';

const communityAndEducation: Option = { value: 'community-and-education', label: 'Community and education' };

const grantsCategoriesAfterCommunity: readonly Option[] = withOther([
  { value: 'consensus-layer', label: 'Consensus layer' },
  { value: 'cryptography-and-zero-knowledge-proofs', label: 'Cryptography and zero knowledge proofs' },
  { value: 'developer-experience-and-tooling', label: 'Developer experience and tooling' },
  { value: 'execution-layer', label: 'Execution layer' },
  { value: 'general-research', label: 'General research' },
  { value: 'layer-2', label: 'Layer 2' },
]);

/** Project grants (and the project side of small grants): the office-hours list without 'Community event'. */
export const projectCategories: readonly Option[] = [communityAndEducation, ...grantsCategoriesAfterCommunity];

/** Office hours: the grants list plus 'Community event', in the spec's order. */
export const officeHoursCategories: readonly Option[] = [
  communityAndEducation,
  { value: 'community-event', label: 'Community event' },
  ...grantsCategoriesAfterCommunity,
];

/**
 * Small grants: the grants list plus 'Event sponsorship' in the place office hours gives
 * 'Community event' (the spec leaves this list open). Choosing it switches the form to the
 * event section and the request to /api/small-grants/event.
 */
export const smallGrantsCategories: readonly Option[] = [
  communityAndEducation,
  { value: EVENT_SPONSORSHIP, label: 'Event sponsorship' },
  ...grantsCategoriesAfterCommunity,
];

/** Academic grants (the grants wave). */
export const researchCategories: readonly Option[] = withOther([
  { value: 'economics', label: 'Economics' },
  { value: 'consensus-layer', label: 'Consensus layer' },
  { value: 'formal-verification', label: 'Formal Verification' },
  { value: 'mev', label: 'Miner Extracted Value (MEV)' },
  { value: 'cryptography-and-zero-knowledge-proofs', label: 'Cryptography and zero knowledge proofs' },
  { value: 'p2p-networking', label: 'P2P networking' },
  { value: 'hardware', label: 'Hardware' },
]);
