/** Unknown URLs: the static server answers 404 with the exported Spanish 404 page. */
import { TITLE_FORM, expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures';

test('an unknown URL gets the Spanish 404 page with a way home', async ({ page, consoleErrors }) => {
  consoleErrors.allow(
    /^Failed to load resource: the server responded with a status of 404\b.*\/no-existe\//,
    'the document itself is answered with 404 on purpose and Chromium logs that',
  );
  const response = await gotoHydrated(page, '/no-existe/');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(TITLE_FORM);
  await expect(page.getByRole('heading', { name: /no encontrada/i }).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /inicio/i }).and(page.locator('a[href="/"]')).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('unknown API paths get a JSON 404', async ({ request }) => {
  const response = await request.post('/api/no-existe', { data: {} });
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ error: 'not_found' });
});
