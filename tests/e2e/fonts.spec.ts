/**
 * On a slow network the page paints before Libre Franklin arrives, in a local fallback face scaled
 * to its widths and line heights (src/theme/fontFallbacks.ts), so the swap moves nothing. On this
 * machine the fallback is Liberation Sans, Arial's metric twin (scripts/ensure-tools.sh installs it).
 * Before the scaled faces, these pages moved by 0.17–0.22 (layout shift) at 412 px when it came.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 412, height: 915 } });

/** Sums the page's layout shifts from its start (none follows input here). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

for (const route of ['/about/', '/applicants/small-grants/apply/', '/devcon-grants/apply/']) {
  test(`${route} does not move when Libre Franklin arrives after the first paint`, async ({ page }) => {
    // The font's files wait until the page has painted without them.
    let releaseFont = (): void => undefined;
    const fontReleased = new Promise<void>((resolve) => (releaseFont = resolve));
    await page.route(/libre_franklin[^/]*\.woff2$/, async (request) => {
      await fontReleased;
      await request.continue();
    });
    await recordLayoutShifts(page);
    await page.goto(route, { waitUntil: 'commit' }); // the load event would wait for the preloaded font

    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 10_000 });
    expect(await page.evaluate(() => document.fonts.check('700 16px libreFranklin'))).toBe(false);
    releaseFont();

    await page.waitForFunction(() => document.fonts.check('400 16px libreFranklin') && document.fonts.check('700 16px libreFranklin'), undefined, {
      timeout: 10_000,
    });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shift = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
    expect(shift).toBeLessThan(0.05);
  });
}
