import { site } from '../../config/site';
import { INDIVIDUAL, OTHER, TEAM, countries, eventFormats, eventTypes, individualOrTeam as individualOrTeamOptions, referralSources, timeZones, yesNo } from '../options';
import { valueOf } from './fieldState';
import type { FieldDefinition, FieldKind, FormValues, ValuesPredicate } from './types';

/**
 * The fields several forms repeat, written once with the spec's messages and caps.
 * Each builder takes the section the field sits in and, where a form differs, overrides (a
 * different help text, required only for Team, ...). Messages given as overrides are merged with
 * the field's own, so an override of `required` keeps its cap message.
 */

export const LONG_TEXT_MAX = 32768;
export const SHORT_TEXT_MAX = 255;
/** One file of 4194304 bytes (4 MB) at most. */
export const MAX_UPLOAD_BYTES = 4194304;

export type FieldOverrides = Partial<Omit<FieldDefinition, 'name' | 'kind'>>;
type FieldBase = Omit<FieldDefinition, 'name' | 'kind' | 'section'>;

/** A field from its base description and a form's overrides. */
export function buildField(name: string, kind: FieldKind, section: string, base: FieldBase, overrides: FieldOverrides = {}): FieldDefinition {
  return { name, kind, section, ...base, ...overrides, messages: { ...base.messages, ...overrides.messages } };
}

/** A required Yes/No question, answered with radio buttons and sent as a boolean (true for Yes). */
export function yesNoQuestion(name: string, section: string, label: string, defaultValue: 'Yes' | 'No', required: string, overrides: FieldOverrides = {}): FieldDefinition {
  return buildField(name, 'radio', section, { label, required: true, options: yesNo, defaultValue, wire: { type: 'boolean' }, messages: { required } }, overrides);
}

/** A free-text answer of up to 32768 characters ('Field is required.' / 'Cannot exceed 32768 characters.'). */
export function longText(name: string, label: string, section: string, overrides: FieldOverrides = {}): FieldDefinition {
  return buildField(name, 'textarea', section, { label, required: true, maxLength: LONG_TEXT_MAX, messages: {} }, overrides);
}

/**
 * A one-line text with a cap and messages that name it: '{subject} is required.' and
 * '{subject} cannot exceed {cap} characters.' (the spec's style, e.g. 'First name ...').
 */
export function cappedText(
  name: string,
  label: string,
  subject: string,
  maxLength: number,
  section: string,
  overrides: FieldOverrides = {},
  kind: FieldKind = 'text',
): FieldDefinition {
  return buildField(
    name,
    kind,
    section,
    { label, required: true, maxLength, messages: { required: `${subject} is required.`, maxLength: `${subject} cannot exceed ${maxLength} characters.` } },
    overrides,
  );
}

/** Visible while `name` holds one of `values`. */
export function whenValue(name: string, ...values: readonly string[]): ValuesPredicate {
  return (formValues) => values.includes(valueOf(formValues, name));
}

// ── Wire transforms ──────────────────────────────────────────────────────────────────────

const NOT_APPLICABLE = /^n\s*\/?\s*a$/i;

/** 'N/A' (any case, 'NA', 'n / a') or nothing: the applicant has no organisation. */
export function isNoOrganisation(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === '' || NOT_APPLICABLE.test(trimmed);
}

/** The organisation, or the applicant's full name when there is none. */
export function companyOrFullName(value: string, values: FormValues): string {
  if (!isNoOrganisation(value)) return value;
  return `${valueOf(values, 'firstName').trim()} ${valueOf(values, 'lastName').trim()}`.trim();
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const DEFAULT_SCHEME = 'https://';

/** A website as a URL with a scheme: 'example.org' → 'https://example.org'; empty stays empty. */
export function normaliseWebsite(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || SCHEME.test(trimmed)) return trimmed;
  return `${DEFAULT_SCHEME}${trimmed}`;
}

/** What the applicant could have typed for a normalised website (the scheme the form added). */
function denormaliseWebsite(wireValue: string): string {
  const rest = wireValue.startsWith(DEFAULT_SCHEME) ? wireValue.slice(DEFAULT_SCHEME.length) : wireValue;
  return rest !== '' && !SCHEME.test(rest) ? rest : wireValue;
}

/** Whether the website, once given a scheme, is a web address with a dotted host name. */
export function isWebsite(value: string): boolean {
  try {
    const url = new URL(normaliseWebsite(value));
    return (url.protocol === 'https:' || url.protocol === 'http:') && /^[^.]+(\.[^.]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

// ── Applicant ────────────────────────────────────────────────────────────────────────────────

export const firstName = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  cappedText('firstName', 'First name', 'First name', 40, section, { identifying: true, ...overrides });

export const lastName = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  cappedText('lastName', 'Last name', 'Last name', 80, section, { identifying: true, ...overrides });

export const email = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  buildField(
    'email',
    'email',
    section,
    { label: 'Email', required: true, identifying: true, messages: { required: 'Email is required.', invalid: 'Email must be a valid email address.' } },
    overrides,
  );

/**
 * The organisation. 'N/A' or nothing is sent as the applicant's full name; where the field can be
 * hidden (individual applicants) the full name is sent all the same.
 */
export const company = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  cappedText('company', 'Organization name', 'Organization name', SHORT_TEXT_MAX, section, {
    help: 'Write N/A if you are not part of an organization.',
    identifying: true,
    wire: { normalise: companyOrFullName, sendWhenHidden: true },
    ...overrides,
  });

/** Individual (the default) or Team; a team names its organisation (teamOrganisation). */
export const individualOrTeam = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  buildField(
    'individualOrTeam',
    'radio',
    section,
    {
      label: 'Are you applying as an individual or as a team?',
      required: true,
      options: individualOrTeamOptions,
      defaultValue: INDIVIDUAL,
      messages: { required: 'Please choose Individual or Team.' },
    },
    overrides,
  );

/** The organisation, asked of teams only; individuals send their full name in its place. */
export const teamOrganisation = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  company(section, { help: 'The name of your team or organization.', visibleWhen: whenValue('individualOrTeam', TEAM), ...overrides });

export const twitter = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  cappedText('twitter', 'Twitter handle', 'Twitter handle', 16, section, { required: false, placeholder: '@handle', identifying: true, ...overrides });

export const website = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  cappedText(
    'website',
    'Website',
    'Website',
    SHORT_TEXT_MAX,
    section,
    {
      required: false,
      placeholder: 'https://',
      identifying: true,
      checks: [{ test: isWebsite, message: 'Website must be a valid web address.' }],
      wire: { normalise: normaliseWebsite, denormalise: denormaliseWebsite },
      ...overrides,
    },
    'url',
  );

export const teamProfile = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('teamProfile', 'Team profile', section, {
    help: 'Who is on the team: names, backgrounds and relevant experience.',
    // It asks for names.
    identifying: true,
    ...overrides,
  });

export const city = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  cappedText('city', 'City', 'City', SHORT_TEXT_MAX, section, { required: false, ...overrides });

export const country = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  buildField('country', 'select', section, { label: 'Country', required: true, options: countries, messages: { required: 'Country is required.' } }, overrides);

export const timezone = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  buildField('timezone', 'select', section, { label: 'Time zone', required: true, options: timeZones, messages: { required: 'Time zone is required.' } }, overrides);

// ── Project ──────────────────────────────────────────────────────────────────────────────────

export const projectName = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  cappedText('projectName', 'Project name', 'Project name', SHORT_TEXT_MAX, section, overrides);

export const projectRepo = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  cappedText('projectRepo', 'Project repository', 'Project repository', SHORT_TEXT_MAX, section, { required: false, placeholder: 'https://', identifying: true, ...overrides }, 'url');

export const projectDescription = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('projectDescription', 'Project description', section, { help: 'What the project is and what it will deliver.', ...overrides });

export const projectCategory = (section: string, options: FieldDefinition['options'], overrides?: FieldOverrides): FieldDefinition =>
  buildField('projectCategory', 'select', section, { label: 'Project category', required: true, options, messages: { required: 'Project category is required.' } }, overrides);

export const problemBeingSolved = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('problemBeingSolved', 'What problem is being solved?', section, overrides);

export const proposedTimeline = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('proposedTimeline', 'Proposed timeline', section, { help: 'Milestones with their dates and what each one delivers.', ...overrides });

export const isYourProjectPublicGood = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('isYourProjectPublicGood', 'Is your project a public good?', section, { help: 'Who can use what you build, and on what terms.', ...overrides });

export const challenges = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('challenges', 'What challenges do you expect?', section, overrides);

/** The requested amount as free text with a currency (spec: required, 20 characters at most). */
export const requestedAmount = (section: string, placeholder: string, overrides?: FieldOverrides): FieldDefinition =>
  cappedText('requestedAmount', 'Requested amount', 'Requested amount', 20, section, { placeholder, help: 'The amount and its currency.', ...overrides });

export const whyIsProjectImportant = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('whyIsProjectImportant', 'Why is your project important?', section, overrides);

export const howDoesYourProjectDiffer = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('howDoesYourProjectDiffer', 'How does your project differ from similar ones?', section, overrides);

export const isOpenSource = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('isOpenSource', 'Is your project open source?', section, { help: 'Its licence, or why it is not open source.', ...overrides });

export const whyEthereum = (section: string, overrides?: FieldOverrides): FieldDefinition => longText('whyEthereum', 'Why Ethereum?', section, overrides);

export const sustainabilityPlan = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('sustainabilityPlan', 'How will the project sustain itself?', section, overrides);

export const otherProjects = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('otherProjects', 'Other projects you have worked on', section, { required: false, ...overrides });

export const otherFunding = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('otherFunding', 'Other funding', section, { required: false, help: 'Funding you have received or applied for elsewhere.', ...overrides });

export const progress = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('progress', 'Progress so far', section, { help: 'What you have achieved since your last application.', ...overrides });

export const repeatApplicant = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  yesNoQuestion('repeatApplicant', section, 'Have you applied for a grant before?', 'No', 'Please answer whether you have applied before.', overrides);

export const additionalInfo = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('additionalInfo', 'Additional information', section, { required: false, ...overrides });

// ── Where they heard of us ───────────────────────────────────────────────────────────────────

export const howDidYouHearAboutESP = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  buildField(
    'howDidYouHearAboutESP',
    'select',
    section,
    { label: 'How did you hear about us?', required: true, options: referralSources(site.host), messages: { required: 'Referral source is required.' } },
    overrides,
  );

/** The free-text follow-up shown while the referral source `sourceField` is 'Other'. */
export const referralSourceIfOther = (section: string, sourceField: string, overrides?: FieldOverrides): FieldDefinition =>
  cappedText('referralSourceIfOther', 'Where did you hear about us?', 'Referral source', SHORT_TEXT_MAX, section, {
    required: false,
    visibleWhen: whenValue(sourceField, OTHER),
    ...overrides,
  });

export const referrals = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  cappedText('referrals', 'Did anyone recommend that you apply?', 'Referral', 150, section, {
    required: false,
    help: 'The name of the person who recommended the programme to you.',
    identifying: true,
    ...overrides,
  });

// ── Event ────────────────────────────────────────────────────────────────────────────────────

export const eventName = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  cappedText('eventName', 'Event name', 'Event name', SHORT_TEXT_MAX, section, overrides);

export const eventDate = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  buildField('eventDate', 'date', section, { label: 'Event date', required: true, messages: { required: 'Event date is required.', invalid: 'Event date must be a valid date.' } }, overrides);

export const eventPreviousWork = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('eventPreviousWork', 'Events you have organized before', section, { required: false, help: 'Links to earlier editions or other events you ran.', identifying: true, ...overrides });

export const sponsorshipLink = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  cappedText('sponsorshipLink', 'Event website', 'Event website', SHORT_TEXT_MAX, section, { required: false, placeholder: 'https://', identifying: true, ...overrides }, 'url');

export const sponsorshipDetails = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('sponsorshipDetails', 'Event details', section, { help: 'What the event is, its goals and its programme.', ...overrides });

export const eventType = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  buildField('eventType', 'select', section, { label: 'Event type', required: true, options: eventTypes, messages: { required: 'Event type is required.' } }, overrides);

export const eventFormat = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  buildField('eventFormat', 'radio', section, { label: 'Event format', required: true, options: eventFormats, messages: { required: 'Event format is required.' } }, overrides);

export const expectedAttendees = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  buildField(
    'expectedAttendees',
    'number',
    section,
    {
      label: 'Expected number of attendees',
      required: true,
      maxLength: 18,
      messages: { required: 'Expected number of attendees is required.', maxLength: 'Expected number cannot exceed 18 characters.', invalid: 'Expected number must be a whole number.' },
    },
    overrides,
  );

export const targetAudience = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  cappedText('targetAudience', 'Target audience', 'Target audience', 3000, section, overrides, 'textarea');

export const confirmedSpeakers = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('confirmedSpeakers', 'Confirmed speakers', section, { required: false, ...overrides });

export const confirmedSponsors = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  longText('confirmedSponsors', 'Confirmed sponsors', section, { required: false, ...overrides });

// ── Upload and captcha ───────────────────────────────────────────────────────────────────────

export const uploadProposal = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  buildField(
    'uploadProposal',
    'file',
    section,
    { label: 'Proposal (optional)', help: 'One file under 4 MB.', required: false, maxBytes: MAX_UPLOAD_BYTES, messages: { invalid: 'File size cannot exceed 4mb.' } },
    overrides,
  );

export const captchaToken = (section: string, overrides?: FieldOverrides): FieldDefinition =>
  buildField('captchaToken', 'captcha', section, { label: 'Captcha', required: true, messages: { required: 'Please confirm that you are not a robot.' } }, overrides);

/* ---------- Questions several forms ask together, in the same order ---------- */

/** Who is writing: first name, last name and email, the first questions of every form. */
export const whoYouAre = (section: string): FieldDefinition[] => [firstName(section), lastName(section), email(section)];

/** "About you" on the project and devcon forms: who is writing, their organisation, their team and their X (Twitter). */
export const aboutYouAndYourTeam = (section: string): FieldDefinition[] => [...whoYouAre(section), company(section), teamProfile(section), twitter(section)];

/** "About you" where a person may come alone or as a team (small grants, office hours): who is writing, which of the two, and the team's name. */
export const aboutYouAloneOrAsATeam = (section: string): FieldDefinition[] => [...whoYouAre(section), individualOrTeam(section), teamOrganisation(section)];

/** "How you found us" with its follow-ups (project and small grants): the source, the source when it is Other, and who recommended the programme. */
export const howYouFoundUs = (section: string): FieldDefinition[] => [howDidYouHearAboutESP(section), referralSourceIfOther(section, 'howDidYouHearAboutESP'), referrals(section)];

/** The last section of project and small grants: the proposal file and the captcha. */
export const proposalAndVerification = (section: string): FieldDefinition[] => [uploadProposal(section), captchaToken(section)];

/** Why the project matters (project grants' "Impact and sustainability", small grants' project section): importance, difference, public good, open source, Ethereum, challenges, sustainability, other projects. */
export const impactQuestions = (section: string, overrides?: FieldOverrides): FieldDefinition[] => [
  whyIsProjectImportant(section, overrides),
  howDoesYourProjectDiffer(section, overrides),
  isYourProjectPublicGood(section, overrides),
  isOpenSource(section, overrides),
  whyEthereum(section, overrides),
  challenges(section, overrides),
  sustainabilityPlan(section, overrides),
  otherProjects(section, overrides),
];
