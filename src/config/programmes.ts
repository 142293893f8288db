import { routes } from './routes';
import { contact } from './site';

/**
 * The programmes an application goes to, one row each: the name the thank-you page and the
 * confirmation email give it, and what comes next for the applicant. The browser's thank-you pages
 * and the server's emails read this one table, so they always say the same thing.
 * (Relative imports: the API server imports this module in plain Node.)
 */

/** The applications with a review status, which a retention period applies to. */
export type ReviewedProgrammeKey = 'project-grants' | 'devcon-grants' | 'small-grants' | 'academic-grants' | 'office-hours';
/** Where a grantee sends payment details: not an application, never reviewed (src/server/finance/ keeps them). */
export type PaymentDetailsKey = 'grantee-finance';
export type ProgrammeKey = ReviewedProgrammeKey | PaymentDetailsKey;

export type Programme = {
  /** 'for applying to {name}'. */
  readonly name: string;
  /** Reference prefix of its applications: PG-000123. */
  readonly referencePrefix: string;
  /**
   * What the applicant is told: small grants get a confirmation "shortly" and a
   * link to the programme page; the others one "within 2 business days" and whom to write to.
   */
  readonly followUp: { readonly kind: 'shortly'; readonly programmePage: string } | { readonly kind: 'twoBusinessDays'; readonly contactEmail: string };
};

export const programmes: Readonly<Record<ProgrammeKey, Programme>> = {
  'project-grants': { name: 'Project Grants', referencePrefix: 'PG', followUp: { kind: 'twoBusinessDays', contactEmail: contact.general } },
  'small-grants': { name: 'Small Grants', referencePrefix: 'SG', followUp: { kind: 'shortly', programmePage: routes.smallGrants } },
  'academic-grants': { name: 'Academic Grants', referencePrefix: 'AG', followUp: { kind: 'twoBusinessDays', contactEmail: contact.academicGrants } },
  'devcon-grants': { name: 'Devcon Grants', referencePrefix: 'DG', followUp: { kind: 'twoBusinessDays', contactEmail: contact.devconGrants } },
  'office-hours': { name: 'Office Hours', referencePrefix: 'OH', followUp: { kind: 'twoBusinessDays', contactEmail: contact.general } },
  'grantee-finance': { name: 'Grantee Finance', referencePrefix: 'GF', followUp: { kind: 'twoBusinessDays', contactEmail: contact.general } },
};

/* ---------- Programme facts ---------- */

/**
 * Every figure the copy states about a programme, in one place, each from its NEXT_PUBLIC_*
 * variable (build time; the API server reads the same ones at run time). A fact left unset is not
 * printed: the sentences that carry it are written to read well without it. The only defaults are
 * figures the product fixes (confirmation within 2 business days, courses of 4
 * weeks, a round of up to $750,000). docs/deploying.md "Before you publish" lists them.
 */

/** A deployer's setting: unset or blank is undefined. */
export function setting(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

function wholeNumber(name: string, value: string | undefined, fallback?: number): number | undefined {
  const raw = setting(value);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) throw new Error(`${name} must be a whole number above 0, not "${raw}".`);
  return Number(raw);
}

/** A calendar day as written ('2022-05-15'), or a moment with its offset ('2022-05-15T23:59:00-05:00'). */
export type ProgrammeDate = { readonly day: string; readonly iso: string };

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2}))?$/;

function calendarDate(name: string, value: string | undefined): ProgrammeDate | undefined {
  const raw = setting(value);
  if (raw === undefined) return undefined;
  const match = DATE_PATTERN.exec(raw);
  if (!match || Number.isNaN(Date.parse(match[4] ? raw : `${raw}T00:00:00Z`))) {
    throw new Error(`${name} must be a date such as 2022-05-15 or 2022-05-15T23:59:00-05:00, not "${raw}".`);
  }
  return { day: raw.slice(0, 10), iso: raw };
}

/** A grant round's dates; a round with neither is always open (the default: the spec's forms are shown). */
export type RoundDates = { readonly opens?: ProgrammeDate; readonly closes?: ProgrammeDate };

function round(prefix: string, opens: string | undefined, closes: string | undefined): RoundDates {
  const dates = { opens: calendarDate(`${prefix}_OPENS`, opens), closes: calendarDate(`${prefix}_CLOSES`, closes) };
  if (dates.opens && dates.closes && roundStart(dates) >= roundEnd(dates)) throw new Error(`${prefix}_OPENS must come before ${prefix}_CLOSES.`);
  return Object.fromEntries(Object.entries(dates).filter(([, date]) => date !== undefined)) as RoundDates;
}

/** First moment of the round: the opening time, or 00:00 UTC of the opening day. */
export function roundStart(dates: RoundDates): number {
  if (!dates.opens) return -Infinity;
  return dates.opens.iso.length > 10 ? Date.parse(dates.opens.iso) : Date.parse(`${dates.opens.day}T00:00:00Z`);
}

/** First moment after the round: the closing time, or the end of the closing day in UTC (the whole day counts). */
export function roundEnd(dates: RoundDates): number {
  if (!dates.closes) return Infinity;
  return dates.closes.iso.length > 10 ? Date.parse(dates.closes.iso) : Date.parse(`${dates.closes.day}T00:00:00Z`) + 24 * 60 * 60 * 1000;
}

export type RoundState = 'upcoming' | 'open' | 'closed';

/** Where a round stands at a moment: the apply pages ask at build time, the API server at each request. */
export function roundState(dates: RoundDates, now: Date): RoundState {
  const time = now.getTime();
  if (time < roundStart(dates)) return 'upcoming';
  if (time >= roundEnd(dates)) return 'closed';
  return 'open';
}

export const REVIEWED_PROGRAMMES: readonly ReviewedProgrammeKey[] = ['project-grants', 'small-grants', 'academic-grants', 'devcon-grants', 'office-hours'];

/** Whether the programme's applications are reviewed (false for payment details). */
export const isReviewedProgramme = (key: string): key is ReviewedProgrammeKey => (REVIEWED_PROGRAMMES as readonly string[]).includes(key);

export const facts = {
  /** The confirmation email arrives within 2 business days (the thank-you pages say so too). */
  confirmationBusinessDays: wholeNumber('NEXT_PUBLIC_CONFIRMATION_BUSINESS_DAYS', process.env.NEXT_PUBLIC_CONFIRMATION_BUSINESS_DAYS, 2)!,
  officeHours: {
    /** Length of the video call. */
    meetingMinutes: wholeNumber('NEXT_PUBLIC_OFFICE_HOURS_MINUTES', process.env.NEXT_PUBLIC_OFFICE_HOURS_MINUTES),
  },
  smallGrants: {
    maxUsd: wholeNumber('NEXT_PUBLIC_SMALL_GRANTS_MAX_USD', process.env.NEXT_PUBLIC_SMALL_GRANTS_MAX_USD),
    /** Usual time from application to decision. */
    decisionWeeks: wholeNumber('NEXT_PUBLIC_SMALL_GRANTS_DECISION_WEEKS', process.env.NEXT_PUBLIC_SMALL_GRANTS_DECISION_WEEKS),
  },
  projectGrants: {
    maxUsd: wholeNumber('NEXT_PUBLIC_PROJECT_GRANTS_MAX_USD', process.env.NEXT_PUBLIC_PROJECT_GRANTS_MAX_USD),
    decisionWeeks: wholeNumber('NEXT_PUBLIC_PROJECT_GRANTS_DECISION_WEEKS', process.env.NEXT_PUBLIC_PROJECT_GRANTS_DECISION_WEEKS),
  },
  academicGrants: {
    /** A round of up to $750,000 in total. */
    totalUsd: wholeNumber('NEXT_PUBLIC_ACADEMIC_GRANTS_TOTAL_USD', process.env.NEXT_PUBLIC_ACADEMIC_GRANTS_TOTAL_USD, 750_000),
    round: round('NEXT_PUBLIC_ACADEMIC_GRANTS', process.env.NEXT_PUBLIC_ACADEMIC_GRANTS_OPENS, process.env.NEXT_PUBLIC_ACADEMIC_GRANTS_CLOSES),
    decisionWeeks: wholeNumber('NEXT_PUBLIC_ACADEMIC_GRANTS_DECISION_WEEKS', process.env.NEXT_PUBLIC_ACADEMIC_GRANTS_DECISION_WEEKS),
  },
  devconGrants: {
    /** What the programme gives besides money, in the deployer's words ('Difusión en nuestras redes…'); unset, the site promises nothing more. */
    otherSupport: setting(process.env.NEXT_PUBLIC_DEVCON_GRANTS_OTHER_SUPPORT),
    round: round('NEXT_PUBLIC_DEVCON_GRANTS', process.env.NEXT_PUBLIC_DEVCON_GRANTS_OPENS, process.env.NEXT_PUBLIC_DEVCON_GRANTS_CLOSES),
    /** First day of the conference. */
    conferenceDate: calendarDate('NEXT_PUBLIC_DEVCON_DATE', process.env.NEXT_PUBLIC_DEVCON_DATE),
    /** How long before the event an organiser should apply. */
    leadWeeks: wholeNumber('NEXT_PUBLIC_DEVCON_GRANTS_LEAD_WEEKS', process.env.NEXT_PUBLIC_DEVCON_GRANTS_LEAD_WEEKS),
    decisionWeeks: wholeNumber('NEXT_PUBLIC_DEVCON_GRANTS_DECISION_WEEKS', process.env.NEXT_PUBLIC_DEVCON_GRANTS_DECISION_WEEKS),
  },
  courses: {
    /** 'Duración 4 semanas'. */
    consultantWeeks: wholeNumber('NEXT_PUBLIC_CONSULTANT_COURSE_WEEKS', process.env.NEXT_PUBLIC_CONSULTANT_COURSE_WEEKS, 4)!,
    /** Course length 4 weeks. */
    beginnerWeeks: wholeNumber('NEXT_PUBLIC_BEGINNER_COURSE_WEEKS', process.env.NEXT_PUBLIC_BEGINNER_COURSE_WEEKS, 4)!,
    /** Where a course scholarship is requested; unset, the site offers none (the grants are not course scholarships). */
    scholarshipsUrl: setting(process.env.NEXT_PUBLIC_COURSE_SCHOLARSHIPS_URL),
  },
} as const;

/**
 * Who funds what: the foundation the English banner names and the academic form calls "the
 * Foundation", and the programmes it sponsors. /about/
 * says it once, from here.
 */
export const foundation = {
  name: setting(process.env.NEXT_PUBLIC_FOUNDATION_NAME) ?? 'Ethereum Foundation',
  sponsors: sponsoredProgrammes(setting(process.env.NEXT_PUBLIC_FOUNDATION_SPONSORS) ?? 'academic-grants'),
} as const;

function sponsoredProgrammes(list: string): readonly ProgrammeKey[] {
  const keys = list.split(',').map((key) => key.trim()).filter((key) => key !== '');
  for (const key of keys) {
    if (!isReviewedProgramme(key)) throw new Error(`NEXT_PUBLIC_FOUNDATION_SPONSORS lists programme keys such as academic-grants, not "${key}".`);
  }
  return keys as ProgrammeKey[];
}

/** The two grant rounds with dates, by the programme key their form and endpoint carry. */
export const rounds: Readonly<Partial<Record<ProgrammeKey, RoundDates>>> = {
  'academic-grants': facts.academicGrants.round,
  'devcon-grants': facts.devconGrants.round,
};
