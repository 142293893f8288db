/**
 * Corrections end to end (issue 52), in Chromium against `npm start`'s server on PostgreSQL with the
 * local SMTP sink as its mail server: an applicant sends a project grant; an admin assigns a reviewer,
 * who declares no conflict and scores it; the reviewer asks for a corrected budget (requested amount)
 * and repository, choosing the two answers in "Pedir información"; the applicant opens the portal from
 * the emailed question, signs in with a link, corrects both answers and answers the question in one
 * send (keyboard only), which creates version 2; the reviewer sees "Cambios" with before and after
 * (keyboard only), finds their score marked "puntuado sobre la versión 1" and confirms it; the admin
 * rejects with a reason; the applicant reapplies from the rejected application (the public form opens with
 * its corrected answers, one is changed, a file attached) and the team sees "Solicitud anterior" on the
 * new one. Axe runs on each new state of both pages.
 *
 * With CORRECTIONS_SHOTS_DIR set, the team's field chooser, the applicant's correction and the team's
 * Cambios view at 1280 and 375 px, and every email as received by the sink in emails.txt there.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { site } from '../../src/config/site';
import { formDefinitions } from '../../src/forms/definitions';
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from '../api/support/smtpSink';
import { projectGrantsSample } from '../unit/forms/components/samples';
import { expect, expectNoAxeViolations, gotoHydrated, test } from '../e2e/fixtures';
import { solveCaptcha } from '../e2e/forms-support';
import { enrolledMember as enrolMember, saveScreenshots, startTeamServer, submitProjectGrant, type TeamServer } from './teamSupport';

// Their own ports (E2E_CORRECTIONS_PORT, E2E_CORRECTIONS_POSTGRES_PORT), so this spec can run beside the others.
const SERVER_PORT = Number(process.env.E2E_CORRECTIONS_PORT) || 3220;
const POSTGRES_PORT = Number(process.env.E2E_CORRECTIONS_POSTGRES_PORT) || 3221;
const ORIGIN = `http://localhost:${SERVER_PORT}`;
const APPLICANT = projectGrantsSample.email!;
const SHOTS = process.env.CORRECTIONS_SHOTS_DIR;

const QUESTION = 'El monto pedido no coincide con el presupuesto de la propuesta y el enlace al repositorio no abre. ¿Puedes corregir los dos?';
const ANSWER = 'Corregí el monto: el presupuesto suma 35.000 USD. El repositorio se mudó a la organización del proyecto.';
const OLD_AMOUNT = projectGrantsSample.requestedAmount!;
const OLD_REPO = projectGrantsSample.projectRepo!;
const NEW_AMOUNT = 'USD 35,000';
const NEW_REPO = 'https://github.com/zk-aula/zk-aula';
const REAPPLIED_NAME = 'Zk Aula, segunda convocatoria';

let teamServer: TeamServer;
let smtp: SmtpSink;

test.describe.configure({ mode: 'serial', timeout: 900_000 });

test.beforeAll(async () => {
  smtp = await startSmtpSink();
  teamServer = await startTeamServer({
    serverPort: SERVER_PORT,
    postgresPort: POSTGRES_PORT,
    name: 'corrections',
    env: { SMTP_URL: smtp.url, MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '500' },
  });
});

test.afterAll(async () => {
  if (SHOTS && smtp) {
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.writeFileSync(path.join(SHOTS, 'emails.txt'), smtp.received.map((email, index) => `=== Email ${index + 1}, as received by the SMTP sink ===\n${asReceived(email)}\n`).join('\n'));
  }
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

function asReceived(email: ReceivedEmail): string {
  return [`To: ${email.headers.to}`, `From: ${email.headers.from}`, `Subject: ${email.headers.subject}`, `Date: ${email.headers.date}`, '', email.text.trimEnd()].join('\n');
}

const screenshots = (page: Page, name: string) => saveScreenshots(page, SHOTS, name);

/** Presses Tab until `target` has the focus (a keyboard user reaching it), failing after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached with Tab within ${limit} presses`).toBeFocused();
}

/** Replaces the focused text box's value from the keyboard. */
async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  if (text !== '') await page.keyboard.type(text);
}

test('a correction asked for, sent and compared: the chooser, the applicant’s correction with the answer, Cambios, the score confirmed, a rejection', async ({ page, browser }) => {

  await test.step('1. an applicant sends a project grant through the public form', async () => {
    await submitProjectGrant(page, ORIGIN, Buffer.from('%PDF-1.4 propuesta'));
  });
  const applicant = page;

  const admin = await enrolledMember(browser, 'coordinacion@ejemplo.org', 'admin');
  const reviewer = await enrolledMember(browser, 'revisora@ejemplo.org', 'reviewer');
  await gotoHydrated(admin, `${ORIGIN}/equipo/solicitudes/`);
  const reference = (await admin.getByRole('row').filter({ hasText: 'Ana Pérez' }).getByRole('link').textContent())!;
  expect(reference).toMatch(/^PG-\d{6}$/);
  const detailUrl = `${ORIGIN}/equipo/solicitud/?id=${reference}`;

  await test.step('2. the admin assigns the reviewer, who declares no conflict and scores the application (version 1)', async () => {
    await gotoHydrated(admin, detailUrl);
    const scoring = admin.getByRole('region', { name: 'Puntaje' });
    await scoring.getByRole('checkbox', { name: 'revisora@ejemplo.org' }).check();
    await scoring.getByRole('button', { name: 'Guardar revisores' }).click();
    await expect(scoring.getByText('Revisan la solicitud: revisora@ejemplo.org.')).toBeFocused();

    await gotoHydrated(reviewer, detailUrl);
    await reviewer.getByRole('radio', { name: 'Sin conflicto' }).check();
    await reviewer.getByRole('button', { name: 'Enviar la declaración' }).click();
    await expect(reviewer.getByText('Registramos que no tienes conflicto de interés. Ya puedes leer la solicitud y puntuarla.')).toBeFocused();
    const panel = reviewer.getByRole('region', { name: 'Puntaje' });
    const form = panel.getByRole('form', { name: 'Tu puntaje' });
    const criteria = form.getByRole('group').filter({ hasNot: reviewer.getByRole('radio', { name: 'Aprobar' }) });
    await expect(criteria.first()).toBeVisible();
    const count = await criteria.count();
    expect(count).toBeGreaterThan(1);
    for (let index = 0; index < count; index += 1) await criteria.nth(index).getByRole('radio', { name: /^3 · / }).check();
    await form.getByRole('radio', { name: 'Aprobar' }).check();
    await panel.getByRole('button', { name: 'Enviar mi puntaje' }).click();
    await expect(panel.getByText('Enviamos tu puntaje. Ahora ves los de las demás personas.')).toBeFocused();
    await expect(reviewer.getByRole('region', { name: 'Cambios' })).toContainText('Versión actual: 1');
  });

  await test.step('3. the reviewer asks for a corrected budget and repository: the two answers chosen, the preview and the email name them', async () => {
    const panel = reviewer.getByRole('region', { name: 'Pedir información' });
    await panel.getByLabel('Pregunta para la persona solicitante').fill(QUESTION);
    await panel.getByText(/Abrir respuestas para corregir/).click();
    const chooser = panel.getByRole('group', { name: 'Respuestas que la persona podrá corregir' });
    await expect(chooser.getByRole('checkbox', { name: 'Email' })).toHaveCount(0);
    await chooser.getByRole('checkbox', { name: /^Requested amount/ }).check();
    await chooser.getByRole('checkbox', { name: /^Project repository/ }).check();
    await expectNoAxeViolations(reviewer);
    await screenshots(reviewer, 'team-chooser');
    await panel.getByRole('button', { name: 'Ver el correo con la pregunta' }).click();
    const preview = panel.getByRole('region', { name: 'Vista previa del correo con la pregunta' });
    await expect(preview).toContainText('Se abren para corregir: Project repository · Requested amount.');
    await expect(preview.locator('pre')).toContainText('Requested amount');
    await expect(preview.locator('pre')).toContainText('Project repository');
    const previewed = (await preview.locator('pre').textContent())!;
    await preview.getByRole('button', { name: 'Enviar la pregunta' }).click();
    await expect(reviewer.getByText(/^Enviamos la pregunta\. La solicitud pasó a Información solicitada\./)).toBeVisible();
    await expect(reviewer.getByRole('region', { name: 'Preguntas a la persona solicitante' })).toContainText('Abrió para corregir: Project repository · Requested amount');

    const [question] = await emailsWithSubject(new RegExp(`^El equipo necesita más información .*\\(${reference}\\)$`));
    expect(question!.envelopeTo).toEqual([APPLICANT]);
    expect(question!.text.trimEnd()).toBe(previewed.trimEnd());
  });

  await test.step('4. the applicant opens the portal from the emailed question and signs in with a link', async () => {
    const [question] = await emailsWithSubject(new RegExp(`^El equipo necesita más información .*\\(${reference}\\)$`));
    const portal = new RegExp(`${ORIGIN}/mi-solicitud/`).exec(question!.text)?.[0];
    expect(portal, question!.text).toBeDefined();
    await gotoHydrated(applicant, portal!);
    await applicant.getByLabel('Tu correo electrónico').fill(APPLICANT);
    await applicant.getByRole('button', { name: 'Enviarme el enlace' }).click();
    const [linkEmail] = await emailsWithSubject(`Tu enlace para ver tus solicitudes en ${site.brand}`);
    const link = new RegExp(`${ORIGIN}/mi-solicitud/entrar/#[A-Za-z0-9_-]{43}`).exec(linkEmail!.text)?.[0];
    expect(link, linkEmail!.text).toBeDefined();
    await applicant.goto(link!);
    await applicant.waitForURL(`${ORIGIN}/mi-solicitud/`);
    await applicant.getByRole('list', { name: 'Tus solicitudes' }).getByRole('link').first().click();
    await applicant.waitForURL(`${ORIGIN}/mi-solicitud/solicitud/?ref=${reference}`);
  });

  const correction = applicant.getByRole('form', { name: 'Corregir la solicitud y responder' });
  const amount = correction.getByRole('textbox', { name: /^Requested amount/ });
  const repository = correction.getByRole('textbox', { name: /^Project repository/ });
  const answerBox = correction.getByRole('textbox', { name: /^Tu respuesta/ });

  await test.step('5. the applicant sees the two answers filled with what they sent, under the public form’s labels; nothing else opens', async () => {
    await expect(applicant.getByRole('heading', { level: 2, name: 'Estado: Información solicitada' })).toBeVisible();
    await expect(applicant.getByRole('region', { name: 'Preguntas del equipo' })).toContainText('Respuestas abiertas para corregir: Project repository · Requested amount');
    await expect(amount).toHaveValue(OLD_AMOUNT);
    await expect(repository).toHaveValue(OLD_REPO);
    await expect(correction.getByRole('textbox')).toHaveCount(3);
    await expect(correction.getByText('The amount and its currency.')).toBeVisible();
    await expectNoAxeViolations(applicant);
  });

  await test.step('6. keyboard only: an emptied amount is refused with the form’s own message, values kept; then both corrected and sent with the answer', async () => {
    await applicant.locator('body').focus();
    await tabTo(applicant, repository);
    await retype(applicant, NEW_REPO);
    await tabTo(applicant, amount, 5);
    await retype(applicant, '');
    await tabTo(applicant, answerBox, 5);
    await applicant.keyboard.type(ANSWER);
    await tabTo(applicant, correction.getByRole('button', { name: 'Enviar la corrección y mi respuesta' }), 10);
    await applicant.keyboard.press('Enter');
    await expect(correction.getByText('Requested amount is required.')).toBeVisible();
    await expect(amount).toBeFocused();
    await expect(repository).toHaveValue(NEW_REPO);
    await expect(answerBox).toHaveValue(ANSWER);
    await expectNoAxeViolations(applicant);

    await applicant.keyboard.type(NEW_AMOUNT);
    await expect(correction.getByText('Requested amount is required.')).toHaveCount(0);
    await correction.scrollIntoViewIfNeeded();
    await screenshots(applicant, 'applicant-correction');
    await tabTo(applicant, correction.getByRole('button', { name: 'Enviar la corrección y mi respuesta' }), 10);
    await applicant.keyboard.press('Enter');
    await expect(applicant.getByText(/^Recibimos tu respuesta y tu corrección: enviaste la versión 2 de tu solicitud\./)).toBeFocused();
    await expect(applicant.getByRole('heading', { level: 2, name: 'Estado: En revisión' })).toBeVisible();
    await expect(correction).toHaveCount(0);
    const copy = applicant.getByRole('region', { name: 'Lo que enviaste' });
    await expect(copy).toContainText('Una copia de tu solicitud en su versión 2, con tus correcciones.');
    await expect(copy).toContainText(NEW_AMOUNT);
    await expect(copy).toContainText(NEW_REPO);
    await expectNoAxeViolations(applicant);
    await screenshots(applicant, 'applicant-after-correction');
  });

  await test.step('7. the reviewer sees Cambios (keyboard only): version 2, each answer before and after, who asked and when', async () => {
    await gotoHydrated(reviewer, detailUrl);
    const changes = reviewer.getByRole('region', { name: 'Cambios' });
    await expect(changes).toContainText('Versión actual: 2');
    const summary = changes.locator('summary', { hasText: 'Versión 2: 2 respuestas cambiaron respecto de la versión 1' });
    await reviewer.locator('body').focus();
    await tabTo(reviewer, summary, 200);
    const version = changes.locator('details').first();
    await expect(version).toHaveAttribute('open', '');
    await reviewer.keyboard.press('Enter');
    await expect(version).not.toHaveAttribute('open', '');
    await reviewer.keyboard.press('Enter');
    await expect(version).toHaveAttribute('open', '');
    await expect(version).toContainText('Pedida por revisora@ejemplo.org el');
    const amountChange = version.locator('dl > div', { has: reviewer.locator('dt', { hasText: /^Requested amount$/ }) });
    await expect(amountChange.locator('dd')).toHaveText([`Antes${OLD_AMOUNT}`, `Después${NEW_AMOUNT}`]);
    const repoChange = version.locator('dl > div', { has: reviewer.locator('dt', { hasText: /^Project repository$/ }) });
    await expect(repoChange.locator('dd')).toHaveText([`Antes${OLD_REPO}`, `Después${NEW_REPO}`]);
    await expect(version.locator('dt')).toHaveCount(2);
    await expectNoAxeViolations(reviewer);
    await changes.scrollIntoViewIfNeeded();
    await screenshots(reviewer, 'team-cambios');
  });

  await test.step('8. the reviewer’s score is marked "puntuado sobre la versión 1" and re-confirmed from the keyboard', async () => {
    const panel = reviewer.getByRole('region', { name: 'Puntaje' });
    await expect(panel).toContainText('Tu puntaje: puntuado sobre la versión 1. La solicitud va por la versión 2');
    const confirm = panel.getByRole('button', { name: 'Confirmar mi puntaje sobre la versión 2' });
    await confirm.focus();
    await reviewer.keyboard.press('Enter');
    await expect(panel.getByText('Confirmaste tu puntaje sobre la versión 2, sin cambios.')).toBeFocused();
    await expect(panel).not.toContainText('puntuado sobre la versión 1');
    await expectNoAxeViolations(reviewer);
  });

  await test.step('9. the admin sees the confirmed score and rejects with a reason', async () => {
    await gotoHydrated(admin, detailUrl);
    await expect(admin.getByRole('region', { name: 'Puntaje' })).not.toContainText('puntuado sobre la versión');
    const decide = admin.getByRole('region', { name: 'Decisión' });
    await decide.getByRole('radio', { name: 'Rechazar' }).check();
    await decide.getByLabel('Motivo').selectOption({ index: 1 });
    await decide.getByLabel('Mensaje para la persona solicitante (opcional)').fill('Gracias por las correcciones; esta ronda priorizó proyectos con usuarios activos.');
    await decide.getByRole('button', { name: 'Registrar la decisión' }).click();
    await expect(admin.getByRole('region', { name: 'Estado' })).toContainText(/^EstadoRechazada/);
    await expect(admin.getByRole('region', { name: 'Pedir información' })).toHaveCount(0);
    await expectNoAxeViolations(admin);
  });

  let newer = '';

  await test.step('10. the applicant reapplies from the rejected application: the public form opens with its answers; one changed, a file attached, sent', async () => {
    await gotoHydrated(applicant, `${ORIGIN}/mi-solicitud/solicitud/?ref=${reference}`);
    await expect(applicant.getByRole('heading', { level: 2, name: 'Estado: Rechazada' })).toBeVisible();
    const again = applicant.getByRole('region', { name: 'Volver a solicitar' });
    await expectNoAxeViolations(applicant);
    await again.getByRole('link', { name: 'Volver a solicitar' }).click();
    await applicant.waitForURL(`${ORIGIN}/applicants/project-grants/apply/?desde=${reference}`);
    const definition = formDefinitions['project-grants'];
    // The answers of the application's current version (the corrected ones), never its file.
    await expect(applicant.locator('#field-requestedAmount')).toHaveValue(NEW_AMOUNT);
    await expect(applicant.locator('#field-projectRepo')).toHaveValue(NEW_REPO);
    await expect(applicant.locator('#field-projectName')).toHaveValue(projectGrantsSample.projectName!);
    await expect(applicant.getByText(/Files are not copied/)).toBeVisible();
    await applicant.locator('#field-projectName').fill(REAPPLIED_NAME);
    await applicant.locator('#field-uploadProposal').setInputFiles({ name: 'propuesta nueva.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 propuesta nueva') });
    await solveCaptcha(applicant);
    await applicant.getByRole('button', { name: definition.submitLabel }).click();
    await applicant.waitForURL(/\/applicants\/project-grants\/thank-you\/$/);
    const confirmations = await emailsWithSubject(/^Recibimos tu solicitud a Project Grants \(PG-\d{6}\)$/, 2);
    newer = /PG-\d{6}/.exec(confirmations.at(-1)!.headers.subject!)![0];
    expect(newer).not.toBe(reference);
  });

  await test.step('11. the team sees the link between the two: "Solicitud anterior" on the new one, the new one on the old', async () => {
    await gotoHydrated(admin, `${ORIGIN}/equipo/solicitud/?id=${newer}`);
    const facts = admin.getByRole('listitem').filter({ hasText: 'Solicitud anterior:' });
    await expect(facts).toHaveText(`Solicitud anterior: ${reference}`);
    await expect(facts.getByRole('link', { name: reference })).toHaveAttribute('href', `/equipo/solicitud/?id=${reference}`);
    await expect(admin.locator('dd', { hasText: REAPPLIED_NAME }).first()).toBeVisible();
    await expect(admin.getByText('propuesta nueva.pdf')).toBeVisible();
    await expect(admin.getByRole('region', { name: 'Cambios' })).toContainText('Versión actual: 1');
    await expectNoAxeViolations(admin);
    await gotoHydrated(admin, detailUrl);
    await expect(admin.getByRole('listitem').filter({ hasText: 'Solicitud nueva:' })).toHaveText(`Solicitud nueva: ${newer}`);
  });

  await reviewer.context().close();
  await admin.context().close();
});
