/**
 * /becas-otorgadas/ in the static export, GET /api/open-books/grants answered here by page.route:
 * the list and the charts read at 375 px (no sideways scroll, every figure as text), payments as the
 * public may see them, the filters, axe 0; without scripts the build's snapshot with its date and a
 * plain HTML form. OPEN_BOOKS_SHOTS_DIR=/some/dir also saves full-page screenshots at 375 and 1280 px.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { EXPLORER, allGrants, grant, snapshotOf } from '../unit/openBooks/fixtures';
import { builtOpenBooksSnapshot, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures';
import { approvedDetail } from '../support/applicantDetail';

const ROUTE = '/becas-otorgadas/';
const SHOTS = process.env.OPEN_BOOKS_SHOTS_DIR;

/** A fifth grant with a layer-2 payment and a long name, to see wrapping on a phone. */
const longName = grant({
  id: 'g8',
  programme: 'academic-grants',
  programmeName: 'Academic Grants',
  round: { id: 'r-ag-2027', name: 'Academic Grants Round 2027' },
  projectName: 'Investigación sobre la descentralización de los validadores en Latinoamérica',
  description: 'Un estudio abierto, con sus datos, sobre dónde y cómo operan los validadores de Ethereum en la región.',
  approvedOn: '2027-05-12',
  amount: { amount: '25000.00', currency: 'USD', paid: '12500.00' },
  milestones: { done: 2, total: 4, items: [] },
  payments: [{ kind: 'onchain', paidOn: '2027-06-01', amount: '12500.00', currency: 'USD', network: 'Capa 2', txHash: `0x${'cd'.repeat(32)}`, explorerUrl: `https://optimistic.etherscan.io/tx/0x${'cd'.repeat(32)}` }],
});
const LIVE = snapshotOf([...allGrants, longName], '2026-11-29T10:00:00.000Z');

async function serveLive(page: Page): Promise<void> {
  await page.route('**/api/open-books/grants', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(LIVE) }));
}

const horizontalOverflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function openLive(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
  await serveLive(page);
  await gotoHydrated(page, ROUTE);
  await expect(page.getByRole('heading', { level: 3, name: longName.projectName })).toBeVisible();
}

for (const width of [375, 1280]) {
  test(`the list and the charts read at ${width} px, with axe 0`, async ({ page }) => {
    await openLive(page, width);
    await expect(page.getByText('Datos al 29 de noviembre de 2026')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'becas publicadas' })).toHaveText('5 becas publicadas');
    expect(await horizontalOverflow(page), `sideways scroll at ${width} px`).toBe(0);

    const wallet = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Monedero comunitario' }) });
    const payments = wallet.getByRole('list', { name: 'Pagos de Monedero comunitario' });
    await expect(payments.getByRole('listitem').first()).toHaveText('Transferencia bancaria · 20 de febrero de 2027 · USD 2.500,00');
    await expect(payments.getByRole('listitem').first().getByRole('link')).toHaveCount(0);
    await expect(payments.getByRole('link', { name: /^Transacción 0x/ })).toHaveAttribute('href', EXPLORER);

    // Each chart: its figures as text in a table, every bar inside its cell, the largest filling its track.
    const chart = page.getByRole('table', { name: 'Por programa, en USD' });
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.getByRole('row')).toHaveCount(3);
    await expect(chart.getByRole('row').nth(1)).toHaveText(/Academic Grants\s*USD 25\.000,00\s*USD 12\.500,00/);
    const bars = await chart.locator('td > span[aria-hidden] > span').evaluateAll((spans) =>
      spans.map((span) => {
        const bar = span.getBoundingClientRect();
        const track = span.parentElement!.getBoundingClientRect();
        return { fill: Math.round((bar.width / track.width) * 100), inside: bar.right <= track.right + 0.5 && track.width > 40 };
      }),
    );
    expect(bars.every((bar) => bar.inside)).toBe(true);
    expect(Math.max(...bars.map((bar) => bar.fill))).toBe(100);
    for (const table of await page.getByRole('table').all()) {
      const box = await table.boundingBox();
      expect(box!.x + box!.width, 'a chart wider than the screen').toBeLessThanOrEqual(width);
    }

    await expectNoAxeViolations(page, { applied: ['color-contrast', 'label'] });
    if (SHOTS) {
      await page.screenshot({ path: path.join(SHOTS, `becas-otorgadas-${width}.png`), fullPage: true });
      // The same page in screen-high parts, to look at closely.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let top = 0, part = 1; top < height; top += 900, part += 1) {
        await page.screenshot({ path: path.join(SHOTS, 'parts', `becas-otorgadas-${width}-${part}.png`), fullPage: true, clip: { x: 0, y: top, width, height: Math.min(900, height - top) } });
      }
    }
  });
}

test('filters by programme, round and year at 375 px, and the address keeps the choice', async ({ page }) => {
  await openLive(page, 375);
  await page.getByLabel('Programa').selectOption({ label: 'Small Grants' });
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: 'becas publicadas' })).toHaveText('2 de 5 becas publicadas');
  await expect(page).toHaveURL(/\?programa=small-grants$/);
  await expect(page.getByRole('table', { name: 'Por programa, en USD' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Por programa, en DAI' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.getByLabel('Programa').selectOption('');
  await page.getByLabel('Año').selectOption('2026');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText('Explorador de bloques educativo');
});

test('is in the sitemap and linked from the footer and the programme pages', async ({ page, request }) => {
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`/becas-otorgadas/</loc>`);
  await gotoHydrated(page, '/applicants/project-grants/');
  await expect(page.getByRole('main').getByRole('link', { name: 'Ver las becas otorgadas' })).toHaveAttribute('href', ROUTE);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Becas otorgadas' }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Becas otorgadas' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('shows the build’s snapshot with its date, and the filters as a plain form', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(ROUTE);
    await expect(page.getByText(/^Datos al \d{1,2} de [a-z]+ de \d{4}$/)).toBeVisible();
    const grants = await page.getByRole('article').count();
    if (grants === 0) {
      await expect(page.getByText('Todavía no hay becas publicadas.', { exact: false })).toBeVisible();
    } else {
      const form = page.getByRole('form', { name: 'Filtrar las becas' });
      await expect(form).toHaveAttribute('method', 'get');
      await expect(form.getByRole('button', { name: 'Filtrar' })).toBeVisible();
    }
    expect(await horizontalOverflow(page)).toBe(0);
  });
});

test('the grantee’s consent panel at 375 px: every choice explained, axe 0, saved with a link to the public page', async ({ page }) => {
  const reference = 'PG-000123';
  const base = `/api/applicant/applications/${reference}`;
  const choice = { publish: false, projectName: '', description: '', showAmount: false, showMilestones: false, showPayments: false };
  const detail = approvedDetail({ reference, steps: [{ status: 'approved', label: 'Aprobada', at: '2026-11-25T12:00:00Z' }] });
  const grantAnswer = { reference, noun: 'beca', amount: '10000.00', currency: 'USD', state: 'active', stateLabel: 'Activa', cancelReason: null, createdAt: '2026-11-25T12:00:00Z', paid: '0.00', outstanding: '10000.00', today: '2026-12-05', milestones: [], payments: [] };
  const sent: unknown[] = [];
  await page.route('**/api/applicant/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/api/applicant/session') return route.fulfill({ json: { signedIn: true, email: 'ana@ejemplo.org' } });
    if (pathname === base) return route.fulfill({ json: detail });
    if (pathname === `${base}/grant`) return route.fulfill({ json: grantAnswer });
    if (pathname === `${base}/publication` && route.request().method() === 'PUT') {
      const body: unknown = route.request().postDataJSON();
      sent.push(body);
      return route.fulfill({ json: { choice: body, updatedAt: '2026-12-05T12:00:00Z' } });
    }
    if (pathname === `${base}/publication`) return route.fulfill({ json: { choice, updatedAt: null } });
    return route.fulfill({ status: 404, json: { error: 'No encontramos esa solicitud.' } });
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await gotoHydrated(page, `/mi-solicitud/solicitud/?ref=${reference}`);
  const panel = page.getByRole('region', { name: 'Publicar tu proyecto' });
  await expect(panel).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Publicar mi proyecto en Becas otorgadas' }).check();
  await panel.getByLabel(/Nombre del proyecto/).fill('Monedero comunitario');
  await panel.getByLabel(/Descripción pública/).fill('Un monedero en español para quienes empiezan.');
  await panel.getByRole('checkbox', { name: 'Mostrar el monto' }).check();
  await expect(panel).toContainText('45 / 600');
  expect(await horizontalOverflow(page)).toBe(0);
  await expectNoAxeViolations(page, { include: 'section[aria-labelledby="publicacion"]', applied: ['label'] });
  if (SHOTS) await panel.screenshot({ path: path.join(SHOTS, 'consent-panel-375.png') });

  await panel.getByRole('button', { name: 'Guardar mi elección' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Guardamos tu elección' })).toBeFocused();
  await expect(panel.getByRole('link', { name: 'Becas otorgadas' }).first()).toHaveAttribute('href', ROUTE);
  expect(sent).toEqual([{ publish: true, projectName: 'Monedero comunitario', description: 'Un monedero en español para quienes empiezan.', showAmount: true, showMilestones: false, showPayments: false }]);
  if (SHOTS) await panel.screenshot({ path: path.join(SHOTS, 'consent-panel-375-saved.png') });
});

type List = typeof LIVE;

/**
 * The layout shift (the sum of the entries) that the server's list caused once the page had settled
 * with the build's snapshot; `live` makes the server's list from the build's, and the page has taken
 * it in when it shows `count` grants.
 */
async function shiftFromLiveList(page: Page, width: number, live: (built: List) => List): Promise<number> {
  await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let answer: List | null = null;
  await page.route('**/api/open-books/grants', async (route) => {
    // The build's snapshot (what the export's stand-in answers, fixtures.ts), changed as the test says.
    answer = live(builtOpenBooksSnapshot() as List);
    await released;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) });
  });
  await gotoHydrated(page, ROUTE);
  await page.waitForTimeout(1000);
  const sum = () => page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((total, value) => total + value, 0));
  const before = await sum();
  release();
  await expect.poll(() => answer).not.toBeNull();
  const count = (answer as List | null)?.grants.length ?? 0;
  await expect(page.getByRole('article')).toHaveCount(count);
  await page.waitForTimeout(500);
  return (await sum()) - before;
}

for (const width of [375, 1280]) {
  test(`at ${width} px the server's list moves nothing when it equals the build's, and little (under 0.1) when it differs`, async ({ page, context }) => {
    expect(await shiftFromLiveList(page, width, (built) => built)).toBe(0);
    const added = await shiftFromLiveList(await context.newPage(), width, (built) => ({ ...built, grants: [longName, ...built.grants] }));
    const replaced = await shiftFromLiveList(await context.newPage(), width, () => LIVE);
    console.log(`layout shift at ${width} px: ${added.toFixed(4)} with a grant published since the build, ${replaced.toFixed(4)} with another list`);
    expect(added).toBeLessThan(0.1);
    expect(replaced).toBeLessThan(0.1);
  });
}
