/**
 * The content pages ship no React or Next runtime: their HTML and CSS carry them, and the small
 * scripts of src/light (out/_light/) enhance them. The React pages (forms, /becas-otorgadas/, the
 * applicant's and the team's) keep Next's runtime.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { outDir } from '../../scripts/export-files';
import { expect, test } from './fixtures';

/** Every content page (the contract of issue 53), the 404 page as an unknown address. */
const CONTENT_ROUTES = [
  '/',
  '/about/',
  '/about/how-we-support/',
  '/about/who-we-support/',
  '/cursos/desde-cero/',
  '/cursos/blockchain-consultant/',
  '/cursos/blockchain-consultant/bitcoin/',
  '/cursos/blockchain-consultant/ethereum/',
  '/cursos/blockchain-consultant/nfts-y-metaversos/',
  '/cursos/blockchain-consultant/inscripcion/',
  '/por-que-elegirnos/',
  '/por-que-elegirnos/comunidad/',
  '/por-que-elegirnos/eventos/',
  '/academic-grants/',
  '/devcon-grants/',
  '/applicants/',
  '/applicants/office-hours/',
  '/applicants/small-grants/',
  '/applicants/project-grants/',
  '/academic-grants/thank-you/',
  '/devcon-grants/thank-you/',
  '/applicants/office-hours/thank-you/',
  '/applicants/small-grants/thank-you/',
  '/applicants/project-grants/thank-you/',
  '/applicants/grantee-finance/thank-you/',
  '/no-existe/',
] as const;

const CONTENT_PAGE_SCRIPT_BUDGET_BYTES = 15 * 1024;

/** The same-origin scripts the page requested while loading, as URL paths. */
async function scriptsLoadedBy(page: Page, route: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.hostname === '127.0.0.1') scripts.push(url.pathname);
  });
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  return scripts;
}

/** A served file's size as the server sends it gzipped: the build's precompressed copy. */
const gzipBytes = (urlPath: string): number => fs.statSync(path.join(outDir, `${urlPath}.gz`)).size;

test('every content page loads no script of Next and at most 15 kB gzip of script, its light scripts only', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/^Failed to load resource: the server responded with a status of 404\b/, 'the 404 page is answered with status 404');
  const sizes: string[] = [];
  for (const route of CONTENT_ROUTES) {
    const scripts = await scriptsLoadedBy(page, route);
    expect(scripts.filter((script) => script.startsWith('/_next/')), `${route} loads Next's scripts`).toEqual([]);
    expect(await page.locator('script#__NEXT_DATA__').count(), `${route} carries Next's page data`).toBe(0);
    expect(scripts.some((script) => /^\/_light\/site-[0-9a-f]{16}\.js$/.test(script)), `${route} loads the site's light script`).toBe(true);
    const total = [...new Set(scripts)].reduce((sum, script) => sum + gzipBytes(script), 0);
    sizes.push(`${route} ${total} B`);
    expect(total, `${route}: ${scripts.join(', ')}`).toBeLessThanOrEqual(CONTENT_PAGE_SCRIPT_BUDGET_BYTES);
    page.removeAllListeners('request');
  }
  test.info().annotations.push({ type: 'script bytes (gzip) per content page', description: sizes.join('; ') });
});

test('the React pages keep Next and load the site script too', async ({ page }) => {
  for (const route of ['/applicants/project-grants/apply/', '/becas-otorgadas/']) {
    const scripts = await scriptsLoadedBy(page, route);
    expect(scripts.some((script) => script.startsWith('/_next/static/chunks/')), `${route} runs Next`).toBe(true);
    expect(scripts.some((script) => script.startsWith('/_light/site-')), `${route} loads the site's light script`).toBe(true);
    page.removeAllListeners('request');
  }
});

test.describe('the menu on a phone with scripts off', () => {
  test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });

  test('opens, closes, and its links lead to their pages', async ({ page }) => {
    await page.goto('/about/who-we-support/');
    const openButton = page.getByRole('button', { name: 'Abrir menú' });
    const dialog = page.getByRole('dialog', { name: 'Menú' });
    await expect(dialog).toBeHidden();
    await openButton.click();
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.matches(':modal')), 'opened as a modal dialog').toBe(true);

    await dialog.getByRole('button', { name: 'Cerrar menú' }).click();
    await expect(dialog).toBeHidden();
    await expect(openButton).toBeFocused();

    await openButton.click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await openButton.click();
    await dialog.getByRole('link', { name: 'Cursos' }).click();
    await expect(page).toHaveURL(/\/applicants\/$/);
    await expect(page.getByRole('dialog', { name: 'Menú' })).toBeHidden();
  });
});
