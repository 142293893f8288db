/**
 * Every figure the site states about a programme comes from configuration (src/config/programmes.ts).
 * The table below is the list of facts, the variable that sets each and where it is printed; the
 * tests render all the copy (content pages, the closed-round notices, the confirmation emails)
 * with the default configuration and with every fact set, and fail on any amount, duration or date
 * that no configured value accounts for.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

type Where = 'home' | 'about' | 'applicants' | 'officeHours' | 'smallGrants' | 'projectGrants' | 'academicGrants' | 'devconGrants' | 'courses' | 'email';

type Fact = { env: string; value: string; printed: string[]; where: Where[]; specDefault?: string[] };

const FACTS: readonly Fact[] = [
  { env: 'NEXT_PUBLIC_CONFIRMATION_BUSINESS_DAYS', value: '3', printed: ['tres días hábiles'], where: ['about', 'officeHours', 'projectGrants', 'academicGrants', 'devconGrants'], specDefault: ['dos días hábiles'] },
  { env: 'NEXT_PUBLIC_OFFICE_HOURS_MINUTES', value: '25', printed: ['25 minutos'], where: ['officeHours'] },
  { env: 'NEXT_PUBLIC_SMALL_GRANTS_MAX_USD', value: '41000', printed: ['USD 41.000'], where: ['home', 'applicants', 'smallGrants'] },
  { env: 'NEXT_PUBLIC_SMALL_GRANTS_DECISION_WEEKS', value: '3', printed: ['tres semanas'], where: ['smallGrants'] },
  { env: 'NEXT_PUBLIC_PROJECT_GRANTS_MAX_USD', value: '120000', printed: ['USD 120.000'], where: ['applicants', 'projectGrants'] },
  { env: 'NEXT_PUBLIC_PROJECT_GRANTS_DECISION_WEEKS', value: '9', printed: ['nueve semanas'], where: ['projectGrants'] },
  { env: 'NEXT_PUBLIC_ACADEMIC_GRANTS_TOTAL_USD', value: '610000', printed: ['USD 610.000', '$610,000'], where: ['about', 'academicGrants'], specDefault: ['USD 750.000', '$750,000'] },
  { env: 'NEXT_PUBLIC_ACADEMIC_GRANTS_OPENS', value: '2020-02-03', printed: [], where: [] },
  { env: 'NEXT_PUBLIC_ACADEMIC_GRANTS_CLOSES', value: '2099-06-11', printed: ['11 de junio de 2099', 'June 11, 2099'], where: ['academicGrants'] },
  { env: 'NEXT_PUBLIC_ACADEMIC_GRANTS_DECISION_WEEKS', value: '7', printed: ['siete semanas'], where: ['academicGrants'] },
  { env: 'NEXT_PUBLIC_DEVCON_GRANTS_OPENS', value: '2020-02-03', printed: [], where: [] },
  { env: 'NEXT_PUBLIC_DEVCON_GRANTS_CLOSES', value: '2099-08-20', printed: ['20 de agosto de 2099'], where: ['devconGrants'] },
  { env: 'NEXT_PUBLIC_DEVCON_DATE', value: '2099-11-12', printed: ['12 de noviembre de 2099'], where: ['devconGrants'] },
  { env: 'NEXT_PUBLIC_DEVCON_GRANTS_LEAD_WEEKS', value: '5', printed: ['cinco semanas'], where: ['devconGrants'] },
  { env: 'NEXT_PUBLIC_DEVCON_GRANTS_DECISION_WEEKS', value: '6', printed: ['seis semanas'], where: ['devconGrants'] },
  { env: 'NEXT_PUBLIC_CONSULTANT_COURSE_WEEKS', value: '8', printed: ['Duración 8 semanas', 'ocho semanas'], where: ['home', 'courses'], specDefault: ['Duración 4 semanas'] },
  { env: 'NEXT_PUBLIC_BEGINNER_COURSE_WEEKS', value: '6', printed: ['Duración 6 semanas', 'seis semanas'], where: ['home', 'courses'] },
];

/** Figures the spec fixes that are not programme facts, and phrases whose digits are not figures. */
const NOT_FACTS = ['5 / 5 estrellas', 'capa 2', 'P2P'];

/** The about page's count of open programmes: computed from the rounds' dates, not stated. */
const OPEN_PROGRAMMES_COUNT = /^[0-5]$/;

const NUMBER_WORDS = 'un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte|treinta|cuarenta|sesenta|noventa';
const MONTHS = 'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|January|February|March|April|May|June|July|August|September|October|November|December';
/** An amount, a number, a counted duration, a frequency or a month: what a reader takes as a promise. */
const FIGURE = new RegExp(
  [`\\d`, `\\b(${NUMBER_WORDS})\\s+(minutos?|horas?|días?|semanas?|meses|mes|años?|clases|sesiones)\\b`, `\\b(mensual|semanal|quincenal|anual)(es)?\\b`, `\\b(${MONTHS})\\b`].join('|'),
  'i',
);

/** Keys whose values are addresses or sizes, not copy. */
const NOT_COPY = new Set(['href', 'src', 'width', 'height', 'id', 'tint', 'lang', 'kind']);

function texts(value: unknown, where: Where, out: Array<{ where: Where; text: string }>): void {
  if (typeof value === 'string') out.push({ where, text: value });
  else if (Array.isArray(value)) for (const item of value) texts(item, where, out);
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) if (!NOT_COPY.has(key)) texts(item, where, out);
}

/** All the copy, rendered with the environment as it is now. */
async function renderedCopy(): Promise<Array<{ where: Where; text: string }>> {
  vi.resetModules();
  const [{ homePage }, { aboutPages }, { applicantsPage, programmePages }, { academicGrantsPage, devconGrantsPage }, courses, { roundNotice }, { composeConfirmation }, { facts }] =
    await Promise.all([
      import('@/content/home'),
      import('@/content/about'),
      import('@/content/applicants'),
      import('@/content/grantRounds'),
      import('@/content/courses'),
      import('@/content/rounds'),
      import('@/server/mail/compose'),
      import('@/config/programmes'),
    ]);
  const out: Array<{ where: Where; text: string }> = [];
  texts(homePage, 'home', out);
  texts(aboutPages, 'about', out);
  texts(applicantsPage, 'applicants', out);
  texts(programmePages.officeHours, 'officeHours', out);
  texts(programmePages.smallGrants, 'smallGrants', out);
  texts(programmePages.projectGrants, 'projectGrants', out);
  texts([academicGrantsPage, roundNotice('academic-grants')], 'academicGrants', out);
  texts([devconGrantsPage, roundNotice('devcon-grants')], 'devconGrants', out);
  texts([courses.whyChoosePages, courses.beginnerCoursePage, courses.consultantPages], 'courses', out);
  for (const form of ['project-grants', 'small-grants', 'academic-grants', 'devcon-grants', 'office-hours', 'grantee-finance'] as const) {
    texts(composeConfirmation({ form, id: '7', payload: { firstName: 'Ana', email: 'ana@example.org' }, createdAt: new Date() }), 'email', out);
  }
  // The thank-you pages print this one in their spec sentence.
  out.push({ where: 'email', text: `within ${facts.confirmationBusinessDays} business days` });
  return out;
}

/** What is left of a text once every configured figure and every non-fact is taken out. */
function unexplained(text: string, configured: readonly string[]): string | null {
  // The sentence around an unexplained figure, for a readable failure.
  if (OPEN_PROGRAMMES_COUNT.test(text)) return null;
  let rest = text.replace(/\S+@\S+|https?:\/\/\S+/g, '').replace(/\b[A-Z]{2}-\d{6}\b/g, '').toLowerCase(); // addresses, links, application references
  for (const figure of [...configured, ...NOT_FACTS].sort((a, b) => b.length - a.length)) rest = rest.split(figure.toLowerCase()).join('');
  const match = FIGURE.exec(rest);
  return match ? rest.slice(Math.max(0, match.index - 50), match.index + 50) : null;
}

function unexplainedIn(copy: ReadonlyArray<{ where: Where; text: string }>, configured: readonly string[]): string[] {
  return copy.flatMap(({ where, text }) => {
    const rest = unexplained(text, configured);
    return rest === null ? [] : [`${where}: …${rest}…`];
  });
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

function stubFacts(values: (fact: Fact) => string): void {
  for (const fact of FACTS) vi.stubEnv(fact.env, values(fact));
}

describe('programme facts', () => {
  it('with the default configuration, the copy states only the figures the spec gives (and nothing the spec leaves open)', async () => {
    stubFacts(() => '');
    const copy = await renderedCopy();
    const configured = [...FACTS.flatMap((fact) => fact.specDefault ?? []), 'cuatro semanas', 'within 2 business days'];
    expect(unexplainedIn(copy, configured)).toEqual([]);
    const all = copy.map(({ text }) => text).join('\n');
    for (const invented of ['30.000', '15 de mayo', 'May 15', '30 minutos', 'seis semanas', 'algunas semanas', 'sin tope', 'mensuales', 'tarjeta o', 'en español o en inglés', 'dentro de 2']) {
      expect(all, invented).not.toContain(invented);
    }
    // The spec's own figures are there: the round's total in both languages, the confirmation time, the course length.
    for (const figure of ['USD 750.000', '$750,000', 'dos días hábiles', 'Duración 4 semanas']) expect(all).toContain(figure);
  });

  it('with every fact set, each is printed where the table says, and no other figure appears', async () => {
    stubFacts((fact) => fact.value);
    const copy = await renderedCopy();
    const configured = FACTS.flatMap((fact) => fact.printed);
    expect(unexplainedIn(copy, [...configured, 'within 3 business days'])).toEqual([]);
    for (const fact of FACTS) {
      for (const where of fact.where) {
        const place = copy.filter((entry) => entry.where === where).map(({ text }) => text).join('\n');
        expect(fact.printed.some((figure) => place.includes(figure)), `${fact.env} on ${where}`).toBe(true);
      }
    }
  });

  it('a malformed value stops the build with the variable named', async () => {
    vi.stubEnv('NEXT_PUBLIC_SMALL_GRANTS_MAX_USD', '30k');
    vi.resetModules();
    await expect(import('@/config/programmes')).rejects.toThrow(/NEXT_PUBLIC_SMALL_GRANTS_MAX_USD/);
    vi.stubEnv('NEXT_PUBLIC_SMALL_GRANTS_MAX_USD', '');
    vi.stubEnv('NEXT_PUBLIC_ACADEMIC_GRANTS_CLOSES', '15/05/2022');
    vi.resetModules();
    await expect(import('@/config/programmes')).rejects.toThrow(/NEXT_PUBLIC_ACADEMIC_GRANTS_CLOSES/);
  });
});
