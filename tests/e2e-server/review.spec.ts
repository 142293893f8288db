/**
 * The review workflow end to end, in Chromium against `npm start`'s server on PostgreSQL with the local SMTP
 * sink as its mail server: an applicant sends a project grant; a reviewer takes it into review,
 * adds a note, approves it and sends the previewed decision email; an admin issues the grantee ID,
 * which arrives by email; the grantee sends payment details with it through the public finance
 * form; the finance member reads them on the application, while the reviewer is refused them by
 * the API and sees no trace of them in the page. Then a pg_dump of the cluster must not show the
 * IBAN or the wallet address in clear. Axe runs on each new state of the application page.
 *
 * Each member signs in from their own browser context with their own virtual authenticator.
 * With REVIEW_EMAILS_OUT set, the two emails as received are written there; with
 * REVIEW_SCREENSHOTS_DIR, the application page (history and notes) at 1280 and 375 px.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { formDefinitions, type FormValues } from '../../src/forms/definitions';
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from '../api/support/smtpSink';
import { projectGrantsSample } from '../unit/forms/components/samples';
import { expect, expectNoAxeViolations, gotoHydrated, test } from '../e2e/fixtures';
import { fill } from '../e2e/forms-support';
import { enrolledMember as enrolMember, saveScreenshots, startTeamServer, submitProjectGrant, type TeamServer } from './teamSupport';

// Their own ports (E2E_REVIEW_PORT, E2E_REVIEW_POSTGRES_PORT), so this spec can run beside the others.
const SERVER_PORT = Number(process.env.E2E_REVIEW_PORT) || 3198;
const POSTGRES_PORT = Number(process.env.E2E_REVIEW_POSTGRES_PORT) || 3199;
const ORIGIN = `http://localhost:${SERVER_PORT}`;
const PG_DUMP = '/usr/lib/postgresql/15/bin/pg_dump';
/** The server's payment-details key in this test (32 bytes of 0x2a, base64). */
const FINANCE_KEY = `review:${Buffer.alloc(32, 42).toString('base64')}`;

/** Payment details easy to spot in a page or a dump. */
const IBAN = 'DE89370400440532013000';
const WALLET = '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359';

let teamServer: TeamServer;
let smtp: SmtpSink;

test.describe.configure({ mode: 'serial', timeout: 900_000 });

test.beforeAll(async () => {
  smtp = await startSmtpSink();
  teamServer = await startTeamServer({
    serverPort: SERVER_PORT,
    postgresPort: POSTGRES_PORT,
    name: 'review',
    env: { FINANCE_ENCRYPTION_KEY: FINANCE_KEY, SMTP_URL: smtp.url, MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '500' },
  });
});

test.afterAll(async () => {
  await teamServer?.stop();
  await smtp?.close();
});

/** A member invited by the CLI, enrolled with a passkey in a browser context of their own. */
const enrolledMember = (browser: Browser, email: string, role: 'admin' | 'reviewer' | 'finance'): Promise<Page> => enrolMember(browser, teamServer, email, role);

/** The one email the sink received with this subject (the outbox sends within a second or so). */
async function emailWithSubject(subject: string | RegExp): Promise<ReceivedEmail> {
  const matches = (email: ReceivedEmail) => (typeof subject === 'string' ? email.headers.subject === subject : subject.test(email.headers.subject ?? ''));
  await expect.poll(() => smtp.received.filter(matches).length, { timeout: 60_000, message: `an email with subject ${subject}` }).toBe(1);
  return smtp.received.find(matches)!;
}

const asReceived = (email: ReceivedEmail): string =>
  [`To: ${email.headers.to}`, `From: ${email.headers.from}`, `Subject: ${email.headers.subject}`, `Date: ${email.headers.date}`, '', email.text.trimEnd()].join('\n');

const screenshots = (page: Page, name: string) => saveScreenshots(page, process.env.REVIEW_SCREENSHOTS_DIR, name);

/** The public grantee finance form, sent with the ID from the email; it reads the details back before sending. */
async function submitPaymentDetails(page: Page, values: FormValues): Promise<void> {
  const definition = formDefinitions['grantee-finance'];
  await gotoHydrated(page, `${ORIGIN}/applicants/grantee-finance/`);
  await fill(page, definition, values);
  await page.getByRole('button', { name: definition.submitLabel }).click();
  await page.getByRole('button', { name: /Confirm and send/ }).click();
  await page.waitForURL(/\/applicants\/grantee-finance\/thank-you\/$/);
}

test('from application to payment details: review, decision email, grantee ID, payment details for finance only, nothing in clear in a dump', async ({ page, browser }) => {
  const applicantEmail = projectGrantsSample.email!;

  await test.step('1. an applicant sends a project grant through the public form', async () => {
    await submitProjectGrant(page, ORIGIN, Buffer.from('%PDF-1.4 propuesta para revisión'));
  });

  const reviewer = await enrolledMember(browser, 'revision@ejemplo.org', 'reviewer');
  const row = reviewer.getByRole('row').filter({ hasText: 'Ana Pérez' });
  const reference = (await row.getByRole('link').textContent())!;
  expect(reference).toMatch(/^PG-\d{6}$/);
  const detailUrl = `${ORIGIN}/equipo/solicitud/?id=${reference}`;
  const history = reviewer.getByRole('region', { name: 'Historial' });
  const status = reviewer.getByRole('region', { name: 'Estado' });
  let decisionSubject = '';
  const admin = await enrolledMember(browser, 'coordinacion@ejemplo.org', 'admin');

  await test.step('2. a reviewer takes it into review and adds a note; an admin approves it with a reason; the reviewer sends the previewed decision email', async () => {
    await expect(row).toContainText('Recibida');
    await expect(row).toContainText('Sin asignar');
    await row.getByRole('link', { name: reference }).click();
    await reviewer.waitForURL(detailUrl);
    await expect(status).toContainText('Recibida');
    await expect(history.getByRole('listitem')).toHaveText([/^Recibida por el formulario público/]);
    await expectNoAxeViolations(reviewer);

    await reviewer.getByRole('button', { name: 'Pasar a En revisión' }).click();
    await expect(status.getByText('La solicitud pasó a En revisión.')).toBeVisible();
    await expect(status).toContainText(/^EstadoEn revisión/);
    await expect(history.getByRole('listitem')).toHaveText([/^Recibida por el formulario público/, /^De Recibida → a En revisión.*revision@ejemplo\.org$/]);

    const notes = reviewer.getByRole('region', { name: 'Notas internas' });
    await expect(notes).toContainText('Solo las ve el equipo');
    await notes.getByLabel('Nueva nota interna').fill('Presupuesto razonable; el repositorio ya tiene pruebas.');
    await notes.getByRole('button', { name: 'Agregar nota' }).click();
    await expect(notes.getByRole('listitem')).toHaveText([/revision@ejemplo\.org · .*Presupuesto razonable; el repositorio ya tiene pruebas\./]);
    await expectNoAxeViolations(reviewer);

    // Approving takes a reason from the programme's list: the admin's decision, not a status button.
    await expect(status.getByRole('button', { name: 'Marcar como Aprobada' })).toHaveCount(0);
    await gotoHydrated(admin, detailUrl);
    const decide = admin.getByRole('region', { name: 'Decisión' });
    await decide.getByRole('radio', { name: 'Aprobar' }).check();
    await decide.getByLabel('Motivo').selectOption({ index: 1 });
    await decide.getByRole('button', { name: 'Registrar la decisión' }).click();
    await expect(admin.getByRole('region', { name: 'Estado' })).toContainText(/^EstadoAprobada/);
    await gotoHydrated(reviewer, detailUrl);
    await expect(status).toContainText(/^EstadoAprobada/);
    await expect(history.getByRole('listitem')).toHaveCount(3);
    await expect(history.getByRole('listitem').nth(2)).toContainText('Motivo: ');

    // The send button appears only with the preview, and sends what the preview shows.
    await expect(reviewer.getByRole('button', { name: 'Enviar el correo' })).toHaveCount(0);
    await reviewer.getByRole('button', { name: 'Ver el correo de decisión' }).click();
    const preview = reviewer.getByRole('region', { name: 'Vista previa del correo de decisión' });
    await expect(preview).toContainText(`Para${applicantEmail}`);
    decisionSubject = (await preview.locator('dt', { hasText: 'Asunto' }).locator('xpath=following-sibling::dd[1]').textContent())!;
    expect(decisionSubject).toBe(`Tu solicitud a Project Grants fue aprobada (${reference})`);
    const previewedText = (await preview.locator('pre').textContent())!;
    await expectNoAxeViolations(reviewer);
    await preview.getByRole('button', { name: 'Enviar el correo' }).click();
    await expect(reviewer.getByText(`Pusimos el correo para ${applicantEmail} en la cola de envío.`)).toBeVisible();

    const decision = await emailWithSubject(decisionSubject);
    expect(decision.envelopeTo).toEqual([applicantEmail]);
    expect(decision.text.trimEnd()).toBe(previewedText.trimEnd());
    expect(decision.text).toContain(`Número de referencia: ${reference}`);
    await expect(reviewer.getByRole('list', { name: 'Correos de decisión enviados' })).toContainText('Aprobada: puesto en cola por revision@ejemplo.org');
    await expect(reviewer.getByText('El correo de esta decisión ya se envió.')).toBeVisible();
    if (process.env.REVIEW_EMAILS_OUT) fs.writeFileSync(process.env.REVIEW_EMAILS_OUT, `=== Decision email, as received by the SMTP sink ===\n${asReceived(decision)}\n`);
  });

  let securityId = '';

  await test.step('3. an admin issues the grantee ID, and the email carrying it arrives', async () => {
    await gotoHydrated(admin, detailUrl);
    const panel = admin.getByRole('region', { name: 'ID de seguridad (Security Grantee ID)' });
    await expect(panel).toContainText('Todavía no se emitió');
    await panel.getByRole('button', { name: 'Emitir el ID de seguridad (Security Grantee ID)' }).click();
    const confirm = panel.getByRole('group', { name: '¿Emitir el ID de seguridad (Security Grantee ID)?' });
    await expect(confirm).toContainText('El ID se enviará por correo a la persona solicitante');
    await expect(confirm).toContainText('el ID anterior queda revocado');
    await expectNoAxeViolations(admin);
    await confirm.getByRole('button', { name: 'Sí, emitir y enviar' }).click();
    await expect(panel).toContainText(/Emitido el .* por coordinacion@ejemplo\.org\. Se envió por correo/);

    const email = await emailWithSubject(`Tu ID de seguridad (Security Grantee ID) para Project Grants (${reference})`);
    expect(email.envelopeTo).toEqual([applicantEmail]);
    expect(email.text).toContain(`${ORIGIN}/applicants/grantee-finance/`);
    securityId = /\(Security Grantee ID\) para la solicitud [^\n]*:\n\n(\S+)\n/.exec(email.text)?.[1] ?? '';
    expect(securityId).not.toBe('');
    // Shown once, by email: never on the page, not even after a reload.
    await gotoHydrated(admin, detailUrl);
    await expect(panel).toContainText('Emitido el');
    expect(await admin.locator('body').textContent()).not.toContain(securityId);
    await expectNoAxeViolations(admin);
    await screenshots(admin, 'detail');
    if (process.env.REVIEW_EMAILS_OUT) fs.appendFileSync(process.env.REVIEW_EMAILS_OUT, `\n=== Grantee-ID email, as received by the SMTP sink ===\n${asReceived(email)}\n`);
  });

  await test.step('4. the grantee sends payment details with that ID through the public finance form: a wallet, then a bank account', async () => {
    await submitPaymentDetails(page, { paymentPreference: 'ETH/DAI', beneficiaryName: 'Ana Pérez', contactEmail: applicantEmail, tokenPreference: 'ETH', l2Payment: 'No', ethAddress: WALLET, granteeSecurityID: securityId });
    await submitPaymentDetails(page, {
      paymentPreference: 'Fiat',
      beneficiaryName: 'Ana Pérez',
      contactEmail: applicantEmail,
      beneficiaryAddress: 'Calle 10 # 5-20, Bogotá',
      bankName: 'Banco Ejemplo',
      bankAddress: 'Carrera 7 # 12-30, Bogotá',
      IBAN,
      SWIFTCode: 'COLOCOBMXXX',
      fiatCurrencyCode: 'EUR',
      granteeSecurityID: securityId,
    });
  });

  const finance = await enrolledMember(browser, 'finanzas@ejemplo.org', 'finance');
  let financeReference = '';

  await test.step('5a. the finance member reads both versions on the application, newest first', async () => {
    await gotoHydrated(finance, detailUrl);
    const payments = finance.getByRole('region', { name: 'Datos de pago' });
    const versions = payments.getByRole('article');
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0).getByRole('heading', { level: 3 })).toContainText(/^Versión 2 \(la más reciente\) · GF-\d{6}/);
    await expect(versions.nth(0)).toContainText(IBAN);
    await expect(versions.nth(1).getByRole('heading', { level: 3 })).toContainText(/^Versión 1 · GF-\d{6}/);
    await expect(versions.nth(1)).toContainText(WALLET);
    financeReference = /GF-\d{6}/.exec((await versions.nth(0).getByRole('heading', { level: 3 }).textContent())!)![0];
    await expectNoAxeViolations(finance);
    await screenshots(finance, 'detail-finance');
  });

  await test.step('5b. the reviewer is refused them by the API and sees no trace of them in the page', async () => {
    const answers = await reviewer.evaluate(
      async ({ reference: applicationId, financeReference: gf }) => {
        const detail = await fetch(`/api/team/applications/${applicationId}`);
        const body = await detail.text();
        return {
          list: (await fetch('/api/team/applications?form=grantee-finance')).status,
          export: (await fetch('/api/team/export?form=grantee-finance')).status,
          record: (await fetch(`/api/team/applications/${gf}`)).status,
          paymentDetails: (await fetch(`/api/team/applications/${applicationId}/payment-details`)).status,
          detail: detail.status,
          detailHasPayments: 'paymentDetails' in (JSON.parse(body) as object),
          body,
        };
      },
      { reference, financeReference },
    );
    expect(answers).toMatchObject({ paymentDetails: 403, list: 403, export: 403, record: 404, detail: 200, detailHasPayments: false });
    expect(answers.body).not.toContain(IBAN);
    expect(answers.body.toLowerCase()).not.toContain(WALLET);

    await gotoHydrated(reviewer, detailUrl);
    await expect(reviewer.getByRole('heading', { level: 1, name: `Solicitud ${reference}` })).toBeVisible();
    await expect(reviewer.getByRole('region', { name: 'Historial' })).toBeVisible();
    await expect(reviewer.getByRole('heading', { name: /Datos de pago/ })).toHaveCount(0);
    const text = (await reviewer.locator('body').textContent())!;
    expect(text).not.toContain(IBAN);
    expect(text.toLowerCase()).not.toContain(WALLET);
    expect(text).not.toContain(financeReference);
    await gotoHydrated(reviewer, `${ORIGIN}/equipo/solicitudes/`);
    await expect(reviewer.getByRole('tab', { name: 'Grantee Finance' })).toHaveCount(0);
    const listed = reviewer.getByRole('row').filter({ hasText: reference });
    await expect(listed).toContainText('Aprobada');
    // Nobody was assigned in this story: reviewers are assigned by an admin (scoring.spec.ts).
    await expect(listed).toContainText('Sin asignar');
    await listed.getByRole('checkbox', { name: `Seleccionar ${reference}` }).check();
    await expect(reviewer.getByRole('form', { name: 'Acciones con las seleccionadas' })).toContainText('1 solicitud seleccionada');
    await expectNoAxeViolations(reviewer);
    await screenshots(reviewer, 'inbox');
  });

  await test.step('dump check: pg_dump of the cluster shows neither the IBAN nor the wallet address (nor the grantee ID) in clear', async () => {
    const dump = execFileSync(PG_DUMP, ['--no-owner', teamServer.cluster.adminUrl], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    // The dump has the data: the application's answers are there in clear.
    expect(dump).toContain(projectGrantsSample.projectName);
    expect(dump).not.toContain(IBAN);
    expect(dump.toLowerCase()).not.toContain(WALLET);
    expect(dump).not.toContain(securityId);
  });

  for (const member of [reviewer, admin, finance]) await member.context().close();
});
