/**
 * The applicant portal end to end, in Chromium against `npm start`'s server on PostgreSQL with the
 * local SMTP sink as its mail server: an applicant sends two project grants through the public
 * form, asks for a link at /mi-solicitud/, opens it from the email and sees both Recibida; a
 * reviewer (virtual authenticator) asks for information on the first; the applicant gets the
 * question by email and answers it with a file; the reviewer sees the answer and its file, approves
 * with a message and sends the decision email; the applicant sees Aprobada with the message and
 * rates the process, which the team then sees. The second application is withdrawn. Axe runs on
 * each state of the applicant's page.
 *
 * With APPLICANT_EMAILS_OUT set, the emails as received are written there; with
 * APPLICANT_SCREENSHOTS_DIR, the detail page at 1280 and 375 px in its three states.
 */
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { site } from '../../src/config/site';
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from '../api/support/smtpSink';
import { projectGrantsSample } from '../unit/forms/components/samples';
import { expect, expectNoAxeViolations, gotoHydrated, test } from '../e2e/fixtures';
import { allowRefusals, enrolledMember as enrolMember, saveScreenshots, startTeamServer, submitProjectGrant, type TeamServer } from './teamSupport';

// Their own ports (E2E_APPLICANT_PORT, E2E_APPLICANT_POSTGRES_PORT), so this spec can run beside the others.
const SERVER_PORT = Number(process.env.E2E_APPLICANT_PORT) || 3192;
const POSTGRES_PORT = Number(process.env.E2E_APPLICANT_POSTGRES_PORT) || 3193;
const ORIGIN = `http://localhost:${SERVER_PORT}`;
const APPLICANT = projectGrantsSample.email!;
const LINK_SENT = /^Te enviamos un enlace para entrar, si esa dirección tiene solicitudes con nosotros\./;
const QUESTION = '¿Puedes detallar el presupuesto mes a mes, con lo que cuesta la auditoría?';
const ANSWER = 'Claro: 1.500 USD al mes durante seis meses; la auditoría (4.000 USD) va en el cuarto mes. Adjunto el detalle.';
const MESSAGE = 'Felicitaciones: al comité le convenció el plan de pruebas. Te escribiremos para coordinar el primer pago.';

let teamServer: TeamServer;
let smtp: SmtpSink;

test.describe.configure({ mode: 'serial', timeout: 900_000 });

test.beforeAll(async () => {
  smtp = await startSmtpSink();
  teamServer = await startTeamServer({
    serverPort: SERVER_PORT,
    postgresPort: POSTGRES_PORT,
    name: 'applicant',
    env: { SMTP_URL: smtp.url, MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '500' },
  });
});

test.afterAll(async () => {
  await teamServer?.stop();
  await smtp?.close();
});

const enrolledMember = (browser: Browser, email: string, role: 'admin' | 'reviewer'): Promise<Page> => enrolMember(browser, teamServer, email, role);

/** The emails the sink received with this subject, once there are `count` of them. */
async function emailsWithSubject(subject: string | RegExp, count = 1): Promise<ReceivedEmail[]> {
  const matches = (email: ReceivedEmail) => (typeof subject === 'string' ? email.headers.subject === subject : subject.test(email.headers.subject ?? ''));
  await expect.poll(() => smtp.received.filter(matches).length, { timeout: 60_000, message: `${count} email(s) with subject ${subject}` }).toBe(count);
  return smtp.received.filter(matches);
}

const asReceived = (email: ReceivedEmail): string =>
  [`To: ${email.headers.to}`, `From: ${email.headers.from}`, `Subject: ${email.headers.subject}`, `Date: ${email.headers.date}`, '', email.text.trimEnd()].join('\n');

function keepEmail(title: string, email: ReceivedEmail): void {
  if (process.env.APPLICANT_EMAILS_OUT) fs.appendFileSync(process.env.APPLICANT_EMAILS_OUT, `=== ${title}, as received by the SMTP sink ===\n${asReceived(email)}\n\n`);
}

const screenshots = (page: Page, name: string) => saveScreenshots(page, process.env.APPLICANT_SCREENSHOTS_DIR, name);

/** Every email to an applicant ends with the portal's address, never a token. */
function endsWithPortalLink(email: ReceivedEmail): void {
  expect(email.text.trimEnd()).toMatch(new RegExp(`${ORIGIN.replace(/[.]/g, '\\.')}/mi-solicitud/$`));
}

test('the applicant inside the loop: link, status, a question answered with a file, decision with a message, rating; a second application withdrawn', async ({ page, browser, consoleErrors }) => {
  allowRefusals(consoleErrors, 410, 'the emailed link is opened again after use and the server refuses it');
  consoleErrors.allow(/status of 404.*\/api\/applicant\/applications\/[A-Z]+-\d+\/grant:/, 'approved without a grant yet: the page asks for the grant, the server answers 404 and the page shows none');
  if (process.env.APPLICANT_EMAILS_OUT) fs.writeFileSync(process.env.APPLICANT_EMAILS_OUT, '');

  await test.step('1. an applicant sends two project grants through the public form', async () => {
    await submitProjectGrant(page, ORIGIN, Buffer.from('%PDF-1.4 propuesta uno'));
    await submitProjectGrant(page, ORIGIN, Buffer.from('%PDF-1.4 propuesta dos'));
  });

  // The applicant's browser is the one that sent the forms (the fixture's page, whose console is watched).
  const applicant = page;
  let first = '';
  let second = '';

  await test.step('2. the applicant asks for a link (the same answer as for an unknown address), opens it from the email and sees both Recibida', async () => {
    await gotoHydrated(applicant, `${ORIGIN}/mi-solicitud/`);
    await expect(applicant.getByRole('heading', { level: 1, name: 'Mi solicitud' })).toBeVisible();
    const email = applicant.getByLabel('Tu correo electrónico');
    await expect(email).toBeVisible();
    await expectNoAxeViolations(applicant);
    await email.fill('nadie@ejemplo.org');
    await applicant.getByRole('button', { name: 'Enviarme el enlace' }).click();
    const unknownAnswer = (await applicant.getByRole('status').filter({ hasText: LINK_SENT }).textContent())!;
    await email.fill(APPLICANT);
    await applicant.getByRole('button', { name: 'Enviarme el enlace' }).click();
    await expect(applicant.getByRole('status').filter({ hasText: LINK_SENT })).toHaveText(unknownAnswer);
    await expectNoAxeViolations(applicant);

    const [linkEmail] = await emailsWithSubject(`Tu enlace para ver tus solicitudes en ${site.brand}`);
    expect(linkEmail!.envelopeTo).toEqual([APPLICANT]);
    expect(smtp.received.filter((received) => received.envelopeTo.includes('nadie@ejemplo.org')), 'nothing goes to an address without applications').toHaveLength(0);
    keepEmail('Link email', linkEmail!);
    const link = new RegExp(`${ORIGIN}/mi-solicitud/entrar/#[A-Za-z0-9_-]{43}`).exec(linkEmail!.text)?.[0];
    expect(link, linkEmail!.text).toBeDefined();

    await applicant.goto(link!);
    await applicant.waitForURL(`${ORIGIN}/mi-solicitud/`);
    const cards = applicant.getByRole('list', { name: 'Tus solicitudes' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Recibida');
    await expect(cards.nth(1)).toContainText('Recibida');
    await expect(cards.nth(0)).toContainText(projectGrantsSample.projectName!);
    second = /PG-\d{6}/.exec((await cards.nth(0).textContent())!)![0];
    first = /PG-\d{6}/.exec((await cards.nth(1).textContent())!)![0];
    expect(first < second).toBe(true);
    await expect(applicant.getByText(`Entraste como ${APPLICANT}`)).toBeVisible();
    await expectNoAxeViolations(applicant);

    // The link was single use: opened again, it offers a new one.
    const again = await applicant.context().newPage();
    await again.goto(link!);
    await expect(again.getByRole('heading', { level: 1, name: 'Este enlace ya no sirve' })).toBeVisible();
    await again.close();

    await cards.nth(1).getByRole('link').click();
    await applicant.waitForURL(`${ORIGIN}/mi-solicitud/solicitud/?ref=${first}`);
    await expect(applicant.getByRole('heading', { level: 2, name: 'Estado: Recibida' })).toBeVisible();
    await expect(applicant.getByRole('list', { name: 'Estado de la solicitud' }).getByRole('listitem')).toHaveText([/^Recibida \(estado actual\)/, /^DecisiónPendiente/]);
    await expect(applicant.getByRole('region', { name: 'Lo que enviaste' })).toContainText(projectGrantsSample.projectDescription!);
    await expect(applicant.getByRole('region', { name: 'Lo que enviaste' })).toContainText('propuesta final.pdf');
    await expectNoAxeViolations(applicant);
    await screenshots(applicant, 'detalle-recibida');
  });

  const reviewer = await enrolledMember(browser, 'revision@ejemplo.org', 'reviewer');
  const detailUrl = `${ORIGIN}/equipo/solicitud/?id=${first}`;

  await test.step('3. a reviewer asks for information: the question previewed as its email, then sent; the status is Información solicitada', async () => {
    await gotoHydrated(reviewer, detailUrl);
    const panel = reviewer.getByRole('region', { name: 'Pedir información' });
    await panel.getByLabel('Pregunta para la persona solicitante').fill(QUESTION);
    await panel.getByRole('button', { name: 'Ver el correo con la pregunta' }).click();
    const preview = panel.getByRole('region', { name: 'Vista previa del correo con la pregunta' });
    await expect(preview).toContainText(QUESTION);
    const previewed = (await preview.locator('pre').textContent())!;
    await expectNoAxeViolations(reviewer);
    await preview.getByRole('button', { name: 'Enviar la pregunta' }).click();
    await expect(reviewer.getByText('Enviamos la pregunta. La solicitud pasó a Información solicitada.')).toBeVisible();
    await expect(reviewer.getByRole('region', { name: 'Estado' })).toContainText('Información solicitada');

    const [question] = await emailsWithSubject(new RegExp(`^El equipo necesita más información .*\\(${first}\\)$`));
    expect(question!.envelopeTo).toEqual([APPLICANT]);
    expect(question!.text.trimEnd()).toBe(previewed.trimEnd());
    expect(question!.text).toContain(QUESTION);
    endsWithPortalLink(question!);
    keepEmail('Question email', question!);
  });

  await test.step('4. the applicant sees the question and answers it with a file; the status goes back to En revisión', async () => {
    await gotoHydrated(applicant, `${ORIGIN}/mi-solicitud/solicitud/?ref=${first}`);
    await expect(applicant.getByRole('heading', { level: 2, name: 'Estado: Información solicitada' })).toBeVisible();
    const questions = applicant.getByRole('region', { name: 'Preguntas del equipo' });
    await expect(questions).toContainText(QUESTION);
    await expectNoAxeViolations(applicant);
    await screenshots(applicant, 'detalle-informacion-solicitada');

    await questions.getByLabel('Tu respuesta').fill(ANSWER);
    await questions.locator('#field-file').setInputFiles({ name: 'presupuesto mensual.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 presupuesto mes a mes') });
    await expect(questions.getByTestId('uploaded-file')).toHaveText('presupuesto mensual.pdf');
    await questions.getByRole('button', { name: 'Enviar mi respuesta' }).click();
    await expect(applicant.getByText(/^Recibimos tu respuesta\./)).toBeFocused();
    await expect(applicant.getByRole('heading', { level: 2, name: 'Estado: En revisión' })).toBeVisible();
    await expect(questions).toContainText(ANSWER);
    await expect(questions).toContainText('Archivo: presupuesto mensual.pdf');
    await expect(questions.getByRole('button', { name: 'Enviar mi respuesta' })).toHaveCount(0);
    await expectNoAxeViolations(applicant);
  });

  await test.step('5. the reviewer sees the answer and downloads its file', async () => {
    await gotoHydrated(reviewer, detailUrl);
    const thread = reviewer.getByRole('region', { name: 'Preguntas a la persona solicitante' });
    await expect(thread).toContainText(QUESTION);
    await expect(thread).toContainText(ANSWER);
    const download = thread.getByRole('link', { name: 'Descargar presupuesto mensual.pdf' });
    const href = (await download.getAttribute('href'))!;
    const file = await reviewer.evaluate(async (path) => {
      const response = await fetch(path);
      return { status: response.status, text: await response.text() };
    }, href);
    expect(file).toEqual({ status: 200, text: '%PDF-1.4 presupuesto mes a mes' });
    await expect(reviewer.getByRole('region', { name: 'Estado' })).toContainText('En revisión');
    await expectNoAxeViolations(reviewer);
  });

  await test.step('6. an admin approves with a reason and a message to the applicant; the reviewer sends the previewed decision email', async () => {
    // Approving takes a reason from the programme's list: the admin's decision, not a status button.
    const admin = await enrolledMember(browser, 'coordinacion@ejemplo.org', 'admin');
    await gotoHydrated(admin, detailUrl);
    const decide = admin.getByRole('region', { name: 'Decisión' });
    await decide.getByRole('radio', { name: 'Aprobar' }).check();
    await decide.getByLabel('Motivo').selectOption({ index: 1 });
    await decide.getByLabel('Mensaje para la persona solicitante (opcional)').fill(MESSAGE);
    await decide.getByRole('button', { name: 'Registrar la decisión' }).click();
    await expect(admin.getByRole('region', { name: 'Estado' })).toContainText(/^EstadoAprobada/);
    await gotoHydrated(reviewer, detailUrl);
    await expect(reviewer.getByRole('region', { name: 'Estado' })).toContainText(/^EstadoAprobada/);
    // The decision email starts from the message given with the decision.
    await expect(reviewer.getByLabel('Mensaje para la persona solicitante (opcional)')).toHaveValue(MESSAGE);
    await reviewer.getByRole('button', { name: 'Ver el correo de decisión' }).click();
    const preview = reviewer.getByRole('region', { name: 'Vista previa del correo de decisión' });
    await expect(preview).toContainText(MESSAGE);
    const previewed = (await preview.locator('pre').textContent())!;
    await preview.getByRole('button', { name: 'Enviar el correo' }).click();
    await expect(reviewer.getByText(`Pusimos el correo para ${APPLICANT} en la cola de envío.`)).toBeVisible();

    const [decision] = await emailsWithSubject(`Tu solicitud a Project Grants fue aprobada (${first})`);
    expect(decision!.text.trimEnd()).toBe(previewed.trimEnd());
    expect(decision!.text).toContain(MESSAGE);
    endsWithPortalLink(decision!);
    keepEmail('Decision email', decision!);
  });

  await test.step('7. the applicant sees Aprobada and the message, and rates the process once', async () => {
    await gotoHydrated(applicant, `${ORIGIN}/mi-solicitud/solicitud/?ref=${first}`);
    await expect(applicant.getByRole('heading', { level: 2, name: 'Estado: Aprobada' })).toBeVisible();
    await expect(applicant.getByRole('list', { name: 'Estado de la solicitud' }).getByRole('listitem')).toHaveText([
      /^Recibida/,
      /^Información solicitada/,
      /^En revisión/,
      /^Aprobada \(estado actual\)/,
    ]);
    await expect(applicant.getByRole('region', { name: 'Estado: Aprobada' })).toContainText(MESSAGE);
    await expect(applicant.getByRole('button', { name: 'Retirar mi solicitud' })).toHaveCount(0);
    await expectNoAxeViolations(applicant);
    await screenshots(applicant, 'detalle-aprobada');

    const opinion = applicant.getByRole('region', { name: 'Tu opinión' });
    await opinion.getByLabel('5 · Muy buena').check();
    await opinion.getByLabel('Comentario (opcional)').fill('Claro y rápido; la pregunta del equipo fue precisa.');
    await opinion.getByRole('button', { name: 'Enviar mi opinión' }).click();
    await expect(opinion.getByText(/^Gracias por contarnos cómo te fue/)).toBeFocused();
    await expect(opinion).toContainText('Tu valoración: 5 de 5.');
    await gotoHydrated(applicant, `${ORIGIN}/mi-solicitud/solicitud/?ref=${first}`);
    await expect(applicant.getByRole('region', { name: 'Tu opinión' })).toContainText('Tu valoración: 5 de 5.');
    await expect(applicant.getByRole('radiogroup')).toHaveCount(0);
    await expectNoAxeViolations(applicant);
  });

  await test.step('8. the team sees the rating on the application and the average per programme', async () => {
    await gotoHydrated(reviewer, detailUrl);
    await expect(reviewer.getByRole('region', { name: 'Lo que dijo la persona solicitante' })).toContainText('Experiencia con el proceso: 5 de 5');
    await gotoHydrated(reviewer, `${ORIGIN}/equipo/solicitudes/`);
    await expect(reviewer.getByRole('row').filter({ hasText: 'Project Grants' }).filter({ hasText: 'de 5' })).toContainText(/^Project Grants5,0 de 51$/);
    await expectNoAxeViolations(reviewer);
  });

  await test.step('9. the second application is withdrawn, with a reason, after a confirmation', async () => {
    await gotoHydrated(applicant, `${ORIGIN}/mi-solicitud/solicitud/?ref=${second}`);
    await applicant.getByRole('button', { name: 'Retirar mi solicitud' }).click();
    await expect(applicant.getByRole('heading', { name: `¿Seguro que quieres retirar la solicitud ${second}?` })).toBeFocused();
    await expectNoAxeViolations(applicant);
    await applicant.getByLabel('Motivo (opcional)').fill('Conseguimos otra financiación.');
    await applicant.getByRole('button', { name: 'Sí, retirar la solicitud' }).click();
    await expect(applicant.getByText('Retiraste tu solicitud. El equipo ya no la revisará.')).toBeFocused();
    await expect(applicant.getByRole('heading', { level: 2, name: 'Estado: Retirada' })).toBeVisible();
    await gotoHydrated(applicant, `${ORIGIN}/mi-solicitud/`);
    const cards = applicant.getByRole('list', { name: 'Tus solicitudes' }).getByRole('listitem');
    await expect(cards.filter({ hasText: second })).toContainText('Retirada');
    await expect(cards.filter({ hasText: first })).toContainText('Aprobada');

    await gotoHydrated(reviewer, `${ORIGIN}/equipo/solicitud/?id=${second}`);
    await expect(reviewer.getByRole('region', { name: 'Estado' })).toContainText('Retirada');
    await expect(reviewer.getByRole('region', { name: 'Lo que dijo la persona solicitante' })).toContainText('Motivo: Conseguimos otra financiación.');
  });

  await test.step('10. "Cerrar sesión" ends the session: the portal asks for a link again', async () => {
    await applicant.getByRole('button', { name: 'Cerrar sesión' }).click();
    await applicant.waitForURL(`${ORIGIN}/mi-solicitud/`);
    await expect(applicant.getByRole('button', { name: 'Enviarme el enlace' })).toBeVisible();
  });

  await reviewer.context().close();
});
