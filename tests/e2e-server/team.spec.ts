/**
 * The programme team's area in a real browser against `npm start`'s server (PostgreSQL behind it):
 * a member invited by the CLI enrols a passkey from the link with Chromium's virtual
 * authenticator (CDP WebAuthn domain), signs out and in again, reads an application the public
 * form stored (its file too), exports the CSV, sees the audit entries, and is refused once
 * revoked. Axe runs on every team page, errors showing included.
 *
 * WebAuthn refuses IP addresses, so the site is opened as http://localhost:PORT and the server's
 * NEXT_PUBLIC_SITE_URL (the accepted Origin and the WebAuthn origin) is exactly that.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { formDefinitions } from '../../src/forms/definitions';
import { defaultValues } from '../../src/forms/definitions/validate';
import { runTeamCommand } from '../../src/server/cli/team';
import { openPostgres } from '../../src/server/storage/database';
import { receiveApplication } from '../../src/server/applications/receive';
import { projectGrantsSample } from '../unit/forms/components/samples';
import { expect, expectNoAxeViolations, gotoHydrated, test } from '../e2e/fixtures';
import { CAPTCHA_TOKEN } from '../e2e/forms-support';
import { addVirtualAuthenticator, allowRefusals, inviteLink, saveScreenshots, startTeamServer, submitProjectGrant, type TeamServer } from './teamSupport';

// Their own ports (E2E_TEAM_PORT, E2E_TEAM_POSTGRES_PORT), so this spec can run beside forms-stored.
const SERVER_PORT = Number(process.env.E2E_TEAM_PORT) || 3196;
const POSTGRES_PORT = Number(process.env.E2E_TEAM_POSTGRES_PORT) || 3197;
const ORIGIN = `http://localhost:${SERVER_PORT}`;

let teamServer: TeamServer;
let serverEnv: Record<string, string>;

// Each test is a whole story in one browser; on a shared two-core machine filling the public form alone takes minutes.
test.describe.configure({ mode: 'serial', timeout: 600_000 });

test.beforeAll(async () => {
  teamServer = await startTeamServer({ serverPort: SERVER_PORT, postgresPort: POSTGRES_PORT, name: 'team' });
  serverEnv = teamServer.env;
});

test.afterAll(async () => {
  await teamServer?.stop();
});

/** `npm run team -- …` as the operator runs it beside the server (same database, same site origin). */
async function team(...args: string[]): Promise<string[]> {
  return runTeamCommand(args, { ...process.env, ...serverEnv });
}

const invite = (email: string, role: 'admin' | 'reviewer' | 'finance') => inviteLink(teamServer, email, role);

const screenshots = (page: Page, name: string) => saveScreenshots(page, process.env.TEAM_SCREENSHOTS_DIR, name);

/** More applications in the inbox, stored as the API stores them, so the list looks like a real one. */
async function storeMoreApplications(): Promise<void> {
  const definition = formDefinitions['project-grants'];
  const database = await openPostgres(teamServer.cluster.adminUrl);
  try {
    const people = [
      ['Luis', 'Gómez', 'Cooperativa Andina'],
      ['Camila', 'Rojas', 'Universidad del Pacífico'],
      ['Mateo', 'Fernández', 'N/A'],
    ] as const;
    for (const [firstName, lastName, company] of people) {
      const values = { ...defaultValues(definition), ...projectGrantsSample, firstName, lastName, company, captchaToken: CAPTCHA_TOKEN };
      await receiveApplication(database, { form: definition.key, endpoint: definition.endpoint(values).path, payload: definition.toPayload(values), upload: null });
    }
  } finally {
    await database.close();
  }
}

async function signIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Ingresar con llave de acceso' }).click();
}

test('an admin enrols from the CLI link, signs out and in, reads an application with its file, exports, audits, and is refused once revoked', async ({ page, consoleErrors }) => {
  allowRefusals(consoleErrors, 401, 'once revoked, the member’s passkey sign-in is refused with 401 (the pages’ session probe answers 200, signed out)');
  allowRefusals(consoleErrors, 410, 'the enrolment link is opened again after use and the server refuses it');
  const proposal = Buffer.from('%PDF-1.4 propuesta enviada desde el navegador');
  await submitProjectGrant(page, ORIGIN, proposal);

  const email = 'coordinacion@ejemplo.org';
  const link = await invite(email, 'admin');
  await addVirtualAuthenticator(page);

  await test.step('enrols a passkey from the link and lands in the inbox', async () => {
    await gotoHydrated(page, link);
    await expect(page.getByRole('heading', { level: 1, name: 'Inscripción al equipo' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Crear mi llave de acceso' }).click();
    // The inbox opens on the programme's current round, named in the address (issue 50).
    await page.waitForURL(/\/equipo\/solicitudes\/\?form=project-grants&round=\d+$/);
    await expect(page.getByRole('table', { name: /Solicitudes de Project Grants: 1 en total/ })).toBeVisible();
  });

  const row = page.getByRole('row').filter({ hasText: 'Ana Pérez' });
  const reference = (await row.getByRole('link').textContent())!;
  expect(reference).toMatch(/^PG-\d{6}$/);

  await test.step('the inbox lists the application and passes axe', async () => {
    await expect(row).toContainText('Con archivo');
    await expect(page.getByRole('tab', { name: 'Project Grants' })).toHaveAttribute('aria-selected', 'true');
    await expectNoAxeViolations(page);
  });

  await test.step('a used enrolment link is refused, and says so', async () => {
    const second = await page.context().newPage();
    await gotoHydrated(second, link);
    await second.getByRole('button', { name: 'Crear mi llave de acceso' }).click();
    await expect(second.getByRole('main').getByRole('alert')).toContainText('Este enlace de inscripción ya se usó, expiró o no es válido.');
    await expectNoAxeViolations(second);
    await second.close();
  });

  await test.step('signs out, is sent to sign in when coming back, and signs in with the passkey', async () => {
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${ORIGIN}/equipo/`);
    await gotoHydrated(page, `${ORIGIN}/equipo/solicitudes/`);
    await page.waitForURL(/\/equipo\/\?volver=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ingreso del equipo' })).toBeVisible();
    await expectNoAxeViolations(page);
    await signIn(page);
    await page.waitForURL(/\/equipo\/solicitudes\//);
    await expect(page.getByRole('link', { name: reference })).toBeVisible();
  });

  await test.step('reads the application: every answer under its label, and the proposal as a download', async () => {
    await page.getByRole('link', { name: reference }).click();
    await page.waitForURL(`${ORIGIN}/equipo/solicitud/?id=${reference}`);
    await expect(page.getByRole('heading', { level: 1, name: `Solicitud ${reference}` })).toBeVisible();
    const projectName = page.locator('dt', { hasText: /^Project name/ }).first();
    await expect(projectName.locator('xpath=following-sibling::dd[1]')).toHaveText(projectGrantsSample.projectName!);
    await expectNoAxeViolations(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Descargar la propuesta' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${reference}-.*\\.pdf$`));
    expect(fs.readFileSync((await download.path())!).equals(proposal)).toBe(true);
    await screenshots(page, 'equipo-solicitud');
  });

  if (process.env.TEAM_SCREENSHOTS_DIR) {
    await test.step('screenshots of the inbox with a few applications', async () => {
      await storeMoreApplications();
      await gotoHydrated(page, `${ORIGIN}/equipo/solicitudes/?form=project-grants`);
      await expect(page.getByRole('table', { name: /4 en total/ })).toBeVisible();
      await screenshots(page, 'equipo-solicitudes');
    });
  }

  await test.step('exports the CSV of the current filter', async () => {
    await gotoHydrated(page, `${ORIGIN}/equipo/solicitudes/?form=project-grants`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^project-grants-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(projectGrantsSample.email);
    expect(csv).toContain(projectGrantsSample.projectName);
  });

  await test.step('sees the audit entries of what it did', async () => {
    await gotoHydrated(page, `${ORIGIN}/equipo/auditoria/`);
    const log = page.getByRole('table', { name: /Registro de auditoría/ });
    await expect(log).toBeVisible();
    for (const action of ['Exportó un CSV', 'Descargó un archivo', 'Vio una solicitud', 'Ingresó', 'Se inscribió', 'Invitó a un miembro']) {
      await expect(log.getByRole('row').filter({ hasText: action }).first()).toBeVisible();
    }
    await expect(log.getByRole('row').filter({ hasText: 'Exportó un CSV' }).first()).toContainText(email);
    await expectNoAxeViolations(page);
  });

  await test.step('its own sessions and the members pages pass axe', async () => {
    await gotoHydrated(page, `${ORIGIN}/equipo/sesiones/`);
    await expect(page.getByRole('table', { name: /Tus sesiones abiertas/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await gotoHydrated(page, `${ORIGIN}/equipo/miembros/`);
    await expect(page.getByRole('table', { name: /Miembros/ }).getByRole('row').filter({ hasText: email })).toContainText('Activo');
    await expectNoAxeViolations(page);
  });

  await test.step('once revoked, the session is over and the passkey no longer signs in', async () => {
    expect((await team('revoke', email)).join('\n')).toContain(`Revoked ${email}`);
    await gotoHydrated(page, `${ORIGIN}/equipo/solicitudes/`);
    await page.waitForURL(/\/equipo\/\?volver=/);
    await signIn(page);
    await expect(page.getByRole('main').getByRole('alert')).toContainText('No pudimos verificar tu llave de acceso.');
    await expect(page).toHaveURL(/\/equipo\/\?volver=/);
    await expectNoAxeViolations(page);
  });
});

test('a reviewer invited from the members page reads the inbox but not the admin pages', async ({ page }) => {
  const adminEmail = 'admin2@ejemplo.org';
  await addVirtualAuthenticator(page);
  await gotoHydrated(page, await invite(adminEmail, 'admin'));
  await page.getByRole('button', { name: 'Crear mi llave de acceso' }).click();
  await page.waitForURL(/\/equipo\/solicitudes\//);

  await gotoHydrated(page, `${ORIGIN}/equipo/miembros/`);
  await page.getByLabel('Correo electrónico').fill('revision@ejemplo.org');
  await page.getByLabel('Rol').selectOption('reviewer');
  await page.getByRole('button', { name: 'Enviar invitación' }).click();
  const reviewerLink = await page.getByLabel('Enlace de inscripción').inputValue();
  expect(reviewerLink).toMatch(new RegExp(`^${ORIGIN}/equipo/inscripcion/#t=`));
  await expectNoAxeViolations(page);

  // The reviewer, in a browser of their own with their own authenticator.
  const reviewerContext = await page.context().browser()!.newContext({ baseURL: ORIGIN });
  const reviewer = await reviewerContext.newPage();
  try {
    await addVirtualAuthenticator(reviewer);
    await gotoHydrated(reviewer, reviewerLink);
    await reviewer.getByRole('button', { name: 'Crear mi llave de acceso' }).click();
    await reviewer.waitForURL(/\/equipo\/solicitudes\//);
    await expect(reviewer.getByRole('tab')).toHaveText(['Project Grants', 'Small Grants', 'Academic Grants', 'Devcon Grants', 'Office Hours']);
    await expect(reviewer.getByRole('navigation', { name: 'Área del equipo' }).getByRole('link')).toHaveText(['Solicitudes', 'Mis revisiones', 'Convocatorias', 'Cifras', 'Mis sesiones']);
    await gotoHydrated(reviewer, `${ORIGIN}/equipo/miembros/`);
    await expect(reviewer.getByRole('main').getByRole('alert')).toContainText('Tu rol no tiene permiso para ver esta sección.');
    await expectNoAxeViolations(reviewer);
    // The page hides nothing the server would give: asked directly, it refuses.
    expect(await reviewer.evaluate(async () => (await fetch('/api/team/members')).status)).toBe(403);
  } finally {
    await reviewerContext.close();
  }
});
