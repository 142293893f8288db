// @vitest-environment node
/**
 * The copy the exported pages do not show, against the faults of tests/support/copyFaults.ts: every
 * email the server composes (called with sample data), the team area's words (its pages render in
 * the browser from the API, so out/ holds none of them) and the newsletter's server pages. The
 * exported pages themselves are read in a browser by tests/e2e/copy.spec.ts. Also the settings that
 * replaced unbacked promises and the one plural helper.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormKey } from '@/forms/definitions/types';
import { countOf } from '@/lib/plural';
import type * as MilestoneMail from '@/server/mail/grants';
import { copyFaultsIn, readsAsEnglish } from '../../support/copyFaults';
import { validAcademicGrants, validDevconGrants, validFinanceCrypto, validOfficeHours, validProjectGrants, validSmallGrantsEvent } from '../../../scripts/support/formAnswers';

const root = path.resolve(__dirname, '../../..');

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

type MilestoneMailModule = typeof MilestoneMail;
type SampleApplication = { form: FormKey; id: string; payload: Record<string, unknown>; createdAt: Date };

/** The five emails about a grant's milestones, for one application. */
function milestoneEmails(mail: MilestoneMailModule, application: SampleApplication) {
  const input = { application: application as Parameters<MilestoneMailModule['composeDueReminder']>[0]['application'], milestone: { title: 'Demo pública', dueDate: '2026-12-03' }, version: 2 };
  return [
    mail.composeReportAccepted(input),
    mail.composeChangesRequested({ ...input, comment: 'Falta el enlace a la demo.' }),
    mail.composeDueReminder(input),
    mail.composeOverdueReminder(input),
    mail.composeMilestonesDefined({ application: input.application, milestones: [input.milestone, { title: 'Informe final', dueDate: '2027-01-15' }] }),
  ];
}

/** Every email the server writes, with sample applications of each form. */
async function everyEmail(): Promise<Array<{ subject: string; text: string }>> {
  const [
    { composeConfirmation, composeTeamNotice, composeNewsletterConfirmation },
    { composeDecisionEmail, composeGranteeIdEmail },
    { invitationEmail },
    { formDefinitions },
    { composeApplicantLinkEmail, composeQuestionEmail, composeResponseNotice, composeWithdrawalNotice },
    milestoneMail,
  ] = await Promise.all([
    import('@/server/mail/compose'),
    import('@/server/mail/decisions'),
    import('@/server/team/members'),
    import('@/forms/definitions'),
    import('@/server/mail/applicant'),
    import('@/server/mail/grants'),
  ]);
  const samples = {
    'project-grants': validProjectGrants(),
    'small-grants': validSmallGrantsEvent(),
    'academic-grants': validAcademicGrants(),
    'devcon-grants': validDevconGrants(),
    'office-hours': validOfficeHours(),
    'grantee-finance': validFinanceCrypto(),
  } as const;
  const emails = [];
  for (const form of Object.keys(samples) as FormKey[]) {
    const application = { form, id: '41', payload: formDefinitions[form].toPayload(samples[form]), createdAt: new Date('2025-06-01T14:30:00Z') };
    emails.push(composeConfirmation(application), composeTeamNotice(application, 'equipo@example.org'));
    if (form === 'grantee-finance') continue;
    const reviewed = { ...application, form };
    emails.push(composeDecisionEmail(reviewed, 'approved'), composeDecisionEmail(reviewed, 'rejected'), composeDecisionEmail(reviewed, 'approved', 'Nos gustó mucho el plan de difusión.'));
    emails.push(composeQuestionEmail(reviewed, '¿Puedes enviarnos el presupuesto por partidas?'));
    for (const reissued of [false, true]) emails.push(composeGranteeIdEmail(reviewed, { securityId: 'ABCDEFGHJKMNPQRSTV', siteOrigin: 'https://example.org', reissued }));
    if (form === 'office-hours') continue;
    emails.push(...milestoneEmails(milestoneMail, application));
  }
  emails.push(composeNewsletterConfirmation({ to: 'ana@example.org', confirmToken: 'c', unsubscribeToken: 'u' }));
  emails.push(composeApplicantLinkEmail('ana@example.org', 'A'.repeat(43)));
  emails.push(composeResponseNotice('rita@example.org', 'PG-000041', 'https://example.org'), composeWithdrawalNotice('rita@example.org', 'PG-000041', 'https://example.org'));
  emails.push(invitationEmail('ana@example.org', 'reviewer', 'https://example.org/equipo/inscripcion/#t', new Date('2025-06-01T14:30:00Z')));
  return emails;
}

describe('the emails', () => {
  it('carry none of the faults, and no English sentence in their Spanish', async () => {
    for (const email of await everyEmail()) {
      const whole = `${email.subject}\n${email.text}`;
      expect(copyFaultsIn(whole), email.subject).toEqual([]);
      expect(whole.split('\n').filter((line) => !/https?:\/\//.test(line) && readsAsEnglish(line)), email.subject).toEqual([]);
    }
  });

  it('about milestones: give the programme’s contact address, and call an event sponsorship a patrocinio and a Devcon event’s support an apoyo', async () => {
    const [mail, { formDefinitions }, { contact }] = await Promise.all([import('@/server/mail/grants'), import('@/forms/definitions'), import('@/config/site')]);
    const sample = (form: FormKey, values: Parameters<(typeof formDefinitions)[FormKey]['toPayload']>[0]) => ({ form, id: '41', payload: formDefinitions[form].toPayload(values), createdAt: new Date() });
    const cases = [
      [sample('project-grants', validProjectGrants()), 'beca', contact.general],
      [sample('small-grants', validSmallGrantsEvent()), 'patrocinio', contact.general],
      [sample('devcon-grants', validDevconGrants()), 'apoyo', contact.devconGrants],
      [sample('academic-grants', validAcademicGrants()), 'beca', contact.academicGrants],
    ] as const;
    for (const [application, noun, address] of cases) {
      for (const email of milestoneEmails(mail, application)) {
        expect(email.text, `${application.form}: ${email.subject}`).toContain(`escríbenos a ${address} indicando tu número de referencia.`);
        if (noun !== 'beca') expect(`${email.subject}\n${email.text}`, `${application.form}: ${email.subject}`).not.toMatch(/\bbeca\b/);
      }
      const reminders = milestoneEmails(mail, application).slice(2).map((email) => email.text).join('\n');
      expect(reminders).toContain(`de tu ${noun}`);
      expect(reminders).toContain('fecha límite');
      expect(reminders).not.toMatch(/\bvence el\b|\bvenció\b/);
    }
  });

  it('tell the team when an application arrived in Spanish, with the page that opens it', async () => {
    const { composeTeamNotice } = await import('@/server/mail/compose');
    const email = composeTeamNotice({ form: 'project-grants', id: '41', payload: {}, createdAt: new Date('2026-03-03T17:30:00Z') }, 'equipo@example.org');
    expect(email.text).toContain('Recibida el 3 de marzo de 2026 a las 17:30 (UTC)');
    expect(email.text).toContain('Para leerla: http://localhost:3000/equipo/solicitud/?id=PG-000041');
  });

  it('give the invitation’s expiry as a Spanish date with its zone', async () => {
    const { invitationEmail } = await import('@/server/team/members');
    const email = invitationEmail('ana@example.org', 'admin', 'https://example.org/x', new Date('2025-06-01T14:30:00Z'));
    expect(email.text).toContain('vence el 1 de junio de 2025 a las 14:30 (UTC).');
  });

  it('call the grantee’s payment details theirs, not the team’s form', async () => {
    const { composeConfirmation } = await import('@/server/mail/compose');
    const email = composeConfirmation({ form: 'grantee-finance', id: '7', payload: { beneficiaryName: 'Ana', contactEmail: 'ana@example.org' }, createdAt: new Date() });
    expect(email.text).toContain('Recibimos los datos de pago que enviaste a Cadena Academy.');
    // An event sponsorship's grantee sends payment details too: the confirmation names no 'beca'.
    expect(email.text).not.toMatch(/\bbeca\b/);
  });
});

/** The team area's and the newsletter pages' source: their words are string literals there. */
function sourceOf(dir: string, filter: (name: string) => boolean): Array<{ file: string; text: string }> {
  return fs
    .readdirSync(path.join(root, dir))
    .filter(filter)
    .map((name) => ({ file: `${dir}/${name}`, text: fs.readFileSync(path.join(root, dir, name), 'utf8') }));
}

describe('the team area, the applicant portal and the newsletter pages', () => {
  const sources = [
    ...sourceOf('src/team', (name) => /\.tsx?$/.test(name)),
    ...sourceOf('src/team/grant', (name) => /\.tsx?$/.test(name)),
    ...sourceOf('src/team/kit', (name) => /\.tsx?$/.test(name)),
    ...sourceOf('src/server/payments', (name) => name.endsWith('.ts')),
    ...['src/config/review.ts', 'src/lib/money.ts', 'src/lib/payments.ts', 'src/lib/team.ts', 'src/lib/grantText.ts', 'src/lib/newsletter.ts', 'src/server/team/scoring/store.ts'].map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') })),
    ...sourceOf('src/applicant', (name) => /\.tsx?$/.test(name)),
    ...sourceOf('src/server/team', (name) => name.endsWith('.ts')),
    { file: 'src/server/newsletter.ts', text: fs.readFileSync(path.join(root, 'src/server/newsletter.ts'), 'utf8') },
  ];

  it.each(sources.map((source) => [source.file, source.text]))('%s carries none of the faults', (_file, text) => {
    expect(copyFaultsIn(text)).toEqual([]);
  });

  it('name the audit log’s last column for what the action was on', () => {
    // The table's headings are its columns' (src/team/kit/DataTable.tsx).
    expect(fs.readFileSync(path.join(root, 'src/team/AuditLog.tsx'), 'utf8')).toContain("header: 'Objeto'");
  });
});

describe('one plural helper for every count', () => {
  it('follows Spanish rules: one for 1, the plural for 0, 2 and a million', () => {
    const records = { one: 'registro', other: 'registros' };
    expect([0, 1, 2, 15, 1_000_000].map((n) => countOf(n, records))).toEqual(['0 registros', '1 registro', '2 registros', '15 registros', '1000000 registros']);
    expect(countOf(1, { one: 'business day', other: 'business days' }, 'en')).toBe('1 business day');
  });
});

describe('what replaced the unbacked promises', () => {
  it('the academic deadline: with no closing date, proposals are received while the form is open', async () => {
    vi.stubEnv('NEXT_PUBLIC_ACADEMIC_GRANTS_CLOSES', '');
    const { academicGrantsPage } = await import('@/content/grantRounds');
    const deadline = JSON.stringify(academicGrantsPage.sections.find((section) => section.id === 'deadline'));
    expect(deadline).toContain('recibimos propuestas mientras el formulario de solicitud esté abierto');
    expect(JSON.stringify(academicGrantsPage)).not.toMatch(/fecha límite de la ronda se publica|antes de la fecha límite/);
  });

  it('the academic deadline: with a closing date, the date in Spanish, in the deadline and in the steps', async () => {
    vi.stubEnv('NEXT_PUBLIC_ACADEMIC_GRANTS_CLOSES', '2099-06-11');
    const { academicGrantsPage } = await import('@/content/grantRounds');
    const section = (id: string) => JSON.stringify(academicGrantsPage.sections.find((entry) => entry.id === id));
    expect(section('deadline')).toContain('Recibimos propuestas hasta el 11 de junio de 2099.');
    expect(section('submit-proposal')).toContain('hasta el 11 de junio de 2099');
  });

  it('the devcon support beyond money is the deployer’s words, and absent unless set', async () => {
    vi.stubEnv('NEXT_PUBLIC_DEVCON_GRANTS_OTHER_SUPPORT', '');
    const unset = await import('@/content/grantRounds');
    expect(JSON.stringify(unset.devconGrantsPage)).not.toContain('además de dinero');
    vi.resetModules();
    vi.stubEnv('NEXT_PUBLIC_DEVCON_GRANTS_OTHER_SUPPORT', 'Difusión en nuestras redes.');
    const set = await import('@/content/grantRounds');
    expect(JSON.stringify(set.devconGrantsPage)).toContain('"¿Qué tipo de apoyo ofrecen además de dinero?","answer":["Difusión en nuestras redes."]');
  });

  it('/about/ says once who funds what, from the configuration', async () => {
    vi.stubEnv('NEXT_PUBLIC_FOUNDATION_NAME', 'Fundación Ejemplo');
    vi.stubEnv('NEXT_PUBLIC_FOUNDATION_SPONSORS', 'academic-grants,devcon-grants');
    const { aboutPages } = await import('@/content/about');
    const funding = JSON.stringify(aboutPages.grants.sections.find((section) => section.id === 'quien-financia'));
    expect(funding).toContain('Los programas Academic Grants y Devcon Grants los patrocina la Fundación Ejemplo');
    vi.resetModules();
    vi.stubEnv('NEXT_PUBLIC_FOUNDATION_SPONSORS', 'becas');
    await expect(import('@/config/programmes')).rejects.toThrow(/NEXT_PUBLIC_FOUNDATION_SPONSORS/);
  });

  it('the devcon relation field has its own help, not the project description’s', async () => {
    const { devconGrants } = await import('@/forms/definitions/devconGrants');
    const { projectGrants } = await import('@/forms/definitions/projectGrants');
    const help = (definition: typeof devconGrants) => definition.fields.find((field) => field.name === 'projectDescription')?.help;
    expect(devconGrants.fields.find((field) => field.name === 'projectDescription')?.label).toBe('How does the event relate to Devcon?');
    expect(help(devconGrants)).not.toBe(help(projectGrants));
  });
});
