/** Option lists of the forms. No React: the server validates against them too. */
export { EVENT_SPONSORSHIP, OTHER, officeHoursCategories, projectCategories, researchCategories, smallGrantsCategories } from './categories';
export {
  CRYPTO_PAYMENT,
  DAI,
  ETH,
  FIAT_PAYMENT,
  HYBRID,
  INDIVIDUAL,
  IN_PERSON,
  PROJECT_FEEDBACK,
  TEAM,
  applyingAs,
  eventFormats,
  eventTypes,
  individualOrTeam,
  officeHoursRequests,
  paymentPreferences,
  shareResearch,
  tokenPreferences,
  yesNo,
} from './choices';
export { countries } from './countries';
export { grantsWaveReferralSources, referralSources } from './referralSources';
export { timeZoneEntries, timeZones } from './timeZones';
