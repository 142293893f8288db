/**
 * The grant end to end, in Chromium against `npm start`'s server on PostgreSQL with the local SMTP
 * sink as its mail server: an admin approves a project grant with a reason and an amount and defines two
 * milestones; the grantee (signed in from the portal link in the email) reports on the first with
 * a file; a reviewer asks for changes, the grantee gets the email and sends a new version, the
 * reviewer accepts it; finance finds it under "Por pagar" on the Pagos page and records an ETH
 * payment with its transaction hash, checked against the payment details the grantee sent; the
 * grantee sees the payment; the second milestone passes its due date and reads Vencido on both
 * sides; the payments CSV holds the payment. Axe runs on each new view.
 *
 * The grant is created with the approval (the decision carries its amount). The due date passes the way time would: the grant and its milestones are moved back in the
 * database (the server compares due dates with the database's clock, which a test cannot move).
 * With GRANT_EMAILS_OUT set, the emails as received are written there; with GRANT_SCREENSHOTS_DIR,
 * the team's grant section and the grantee's milestones at 1280 and 375 px.
 */
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { formDefinitions, type FormValues } from '../../src/forms/definitions';
import { openPostgres, type Database } from '../../src/server/storage/database';
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from '../api/support/smtpSink';
import { projectGrantsSample } from '../unit/forms/components/samples';
import { expect, expectNoAxeViolations, gotoHydrated, test } from '../e2e/fixtures';
import { fill } from '../e2e/forms-support';
import { enrolledMember as enrolMember, saveScreenshots, startTeamServer, submitProjectGrant, type TeamServer } from './teamSupport';

// Their own ports (E2E_GRANT_PORT, E2E_GRANT_POSTGRES_PORT), so this spec can run beside the others.
const SERVER_PORT = Number(process.env.E2E_GRANT_PORT) || 3186;
const POSTGRES_PORT = Number(process.env.E2E_GRANT_POSTGRES_PORT) || 3187;
const ORIGIN = `http://localhost:${SERVER_PORT}`;
/** The server's payment-details key in this test (32 bytes of 0x27, base64). */
const FINANCE_KEY = `grant:${Buffer.alloc(32, 39).toString('base64')}`;
const APPLICANT = projectGrantsSample.email!;
const WALLET = '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359';
const TX_HASH = `0x${'5e'.repeat(32)}`;
const FIRST = 'Primera versión pública';
const SECOND = 'Auditoría externa';
const CHANGES = 'Falta el enlace a las pruebas automáticas y el informe de cobertura.';

let teamServer: TeamServer;
let smtp: SmtpSink;
let database: Database;

test.describe.configure({ mode: 'serial', timeout: 900_000 });

test.beforeAll(async () => {
  smtp = await startSmtpSink();
  teamServer = await startTeamServer({
    serverPort: SERVER_PORT,
    postgresPort: POSTGRES_PORT,
    name: 'grant',
    env: { FINANCE_ENCRYPTION_KEY: FINANCE_KEY, SMTP_URL: smtp.url, MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '500' },
  });
  database = await openPostgres(teamServer.cluster.adminUrl);
});

test.afterAll(async () => {
  await database?.close();
  await teamServer?.stop();
  await smtp?.close();
});

const enrolledMember = (browser: Browser, email: string, role: 'admin' | 'reviewer' | 'finance'): Promise<Page> => enrolMember(browser, teamServer, email, role);

/** The emails the sink received with this subject, once there are `count` of them. */
async function emailsWithSubject(subject: string | RegExp, count = 1): Promise<ReceivedEmail[]> {
  const matches = (email: ReceivedEmail) => (typeof subject === 'string' ? email.headers.subject === subject : subject.test(email.headers.subject ?? ''));
  await expect.poll(() => smtp.received.filter(matches).length, { timeout: 60_000, message: `${count} email(s) with subject ${subject}` }).toBe(count);
  return smtp.received.filter(matches);
}

const asReceived = (email: ReceivedEmail): string =>
  [`To: ${email.headers.to}`, `From: ${email.headers.from}`, `Subject: ${email.headers.subject}`, `Date: ${email.headers.date}`, '', email.text.trimEnd()].join('\n');

function keepEmail(title: string, email: ReceivedEmail): void {
  if (process.env.GRANT_EMAILS_OUT) fs.appendFileSync(process.env.GRANT_EMAILS_OUT, `=== ${title}, as received by the SMTP sink ===\n${asReceived(email)}\n\n`);
}

/** At 375 px the page does not scroll sideways: long links, hashes and file names wrap; wide tables scroll in their own box. */
async function expectFitsAPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const screenshots = (page: Page, name: string) => saveScreenshots(page, process.env.GRANT_SCREENSHOTS_DIR, name);

/** A calendar day `days` from today (UTC), as a date input takes it. */
const dayFromToday = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The public grantee finance form, sent with the ID from the email; it reads the details back before sending. */
async function submitPaymentDetails(page: Page, values: FormValues): Promise<void> {
  const definition = formDefinitions['grantee-finance'];
  await gotoHydrated(page, `${ORIGIN}/applicants/grantee-finance/`);
  await fill(page, definition, values);
  await page.getByRole('button', { name: definition.submitLabel }).click();
  await page.getByRole('button', { name: /Confirm and send/ }).click();
  await page.waitForURL(/\/applicants\/grantee-finance\/thank-you\/$/);
}

test('a grant from approval to its last payment: milestones, reports with changes asked, acceptance, an ETH payment, an overdue milestone, the CSV', async ({ page, browser }) => {
  if (process.env.GRANT_EMAILS_OUT) fs.writeFileSync(process.env.GRANT_EMAILS_OUT, '');
  const applicant = page;

  await test.step('1. an applicant sends a project grant through the public form', async () => {
    await submitProjectGrant(applicant, ORIGIN, Buffer.from('%PDF-1.4 propuesta'));
  });

  const admin = await enrolledMember(browser, 'coordinacion@ejemplo.org', 'admin');
  const reference = (await admin.getByRole('row').filter({ hasText: 'Ana Pérez' }).getByRole('link').first().textContent())!.trim();
  const detailUrl = `${ORIGIN}/equipo/solicitud/?id=${reference}`;
  const grantSection = (member: Page) => member.getByRole('region', { name: 'Beca', exact: true });

  await test.step('2. the admin takes it into review and approves it with a reason and an amount of USD 12.000: the grant exists', async () => {
    await gotoHydrated(admin, detailUrl);
    await admin.getByRole('button', { name: 'Pasar a En revisión' }).click();
    await expect(admin.getByRole('region', { name: 'Estado' })).toContainText(/^EstadoEn revisión/);
    const decide = admin.getByRole('region', { name: 'Decisión' });
    await decide.getByRole('radio', { name: 'Aprobar' }).check();
    await decide.getByLabel('Motivo').selectOption({ index: 1 });
    await expect(decide.getByLabel('Monto de la beca (opcional)')).toHaveAccessibleDescription(/Por ejemplo 12000 o 12\.000,00: el punto separa los miles y la coma, los decimales\.$/);
    // Twelve thousand with only the thousands point reads two ways: refused, not taken as USD 12,00.
    await decide.getByLabel('Monto de la beca (opcional)').fill('12.000');
    await decide.getByRole('button', { name: 'Registrar la decisión' }).click();
    await expect(decide.getByText('¿12.000 = doce mil? Escribe 12000 o 12.000,00; si son decimales, escribe 12,00.')).toBeVisible();
    await decide.getByLabel('Monto de la beca (opcional)').fill('12000.001');
    await decide.getByRole('button', { name: 'Registrar la decisión' }).click();
    await expect(decide.getByText('El monto admite como máximo 2 decimales en USD.')).toBeVisible();
    await expect(decide.getByLabel('Monto de la beca (opcional)')).toBeFocused();
    await expectNoAxeViolations(admin);
    // As the pages show it: read as twelve thousand, and said so before saving.
    await decide.getByLabel('Monto de la beca (opcional)').fill('12.000,00');
    await expect(decide.getByText('Se guardará como USD 12.000,00.')).toBeVisible();
    await decide.getByLabel('Moneda').selectOption('USD');
    await decide.getByRole('button', { name: 'Registrar la decisión' }).click();
    await expect(admin.getByText(/^La solicitud quedó aprobada \(motivo: .*\)\. Creamos la beca de USD 12\.000,00\. Ahora revisa/)).toBeFocused();
    await expect(admin.getByRole('region', { name: 'Estado' })).toContainText(/^EstadoAprobada/);
    const section = grantSection(admin);
    await expect(section.getByText('Monto aprobado', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('USD 12.000,00');
    await expect(section.getByText('Por pagar', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('USD 12.000,00');
    await expectNoAxeViolations(admin);
  });

  await test.step('3. the admin defines two milestones; the editor refuses amounts that do not add up', async () => {
    const section = grantSection(admin);
    await section.getByRole('button', { name: 'Definir los hitos' }).click();
    const first = section.getByRole('group', { name: 'Hito 1' });
    await first.getByLabel('Título').fill(FIRST);
    await first.getByLabel('Criterio de cumplimiento').fill('El monedero publicado en GitHub con pruebas automáticas.');
    await first.getByLabel('Fecha límite').fill(dayFromToday(30));
    await first.getByLabel('Monto (USD)').fill('5000');
    await section.getByRole('button', { name: 'Agregar un hito' }).click();
    const second = section.getByRole('group', { name: 'Hito 2' });
    await second.getByLabel('Título').fill(SECOND);
    await second.getByLabel('Criterio de cumplimiento').fill('El informe de una auditoría externa publicado.');
    await second.getByLabel('Fecha límite').fill(dayFromToday(60));
    await second.getByLabel('Monto (USD)').fill('6000');
    await expect(section.getByText(/^Suma de los hitos:/)).toHaveText('Suma de los hitos: USD 11.000,00 de USD 12.000,00 aprobados (faltan USD 1.000,00).');
    await section.getByRole('button', { name: 'Guardar los hitos' }).click();
    await expect(section.getByRole('alert')).toBeFocused();
    await expectNoAxeViolations(admin);
    await second.getByLabel('Monto (USD)').fill('7000');
    await section.getByRole('button', { name: 'Guardar los hitos' }).click();
    await expect(section.getByText('Guardamos los 2 hitos de la beca.')).toBeFocused();
    const milestones = section.getByRole('list', { name: 'Hitos de la beca' });
    await expect(milestones.getByRole('heading', { level: 4 })).toHaveText([`Hito 1: ${FIRST}Pendiente`, `Hito 2: ${SECOND}Pendiente`]);
    await expectNoAxeViolations(admin);
  });

  await test.step('4. the admin issues the grantee ID; the grantee sends a wallet through the finance form', async () => {
    const panel = admin.getByRole('region', { name: 'ID de seguridad (Security Grantee ID)' });
    await panel.getByRole('button', { name: 'Emitir el ID de seguridad (Security Grantee ID)' }).click();
    await panel.getByRole('button', { name: 'Sí, emitir y enviar' }).click();
    const [email] = await emailsWithSubject(`Tu ID de seguridad (Security Grantee ID) para Project Grants (${reference})`);
    const securityId = /\(Security Grantee ID\) para la solicitud [^\n]*:\n\n(\S+)\n/.exec(email!.text)?.[1] ?? '';
    expect(securityId).not.toBe('');
    await submitPaymentDetails(applicant, { paymentPreference: 'ETH/DAI', beneficiaryName: 'Ana Pérez', contactEmail: APPLICANT, tokenPreference: 'ETH', l2Payment: 'No', ethAddress: WALLET, granteeSecurityID: securityId });
  });

  const grantPage = `${ORIGIN}/mi-solicitud/solicitud/?ref=${reference}`;
  const grantee = (member: Page) => member.getByRole('region', { name: 'Tu beca' });
  const granteeMilestone = (title: string) => grantee(applicant).getByRole('listitem').filter({ has: applicant.getByRole('heading', { level: 4, name: new RegExp(title) }) });

  await test.step('5. the grantee signs in from the portal link and reports on the first milestone with a file', async () => {
    await gotoHydrated(applicant, `${ORIGIN}/mi-solicitud/`);
    await applicant.getByLabel('Tu correo electrónico').fill(APPLICANT);
    await applicant.getByRole('button', { name: 'Enviarme el enlace' }).click();
    const [linkEmail] = await emailsWithSubject(/^Tu enlace para ver tus solicitudes en /);
    const link = new RegExp(`${ORIGIN}/mi-solicitud/entrar/#[A-Za-z0-9_-]{43}`).exec(linkEmail!.text)?.[0];
    expect(link, linkEmail!.text).toBeDefined();
    await applicant.goto(link!);
    await applicant.waitForURL(`${ORIGIN}/mi-solicitud/`);
    await gotoHydrated(applicant, grantPage);

    const region = grantee(applicant);
    await expect(region).toContainText('Monto aprobadoUSD 12.000,00');
    await expect(granteeMilestone(FIRST).getByRole('heading', { level: 4 })).toHaveText(`Hito 1: ${FIRST}Pendiente`);
    await expectNoAxeViolations(applicant);

    await region.getByRole('button', { name: 'Enviar el informe del hito 1' }).click();
    const form = region.getByRole('form', { name: `Informe del hito 1: ${FIRST}` });
    await expect(form.getByRole('heading', { name: `Informe del hito 1: ${FIRST}` })).toBeFocused();
    await form.getByLabel('Tu informe').fill('Publicamos la primera versión del monedero, con su documentación.');
    await form.getByLabel('Enlaces (opcional)').fill('https://github.com/ejemplo/monedero');
    await form.locator('#field-file').setInputFiles({ name: 'avance hito 1.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 avance del hito uno') });
    await expect(form.getByTestId('uploaded-file')).toHaveText('avance hito 1.pdf');
    await expectNoAxeViolations(applicant);
    await form.getByRole('button', { name: 'Enviar el informe' }).click();
    await expect(applicant.getByText(/^Recibimos tu informe del hito 1\./)).toBeFocused();
    await expect(granteeMilestone(FIRST).getByRole('heading', { level: 4 })).toHaveText(`Hito 1: ${FIRST}Entregado`);
    await expect(granteeMilestone(FIRST)).toContainText('Archivo: avance hito 1.pdf');
  });

  const reviewer = await enrolledMember(browser, 'revision@ejemplo.org', 'reviewer');

  await test.step('6. a reviewer reads the report with its file and asks for changes; the grantee gets the email', async () => {
    await gotoHydrated(reviewer, detailUrl);
    const section = grantSection(reviewer);
    const reports = section.getByRole('list', { name: 'Informes del hito 1' });
    await expect(reports).toContainText('Publicamos la primera versión del monedero');
    const href = (await reports.getByRole('link', { name: 'Descargar avance hito 1.pdf' }).getAttribute('href'))!;
    const file = await reviewer.evaluate(async (path) => {
      const response = await fetch(path);
      return { status: response.status, text: await response.text() };
    }, href);
    expect(file).toEqual({ status: 200, text: '%PDF-1.4 avance del hito uno' });
    const review = section.getByRole('group', { name: 'Revisar la versión 1 del hito 1' });
    await review.getByLabel(/Comentario para la persona beneficiaria/).fill(CHANGES);
    await expectNoAxeViolations(reviewer);
    await review.getByRole('button', { name: 'Pedir cambios' }).click();
    await expect(section.getByText(/^Pediste cambios en el hito 1\./)).toBeFocused();
    await expect(section.getByRole('heading', { level: 4, name: new RegExp(FIRST) })).toContainText('Con cambios pedidos');

    const [email] = await emailsWithSubject(`Te pedimos cambios en tu informe del hito «${FIRST}» (${reference})`);
    expect(email!.envelopeTo).toEqual([APPLICANT]);
    expect(email!.text).toContain(CHANGES);
    expect(email!.text.trimEnd()).toMatch(new RegExp(`${ORIGIN.replace(/[.]/g, '\\.')}/mi-solicitud/$`));
    keepEmail('Changes asked', email!);
  });

  await test.step('7. the grantee reads the comment and sends a second version', async () => {
    await gotoHydrated(applicant, grantPage);
    const milestone = granteeMilestone(FIRST);
    await expect(milestone.getByRole('heading', { level: 4 })).toHaveText(`Hito 1: ${FIRST}Con cambios pedidos`);
    await expect(milestone).toContainText(CHANGES);
    await expectNoAxeViolations(applicant);
    await milestone.getByRole('button', { name: 'Enviar una nueva versión del informe del hito 1' }).click();
    const form = grantee(applicant).getByRole('form', { name: `Informe del hito 1: ${FIRST}` });
    await form.getByLabel('Tu informe').fill('Agregamos las pruebas automáticas y el informe de cobertura (92 %).');
    await form.getByLabel('Enlaces (opcional)').fill('https://github.com/ejemplo/monedero/actions\nhttps://ejemplo.org/cobertura');
    await form.getByRole('button', { name: 'Enviar el informe' }).click();
    await expect(applicant.getByText(/^Recibimos tu informe del hito 1\./)).toBeFocused();
    const versions = milestone.getByRole('list', { name: 'Tus informes del hito 1' });
    await expect(versions.locator(':scope > li')).toHaveCount(2);
    await expect(milestone.getByRole('heading', { level: 4 })).toHaveText(`Hito 1: ${FIRST}Entregado`);
  });

  await test.step('8. the reviewer accepts the second version; the grantee gets the email', async () => {
    await gotoHydrated(reviewer, detailUrl);
    const section = grantSection(reviewer);
    await expect(section.getByRole('list', { name: 'Informes del hito 1' }).locator(':scope > li')).toHaveCount(2);
    await section.getByRole('group', { name: 'Revisar la versión 2 del hito 1' }).getByRole('button', { name: 'Aceptar' }).click();
    await expect(section.getByText(/^Aceptaste el informe del hito 1\./)).toBeFocused();
    await expect(section.getByRole('heading', { level: 4, name: new RegExp(FIRST) })).toContainText('Aceptado');
    const [email] = await emailsWithSubject(`Aceptamos tu informe del hito «${FIRST}» (${reference})`);
    expect(email!.envelopeTo).toEqual([APPLICANT]);
    keepEmail('Report accepted', email!);
  });

  const finance = await enrolledMember(browser, 'finanzas@ejemplo.org', 'finance');

  await test.step('9. finance finds the milestone under "Por pagar" and records an ETH payment with its hash', async () => {
    await gotoHydrated(finance, `${ORIGIN}/equipo/pagos/`);
    const due = finance.getByRole('region', { name: 'Por pagar' });
    const row = due.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText(FIRST);
    await expectNoAxeViolations(finance);
    await row.getByRole('button', { name: `Registrar pago del hito 1 de ${reference}` }).click();
    const form = due.getByRole('form', { name: new RegExp(`Registrar pago: ${reference}`) });
    await form.getByLabel('ETH', { exact: true }).check();
    await form.getByLabel('Monto pagado').fill('1.6');
    await form.getByLabel('Valor en USD').fill('5000');
    await form.getByLabel('Tipo de cambio usado').fill('3125 USD/ETH');
    await form.getByLabel('Fecha del pago').fill(dayFromToday(0));
    await form.getByLabel('Referencia').fill(TX_HASH);
    await form.getByLabel('Destino').fill(WALLET);
    await screenshots(finance, 'pagos-registrar');
    await form.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(due.getByRole('status').filter({ hasText: /pago/i })).toBeFocused();
    await expect(due.getByRole('row').filter({ hasText: reference })).toHaveCount(0);
    await expectNoAxeViolations(finance);

    await gotoHydrated(finance, detailUrl);
    const payments = grantSection(finance).getByRole('table', { name: 'Pagos de la beca' });
    await expect(payments.getByRole('row').nth(1)).toContainText(TX_HASH);
    await expect(grantSection(finance).getByText('Pagado', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('USD 5.000,00');
  });

  await test.step('10. the grantee sees the payment with its transaction hash', async () => {
    await gotoHydrated(applicant, grantPage);
    const received = grantee(applicant).getByRole('list', { name: 'Pagos recibidos' });
    await expect(received).toContainText('ETH 1,6 el');
    await expect(received).toContainText(`Hito 1: ${FIRST}`);
    await expect(received).toContainText(TX_HASH);
    await expect(grantee(applicant)).toContainText('RecibidoUSD 5.000,00');
    await expect(grantee(applicant)).toContainText('Por recibirUSD 7.000,00');
    await expect(granteeMilestone(FIRST).getByRole('heading', { level: 4 })).toHaveText(`Hito 1: ${FIRST}Aceptado`);
    expect(await applicant.locator('body').textContent()).not.toContain(WALLET);
  });

  await test.step('11. two months pass: the second milestone is past its due date and reads Vencido on both sides', async () => {
    // What two months do to the stored dates: the grant was created, and the milestone fell due, in the past.
    await database.query("UPDATE grants SET created_at = created_at - interval '90 days'");
    await database.query("UPDATE grant_milestones SET due_date = (now() AT TIME ZONE 'UTC')::date - 1 WHERE title = $1", [SECOND]);

    await gotoHydrated(applicant, grantPage);
    await expect(granteeMilestone(SECOND).getByRole('heading', { level: 4 })).toHaveText(`Hito 2: ${SECOND}Vencido`);
    await expect(granteeMilestone(SECOND).getByRole('button', { name: 'Enviar el informe del hito 2' })).toBeVisible();
    await expectNoAxeViolations(applicant);
    await expectFitsAPhone(applicant);
    await screenshots(applicant, 'beneficiario-hitos');

    await gotoHydrated(admin, detailUrl);
    await expect(grantSection(admin).getByRole('heading', { level: 4, name: new RegExp(SECOND) })).toContainText('Vencido');
    await expectNoAxeViolations(admin);
    await expectFitsAPhone(admin);
    await screenshots(admin, 'equipo-beca');
  });

  await test.step('12. the payments CSV holds the payment', async () => {
    const csv = await finance.evaluate(async () => {
      const response = await fetch('/api/team/payments.csv');
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
    });
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    const rows = csv.text.trim().split(/\r?\n/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(reference);
    expect(rows[1]).toContain(TX_HASH);
    expect(rows[1]).toContain(FIRST);
    expect(csv.text).not.toContain(WALLET);
  });

  await test.step("13. the grant completed: on a phone the team's payments table scrolls in a box the keyboard reaches and axe names", async () => {
    // What accepting the last milestone does to the grant (markCompleted), without reporting on it again here.
    await database.query("UPDATE grants SET state = 'completed', state_changed_at = now()");
    await admin.setViewportSize({ width: 375, height: 812 });
    await gotoHydrated(admin, detailUrl);
    await expect(grantSection(admin)).toContainText('Completada');
    const table = grantSection(admin).getByRole('table', { name: 'Pagos de la beca' });
    await expect(table).toBeVisible();
    // Wider than its box: there is something to scroll, so axe's rule has this box to check.
    const box = table.locator('..');
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expectNoAxeViolations(admin, { applied: ['scrollable-region-focusable'] });
    // The box is a region named like its table, and the keyboard scrolls it.
    await expect(grantSection(admin).getByRole('region', { name: 'Pagos de la beca' })).toContainText('Hito 1');
    await box.focus();
    await admin.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await screenshots(admin, 'equipo-beca-completada');
    await admin.setViewportSize({ width: 1280, height: 800 });
  });

  await Promise.all([admin.context().close(), reviewer.context().close(), finance.context().close()]);
});
