/**
 * Open books end to end (issue 51), in Chromium against `npm start`'s server on PostgreSQL with the
 * local SMTP sink as its mail server and a block explorer for Ethereum (BLOCK_EXPLORER_TX_URLS).
 *
 * Set-up (the grant flow itself is grant.spec.ts's): the application is sent through the public form
 * and approved by an admin in the team area (passkey), which creates the grant of USD 12.000; its two
 * milestones and its two payments (ETH with a transaction hash, a bank transfer with a bank reference)
 * go through the team API from the admin's and finance's signed-in browsers; the first milestone is
 * marked accepted in the database (what a report accepted does, reviewed in grant.spec.ts).
 *
 * Then the thing under test: the grantee signs in from the emailed link and, by keyboard only,
 * publishes a name and a public description with the amount, the milestones and the payments;
 * /becas-otorgadas/ (no rebuild) shows exactly that, the bank transfer without its reference and
 * nothing of the application's answers; unticking the payments removes the hash; withdrawing removes
 * the project from the page and from GET /api/open-books/grants. Axe on each view, at 375 and 1280 px
 * for the public page. With OPEN_BOOKS_SCREENSHOTS_DIR, the public page and the consent panel at 1280 and 375 px.
 */
import type { Locator, Page } from '@playwright/test';
import type { PublishedGrantList } from '../../src/api/contracts/openBooks';
import { openPostgres, type Database } from '../../src/server/storage/database';
import { startSmtpSink, type SmtpSink } from '../api/support/smtpSink';
import { projectGrantsSample } from '../unit/forms/components/samples';
import { expect, expectNoAxeViolations, gotoHydrated, test } from '../e2e/fixtures';
import { enrolledMember, saveScreenshots, startTeamServer, submitProjectGrant, type TeamServer } from './teamSupport';

// Their own ports (E2E_OPEN_BOOKS_PORT, E2E_OPEN_BOOKS_POSTGRES_PORT), so this spec can run beside the others.
const SERVER_PORT = Number(process.env.E2E_OPEN_BOOKS_PORT) || 3230;
const POSTGRES_PORT = Number(process.env.E2E_OPEN_BOOKS_POSTGRES_PORT) || 3231;
const ORIGIN = `http://localhost:${SERVER_PORT}`;
const FINANCE_KEY = `grant:${Buffer.alloc(32, 51).toString('base64')}`;
const EXPLORER = 'https://sepolia.etherscan.io/tx/';
const APPLICANT = projectGrantsSample.email!;
const TX_HASH = `0x${'a1b2'.repeat(16)}`;
const BANK_REFERENCE = 'TRF-2026-ZK-884213';
const IBAN = 'CO12 3456 7890 1234';
const FIRST = 'Curso abierto de pruebas ZK';
const SECOND = 'Talleres en tres universidades';
const PUBLIC_NAME = 'Aula de conocimiento cero';
const PUBLIC_DESCRIPTION = 'Cursos abiertos y gratuitos sobre pruebas de conocimiento cero para estudiantes de la región.';
/** Answers of the application that are nowhere in what the grantee wrote for publication. */
const ANSWERS = [projectGrantsSample.projectName!, projectGrantsSample.projectRepo!, 'A paragraph of honest detail about the work', projectGrantsSample.referralSourceIfOther!, 'USD 50,000', 'Pérez', APPLICANT];

let teamServer: TeamServer;
let smtp: SmtpSink;
let database: Database;

test.describe.configure({ mode: 'serial', timeout: 900_000 });

test.beforeAll(async () => {
  smtp = await startSmtpSink();
  teamServer = await startTeamServer({
    serverPort: SERVER_PORT,
    postgresPort: POSTGRES_PORT,
    name: 'open-books',
    env: { FINANCE_ENCRYPTION_KEY: FINANCE_KEY, SMTP_URL: smtp.url, MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '500', BLOCK_EXPLORER_TX_URLS: `ethereum=${EXPLORER}` },
  });
  database = await openPostgres(teamServer.cluster.adminUrl);
});

test.afterAll(async () => {
  await database?.close();
  await teamServer?.stop();
  await smtp?.close();
});

const screenshots = (page: Page, name: string) => saveScreenshots(page, process.env.OPEN_BOOKS_SCREENSHOTS_DIR, name);

/** A team route called from a signed-in member's page (same origin, their session cookie): its status and body. */
async function teamPost(member: Page, path: string, body: unknown): Promise<{ status: number; text: string }> {
  return member.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, text: await response.text() };
    },
    { path, body },
  );
}

/** The server's list as anyone reads it. */
async function publishedList(page: Page): Promise<PublishedGrantList> {
  const response = await page.request.get(`${ORIGIN}/api/open-books/grants`);
  expect(response.status()).toBe(200);
  return (await response.json()) as PublishedGrantList;
}

/** /becas-otorgadas/ as the export serves it, reading the server's list (the fixture's stand-in for the static tests is let through). */
async function openPublicPage(page: Page): Promise<void> {
  await page.route('**/api/open-books/grants', (route) => route.continue());
  // The page shows the build's snapshot (empty) until the server's list arrives: wait for that list.
  const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/open-books/grants');
  await gotoHydrated(page, `${ORIGIN}/becas-otorgadas/`);
  expect([200, 304]).toContain((await live).status());
}

/** At 375 px the page does not scroll sideways. */
async function expectFitsAPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** Each checkbox sits on the line of its label, before it (not alone on a line above it, as with the panel's styles lost). */
async function expectBoxesBesideLabels(region: Locator): Promise<void> {
  const boxes = region.getByRole('checkbox');
  expect(await boxes.count()).toBe(4);
  for (const box of await boxes.all()) {
    // Both boxes measured in one go: the panel may still move as the grant above it loads.
    const { boxArea, labelArea, text } = await box.evaluate((element) => {
      const label = document.querySelector(`label[for="${element.id}"]`);
      const area = (node: Element) => {
        const { x, y, width, height } = node.getBoundingClientRect();
        return { x, y, width, height };
      };
      return { boxArea: area(element), labelArea: label ? area(label) : null, text: label?.textContent ?? '' };
    });
    expect(labelArea, `${text}: checkbox and label laid out`).toBeTruthy();
    expect(boxArea.x + boxArea.width, `${text}: the box before its label`).toBeLessThanOrEqual(labelArea!.x);
    expect(Math.abs(boxArea.y - labelArea!.y), `${text}: the box on its label's line`).toBeLessThan(labelArea!.height);
  }
}

/** Tab (at most `limit` times) until the element with this id has the focus. */
async function tabTo(page: Page, id: string, limit = 80): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    if ((await page.evaluate(() => document.activeElement?.id ?? '')) === id) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`#${id} never had the focus after ${limit} presses of Tab`);
}

test('a grantee publishes their grant on /becas-otorgadas/ by keyboard, with a bank transfer kept private, then hides the payments and withdraws', async ({ page, browser }) => {
  const grantee = page;
  let reference = '';

  await test.step('1. set-up: a project grant sent, approved for USD 12.000 with two milestones (one accepted), an ETH payment and a bank transfer', async () => {
    await submitProjectGrant(grantee, ORIGIN, Buffer.from('%PDF-1.4 propuesta'));
    const admin = await enrolledMember(browser, teamServer, 'coordinacion@ejemplo.org', 'admin');
    reference = (await admin.getByRole('row').filter({ hasText: 'Ana Pérez' }).getByRole('link').first().textContent())!.trim();
    await gotoHydrated(admin, `${ORIGIN}/equipo/solicitud/?id=${reference}`);
    await admin.getByRole('button', { name: 'Pasar a En revisión' }).click();
    await expect(admin.getByRole('region', { name: 'Estado' })).toContainText(/^EstadoEn revisión/);
    const decide = admin.getByRole('region', { name: 'Decisión' });
    await decide.getByRole('radio', { name: 'Aprobar' }).check();
    await decide.getByLabel('Motivo').selectOption({ index: 1 });
    await decide.getByLabel('Monto de la beca (opcional)').fill('12.000,00');
    await decide.getByLabel('Moneda').selectOption('USD');
    await decide.getByRole('button', { name: 'Registrar la decisión' }).click();
    await expect(admin.getByRole('region', { name: 'Estado' })).toContainText(/^EstadoAprobada/);

    const today = new Date().toISOString().slice(0, 10);
    const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const milestones = await teamPost(admin, `/api/team/applications/${reference}/grant/milestones`, {
      milestones: [
        { title: FIRST, doneCriteria: 'El curso publicado con sus ejercicios.', dueDate: later(30), amount: '5000' },
        { title: SECOND, doneCriteria: 'Los tres talleres dados, con sus materiales.', dueDate: later(90), amount: '7000' },
      ],
    });
    expect(milestones.status, milestones.text).toBe(200);
    await database.query("UPDATE grant_milestones SET state = 'accepted', accepted_at = now() WHERE title = $1", [FIRST]);
    await admin.context().close();

    const finance = await enrolledMember(browser, teamServer, 'finanzas@ejemplo.org', 'finance');
    const paymentsPath = `/api/team/applications/${reference}/grant/payments`;
    const onChain = await teamPost(finance, paymentsPath, {
      amount: '1.6', currency: 'ETH', grantAmount: '5000', rate: '3125 USD/ETH', paidOn: today, method: 'eth', reference: TX_HASH,
      destination: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359', confirmMismatch: true,
    });
    expect(onChain.status, onChain.text).toBe(201);
    const bank = await teamPost(finance, paymentsPath, { amount: '2000', currency: 'USD', paidOn: today, method: 'bank_transfer', reference: BANK_REFERENCE, destination: IBAN, confirmMismatch: true });
    expect(bank.status, bank.text).toBe(201);
    await finance.context().close();
    // Nothing is public before the grantee says so.
    expect((await publishedList(grantee)).grants).toEqual([]);
  });

  const applicationPage = () => `${ORIGIN}/mi-solicitud/solicitud/?ref=${reference}`;
  const panel = () => grantee.getByRole('region', { name: 'Publicar tu proyecto' });

  await test.step('2. the grantee signs in from the emailed link and, by keyboard only, publishes a name, a description, the amount, the milestones and the payments', async () => {
    await gotoHydrated(grantee, `${ORIGIN}/mi-solicitud/`);
    await grantee.getByLabel('Tu correo electrónico').fill(APPLICANT);
    await grantee.getByRole('button', { name: 'Enviarme el enlace' }).click();
    await expect.poll(() => smtp.received.filter((email) => /^Tu enlace para ver tus solicitudes en /.test(email.headers.subject ?? '')).length, { timeout: 60_000 }).toBe(1);
    const linkEmail = smtp.received.find((email) => /^Tu enlace para ver tus solicitudes en /.test(email.headers.subject ?? ''))!;
    const link = new RegExp(`${ORIGIN}/mi-solicitud/entrar/#[A-Za-z0-9_-]{43}`).exec(linkEmail.text)?.[0];
    expect(link, linkEmail.text).toBeDefined();
    await grantee.goto(link!);
    await grantee.waitForURL(`${ORIGIN}/mi-solicitud/`);
    await gotoHydrated(grantee, applicationPage());
    await expect(panel()).toContainText('Ahora tu proyecto no está publicado.');
    await expectNoAxeViolations(grantee);

    // From the top of the page, Tab reaches the panel's first control; then one Tab per control, in the order they read.
    await tabTo(grantee, 'publicacion-publish');
    await grantee.keyboard.press('Space');
    await grantee.keyboard.press('Tab');
    await expect(panel().getByLabel('Nombre del proyecto')).toBeFocused();
    await grantee.keyboard.type(PUBLIC_NAME);
    await grantee.keyboard.press('Tab');
    await expect(panel().getByLabel('Descripción pública')).toBeFocused();
    await grantee.keyboard.type(PUBLIC_DESCRIPTION);
    for (const label of ['Mostrar el monto', 'Mostrar los hitos', 'Mostrar los pagos en la blockchain']) {
      await grantee.keyboard.press('Tab');
      await expect(panel().getByLabel(label)).toBeFocused();
      await grantee.keyboard.press('Space');
      await expect(panel().getByLabel(label)).toBeChecked();
    }
    await grantee.keyboard.press('Tab');
    await expect(panel().getByRole('button', { name: 'Guardar mi elección' })).toBeFocused();
    await expect(panel().getByLabel('Publicar mi proyecto en Becas otorgadas')).toBeChecked();
    await expectBoxesBesideLabels(panel());
    await grantee.keyboard.press('Enter');
    await expect(panel().getByText(/^Guardamos tu elección: tu proyecto aparece en Becas otorgadas/)).toBeVisible();
    await expect(panel()).toContainText('Ahora tu proyecto está publicado.');
    await expectNoAxeViolations(grantee);
    await panel().scrollIntoViewIfNeeded();
    await screenshots(grantee, 'panel-publicado');
  });

  const card = () => grantee.getByRole('article', { name: PUBLIC_NAME });

  await test.step('3. /becas-otorgadas/ (no rebuild) shows what was allowed: the ETH payment linked to the explorer, the bank transfer without its reference, none of the answers', async () => {
    const [round] = await database.query<{ name: string | null }>('SELECT r.name FROM submissions s LEFT JOIN rounds r ON r.id = s.round_id');
    await openPublicPage(grantee);
    await expect(grantee.getByRole('status')).toHaveText('1 beca publicada');
    await expect(card()).toBeVisible();
    const meta = card().locator('p').first();
    await expect(meta).toContainText('Project Grants');
    // The seeded round ("Project Grants · primera convocatoria") the application was sent in.
    expect(round?.name).toBeTruthy();
    await expect(meta).toContainText(round!.name!);
    await expect(card()).toContainText(PUBLIC_DESCRIPTION);
    await expect(card().getByText('Monto aprobado', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('USD 12.000,00');
    await expect(card().getByText('Pagado', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('USD 7.000,00');
    await expect(card().getByText('Hitos cumplidos', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('1 de 2');
    await card().getByText('Ver los hitos').click();
    await expect(card().getByRole('listitem').filter({ hasText: FIRST })).toHaveText(`${FIRST} · Aceptado`);
    await expect(card().getByRole('listitem').filter({ hasText: SECOND })).toHaveText(`${SECOND} · Pendiente`);

    const payments = card().getByRole('list', { name: `Pagos de ${PUBLIC_NAME}` }).getByRole('listitem');
    await expect(payments).toHaveCount(2);
    const onChain = payments.filter({ hasText: 'Ethereum' });
    await expect(onChain).toContainText('ETH 1,6');
    await expect(onChain.getByRole('link', { name: /^Transacción/ })).toHaveAttribute('href', `${EXPLORER}${TX_HASH}`);
    const bank = payments.filter({ hasText: 'Transferencia bancaria' });
    await expect(bank).toHaveText(/^Transferencia bancaria · \d{1,2} de \S+ de \d{4} · USD 2\.000,00$/);

    const html = await grantee.content();
    const text = (await grantee.locator('body').textContent()) ?? '';
    for (const secret of [BANK_REFERENCE, IBAN, ...ANSWERS]) {
      expect(text, `the page's text shows ${secret}`).not.toContain(secret);
      expect(html, `the page's HTML holds ${secret}`).not.toContain(secret);
    }
    const api = JSON.stringify(await publishedList(grantee));
    for (const secret of [BANK_REFERENCE, IBAN, ...ANSWERS]) expect(api, `the list holds ${secret}`).not.toContain(secret);

    // The totals: a table whose figures are text.
    const byProgramme = grantee.getByRole('table', { name: 'Por programa, en USD' });
    await expect(byProgramme.getByRole('row', { name: /Project Grants/ })).toHaveText(/^Project GrantsUSD 12\.000,00USD 7\.000,00$/);
    await expect(grantee.getByRole('table', { name: 'Por trimestre de aprobación, en USD' }).getByRole('cell')).toHaveText(['USD 12.000,00', 'USD 7.000,00']);

    await expectNoAxeViolations(grantee);
    await expectFitsAPhone(grantee);
    await expectNoAxeViolations(grantee);
    await grantee.setViewportSize({ width: 1280, height: 800 });
    await screenshots(grantee, 'becas-otorgadas');
  });

  await test.step('4. the grantee unticks the payments: the hash is gone on reload; then withdraws: the project is gone from the page and the list', async () => {
    await gotoHydrated(grantee, applicationPage());
    await panel().getByLabel('Mostrar los pagos en la blockchain').uncheck();
    await panel().getByRole('button', { name: 'Guardar mi elección' }).click();
    await expect(panel().getByText(/^Guardamos tu elección: tu proyecto aparece en Becas otorgadas/)).toBeVisible();

    await openPublicPage(grantee);
    await expect(card()).toBeVisible();
    const payments = card().getByRole('list', { name: `Pagos de ${PUBLIC_NAME}` }).getByRole('listitem');
    // The amount stays allowed: the bank transfer stays, the on-chain payment and its hash go.
    await expect(payments).toHaveText([/^Transferencia bancaria/]);
    expect(await grantee.content()).not.toContain(TX_HASH);
    expect(JSON.stringify(await publishedList(grantee))).not.toContain(TX_HASH);

    await gotoHydrated(grantee, applicationPage());
    await panel().getByRole('button', { name: 'Dejar de publicar mi proyecto' }).click();
    await expect(panel().getByText(/^Guardamos tu elección: tu proyecto no aparece en Becas otorgadas/)).toBeVisible();
    await expect(panel()).toContainText('Ahora tu proyecto no está publicado.');
    await expectNoAxeViolations(grantee);

    await openPublicPage(grantee);
    await expect(grantee.getByText(/^Todavía no hay becas publicadas/)).toBeVisible();
    await expect(card()).toHaveCount(0);
    expect(await grantee.content()).not.toContain(PUBLIC_NAME);
    expect((await publishedList(grantee)).grants).toEqual([]);
  });
});
