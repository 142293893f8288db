/**
 * Rounds run live, in a real browser against `npm start`'s server (PostgreSQL behind it), with no
 * rebuild: an admin signed in with a passkey replaces Office Hours' seeded always-open round by one
 * that opened yesterday and closes in minutes, with a grace period. A visitor in another timezone
 * sees the form and the deadline in both zones; the admin closes it now and the same page, reloaded,
 * says "Convocatoria cerrada"; an applicant who had the form open sends it within the grace period
 * and is thanked; the admin ends the grace (grace 0, the server's real clock decides) and the next
 * applicant is refused in the server's words with every answer kept; the admin reopens it by
 * extending and the form is back. Then a keyboard-only pass over /equipo/convocatorias/ (Tab,
 * Enter, Space and typing): close with its confirmation, create, reopen by extending, with axe.
 *
 * With ROUNDS_SCREENSHOTS_DIR set, full-page screenshots (375 and 1280 px) of the apply page open,
 * closed and reopened, and of the rounds page.
 */
import type { Page } from '@playwright/test';
import { formDefinitions } from '../../src/forms/definitions';
import { officeHoursSample } from '../unit/forms/components/samples';
import { expect, expectNoAxeViolations, gotoHydrated, test } from '../e2e/fixtures';
import { expectValuesKept, fill } from '../e2e/forms-support';
import { addVirtualAuthenticator, enrolledMember, inviteLink, saveScreenshots, startTeamServer, type TeamServer } from './teamSupport';

const SERVER_PORT = Number(process.env.E2E_ROUNDS_PORT) || 3206;
const POSTGRES_PORT = Number(process.env.E2E_ROUNDS_POSTGRES_PORT) || 3207;
const ORIGIN = `http://localhost:${SERVER_PORT}`;
const APPLY = `${ORIGIN}/applicants/office-hours/apply/`;
const ROUNDS = `${ORIGIN}/equipo/convocatorias/`;
const definition = formDefinitions['office-hours'];

let server: TeamServer;

test.describe.configure({ mode: 'serial', timeout: 240_000 });
// The visitor's clock is in Bogotá (UTC−5); the round is set in UTC.
test.use({ timezoneId: 'America/Bogota', locale: 'en-US' });

test.beforeAll(async () => {
  server = await startTeamServer({ serverPort: SERVER_PORT, postgresPort: POSTGRES_PORT, name: 'rounds' });
});

test.afterAll(async () => {
  await server?.stop();
});

const screenshots = (page: Page, name: string) => saveScreenshots(page, process.env.ROUNDS_SCREENSHOTS_DIR, name);

/** "2026-11-29T07:35" in UTC, as an admin types a moment of a round set in UTC. */
const utcLocal = (instant: Date): string => instant.toISOString().slice(0, 16);

/** The fixture answers GET /api/rounds with nothing (for the static export); here the server's real answer is wanted. */
async function realRounds(page: Page): Promise<void> {
  await page.route('**/api/rounds', (route) => route.continue());
}

/** The apply page as a visitor opens it, the server's answer read (Office Hours asks for no captcha). */
async function openApply(page: Page): Promise<void> {
  await realRounds(page);
  await gotoHydrated(page, APPLY);
}

const form = (page: Page) => page.locator(`#${definition.elementId}`);
const closedNotice = (page: Page) => page.getByRole('heading', { name: 'Convocatoria cerrada' });
const section = (page: Page, programme: string) => page.locator(`section[aria-labelledby="programa-${programme}"]`);
const notice = (page: Page, text: string | RegExp) => page.getByText(text);

/** The round's edit form opened from its row, `change` applied, saved. */
async function editRound(admin: Page, name: string, change: () => Promise<void>): Promise<void> {
  await admin.getByRole('button', { name: `Editar: ${name}` }).click();
  await change();
  await admin.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(notice(admin, 'Guardamos los cambios')).toBeVisible();
}

test('an admin runs a round live: open with a grace period, close now, the grace honoured then ended, reopened by extending', async ({ page, browser }) => {
  const admin = await enrolledMember(browser, server, 'admin@example.org', 'admin');
  await gotoHydrated(admin, ROUNDS);
  const officeHours = section(admin, 'office-hours');
  const seeded = (await officeHours.locator('tbody tr').first().locator('td').first().textContent())!.trim();

  // The seeded round takes applications at any time; it is moved to the past so the new one may open yesterday.
  await editRound(admin, seeded, async () => {
    await officeHours.getByLabel('Abre (fecha y hora en esa zona)').fill('2020-01-01T00:00');
    await officeHours.getByRole('checkbox', { name: /^Sin fecha de cierre/ }).uncheck();
    await officeHours.getByLabel('Cierra (fecha y hora en esa zona)').fill('2020-06-30T23:59');
  });

  const name = 'Office Hours · prueba en vivo';
  const now = Date.now();
  await officeHours.getByRole('button', { name: 'Nueva convocatoria de Office Hours' }).click();
  await officeHours.getByLabel('Nombre').fill(name);
  await officeHours.getByLabel('Zona horaria').selectOption('UTC');
  await officeHours.getByLabel('Abre (fecha y hora en esa zona)').fill(utcLocal(new Date(now - 24 * 3600_000)));
  await officeHours.getByLabel('Cierra (fecha y hora en esa zona)').fill(utcLocal(new Date(now + 10 * 60_000)));
  await officeHours.getByLabel('Período de gracia en horas (no se publica)').fill('1');
  await officeHours.getByRole('button', { name: 'Crear convocatoria' }).click();
  await expect(notice(admin, `Creamos la convocatoria «${name}».`)).toBeVisible();
  await expect(officeHours.getByRole('row', { name: new RegExp(name) })).toContainText('Abierta');

  // A visitor in Bogotá: the form, and the close said in UTC and in their own hour (five hours earlier).
  await openApply(page);
  const deadline = page.getByText(/^Cierra el .+ UTC — el .+ en tu hora\./);
  await expect(deadline).toBeVisible();
  await expect(page.getByText('Quedan menos de 48 horas para enviar tu solicitud.')).toBeVisible();
  await expect(form(page)).toBeVisible();
  await screenshots(page, 'apply-open');

  // Two applicants have the form open and filled before the close.
  await fill(page, definition, officeHoursSample);
  // Another applicant on another computer (a browser of their own: no draft shared with the first).
  const lateContext = await browser.newContext({ timezoneId: 'America/Bogota', locale: 'en-US' });
  const late = await lateContext.newPage();
  await openApply(late);
  const lateValues = { ...officeHoursSample, firstName: 'Tomás', email: 'tomas@example.org' };
  await fill(late, definition, lateValues);

  // The admin closes it now, after the confirmation.
  await officeHours.getByRole('button', { name: `Cerrar ahora: ${name}` }).click();
  await expect(officeHours.getByRole('heading', { name: `¿Cerrar «${name}» ahora?` })).toBeFocused();
  await officeHours.getByRole('button', { name: 'Sí, cerrar ahora' }).click();
  await expect(notice(admin, `Cerramos «${name}». Durante el período de gracia (1 horas, no se publica) se siguen aceptando los envíos.`)).toBeVisible();
  await expect(officeHours.getByRole('row', { name: new RegExp(name) })).toContainText('Cerrada');

  // Without a rebuild, the same page reloaded says it is closed; no form.
  const visitor = await page.context().newPage();
  await openApply(visitor);
  await expect(closedNotice(visitor)).toBeVisible();
  await expect(form(visitor)).toHaveCount(0);
  await screenshots(visitor, 'apply-closed');

  // Within the grace period the applicant who had the form open is accepted.
  const accepted = page.waitForResponse((response) => response.url().endsWith(definition.endpoint(officeHoursSample).path) && response.request().method() === 'POST');
  await page.getByRole('button', { name: definition.submitLabel }).click();
  expect((await accepted).status()).toBe(201);
  await page.waitForURL(/\/applicants\/office-hours\/thank-you\/$/);

  // The admin ends the grace; the server's clock says it has passed, and the next applicant is refused with every answer kept.
  await editRound(admin, name, async () => {
    await officeHours.getByLabel('Período de gracia en horas (no se publica)').fill('0');
  });
  await expect(officeHours.getByRole('row', { name: new RegExp(name) })).toContainText(/\b1 recibida(?!s)/);
  const refused = late.waitForResponse((response) => response.request().method() === 'POST' && response.url().startsWith(ORIGIN));
  await late.getByRole('button', { name: definition.submitLabel }).click();
  expect((await refused).status()).toBe(403);
  const alert = late.getByRole('alert').filter({ hasText: 'La convocatoria de Office Hours cerró el' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Tus respuestas siguen en este formulario');
  expect(late.url()).toBe(APPLY);
  await expectValuesKept(late, definition, lateValues);

  // Reopened by extending to tomorrow: the form is back, with the new deadline.
  await admin.getByRole('button', { name: `Reabrir: ${name}` }).click();
  await officeHours.getByLabel('Nuevo cierre (UTC)').fill(utcLocal(new Date(Date.now() + 24 * 3600_000)));
  await officeHours.getByRole('button', { name: 'Reabrir', exact: true }).click();
  await expect(notice(admin, new RegExp(`^Reabrimos «${name}»: ahora cierra el`))).toBeVisible();
  await visitor.reload();
  await expect(form(visitor)).toBeVisible();
  await expect(visitor.getByText(/^Cierra el .+ UTC — el .+ en tu hora\./)).toBeVisible();
  await expect(closedNotice(visitor)).toHaveCount(0);
  await screenshots(visitor, 'apply-reopened');
  await screenshots(admin, 'rounds-page');
  // At 375 px each cell stacks as its label beside its value: a round's three counts all sit in the value's column.
  await admin.setViewportSize({ width: 375, height: 812 });
  const counts = officeHours.getByRole('row', { name: new RegExp(name) }).locator('td[data-label="Solicitudes"] span', { hasText: /^\d+ (recibidas?|en revisión|decididas?)$/ });
  const lefts = await counts.evaluateAll((spans) => spans.map((span) => Math.round(span.getBoundingClientRect().left)));
  expect(lefts).toHaveLength(3);
  expect(new Set(lefts).size, `the counts start at ${lefts.join(', ')} px`).toBe(1);
  await admin.context().close();
  await lateContext.close();
});

/** Tab (Shift+Tab backwards) until the focus is on the control named `name`, as a keyboard user does; fails past `limit` presses. */
async function tabTo(page: Page, name: string | RegExp, options: { back?: boolean; limit?: number } = {}): Promise<void> {
  for (let presses = 0; presses < (options.limit ?? 150); presses += 1) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return '';
      const labelledBy = element.getAttribute('aria-labelledby');
      const label = element.getAttribute('aria-label') ?? (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ?? (labelledBy ? document.getElementById(labelledBy)?.textContent : null);
      return (label ?? element.textContent ?? '').trim();
    });
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

/**
 * A datetime-local field typed from the keyboard (en-US: month/day/year, then hour:minute AM/PM). The year takes up to six
 * digits, so Tab moves on to the hour, as a keyboard user does.
 */
async function typeMoment(page: Page, month: string, day: string, year: string, time: string): Promise<void> {
  await page.keyboard.type(`${month}${day}${year}`);
  await page.keyboard.press('Tab');
  const hour = Number(time.slice(0, 2));
  await page.keyboard.type(`${String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0')}${time.slice(3)}${hour < 12 ? 'A' : 'P'}`);
}

test('the rounds page by keyboard only: close with its confirmation, create, reopen by extending; axe on each panel', async ({ browser }) => {
  // The admin's browser reads dates month/day/year (en-US), so the datetime fields are typed in that order.
  const context = await browser.newContext({ baseURL: ORIGIN, timezoneId: 'America/Bogota', locale: 'en-US' });
  const page = await context.newPage();
  await addVirtualAuthenticator(page);
  await gotoHydrated(page, await inviteLink(server, 'teclado@example.org', 'admin'));
  await tabTo(page, 'Crear mi llave de acceso');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/equipo\/solicitudes\//);
  await gotoHydrated(page, ROUNDS);
  await expectNoAxeViolations(page);

  const smallGrants = section(page, 'small-grants');
  const seeded = (await smallGrants.locator('tbody tr').first().locator('td').first().textContent())!.trim();

  // Close the seeded round now: Enter on "Cerrar ahora", the confirmation takes the focus, Space confirms.
  await tabTo(page, `Cerrar ahora: ${seeded}`);
  await page.keyboard.press('Enter');
  await expect(smallGrants.getByRole('heading', { name: `¿Cerrar «${seeded}» ahora?` })).toBeFocused();
  await expectNoAxeViolations(page);
  await tabTo(page, 'Sí, cerrar ahora');
  await page.keyboard.press('Space');
  await expect(page.getByText(`Cerramos «${seeded}».`)).toBeVisible();

  // A new round for next year, typed field by field.
  const name = 'Small Grants 2030 · por teclado';
  await tabTo(page, 'Nueva convocatoria de Small Grants');
  await page.keyboard.press('Enter');
  await expect(smallGrants.getByRole('heading', { name: 'Nueva convocatoria de Small Grants' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type(name);
  await tabTo(page, 'Abre (fecha y hora en esa zona)');
  await typeMoment(page, '03', '01', '2030', '09:00');
  await expect(smallGrants.getByLabel('Abre (fecha y hora en esa zona)')).toHaveValue('2030-03-01T09:00');
  await tabTo(page, 'Cierra (fecha y hora en esa zona)');
  await typeMoment(page, '03', '31', '2030', '23:59');
  await expect(smallGrants.getByLabel('Cierra (fecha y hora en esa zona)')).toHaveValue('2030-03-31T23:59');
  await expectNoAxeViolations(page);
  await tabTo(page, 'Crear convocatoria');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Creamos la convocatoria «${name}».`)).toBeVisible();
  await expect(smallGrants.getByRole('row', { name: new RegExp(name) })).toContainText('Próxima');

  // Reopen the seeded round until the end of 2029 (before the new one opens): Enter on "Reabrir", type, Enter.
  await tabTo(page, `Reabrir: ${seeded}`, { back: true });
  await page.keyboard.press('Enter');
  await expect(smallGrants.getByRole('heading', { name: `Reabrir «${seeded}»` })).toBeFocused();
  await page.keyboard.press('Tab');
  await typeMoment(page, '12', '31', '2029', '23:59');
  await tabTo(page, 'Reabrir');
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`^Reabrimos «${seeded}»: ahora cierra el 31 de diciembre de 2029`))).toBeVisible();
  await expect(smallGrants.getByRole('row', { name: new RegExp(seeded) })).toContainText('Abierta');
  await expectNoAxeViolations(page);
  await context.close();
});
