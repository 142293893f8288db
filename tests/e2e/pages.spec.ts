/**
 * Every exported page (found by walking out/): it is served, hydrates without console errors,
 * carries the shared head metadata and passes axe.
 */
import { isApplicantPortalRoute, signedOutPortalShown, stubApplicantApiSignedOut } from './applicantStub';
import { expect, expectNoAxeViolations, expectSharedHead, exportedRoutes, gotoHydrated, test } from './fixtures';

// The team pages (/equipo/) ask the API who is signed in, which this static server cannot answer:
// tests/e2e-server/team.spec.ts opens each of them against the real server, axe included.
const publicRoutes = exportedRoutes().filter((route) => !route.startsWith('/equipo/'));

for (const route of publicRoutes) {
  test(`${route} is served, clean and accessible`, async ({ page, consoleErrors }) => {
    if (isApplicantPortalRoute(route)) await stubApplicantApiSignedOut(page, consoleErrors);
    const response = await gotoHydrated(page, route);
    expect(response?.status(), `status of ${route}`).toBe(200);
    if (isApplicantPortalRoute(route)) await signedOutPortalShown(page);
    await expectSharedHead(page, route);
    await expectNoAxeViolations(page);
  });
}

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('/ passes axe on a phone-sized screen', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expectNoAxeViolations(page);
  });
});

test.describe('styles', () => {
  test("arrive inside the page: a first visit fetches none of the page's own stylesheets", async ({ page }) => {
    const stylesheetRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheetRequests.push(new URL(request.url()).pathname);
    });
    await gotoHydrated(page, '/applicants/project-grants/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-family', /libreFranklin/);
    // Font URLs inside the inlined CSS still resolve: the site font loads, not a fallback.
    const loadedFonts = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family);
    });
    expect(loadedFonts).toContain('libreFranklin');
    const inlinedStylesheets = await page.locator('style[data-href]').evaluateAll((styles) => styles.map((style) => style.dataset.href));
    expect(inlinedStylesheets.length, 'stylesheets written into the page').toBeGreaterThan(0);
    // Later requests are Next prefetching the CSS of linked pages, which is fine.
    expect(stylesheetRequests.filter((href) => inlinedStylesheets.includes(href))).toEqual([]);
  });

  test("a page reached from a React page's shell is a full load with its own styles", async ({ page }) => {
    // The form carries its own styles, not the home page's section spacing; the shell's links are plain links.
    await gotoHydrated(page, '/applicants/office-hours/apply/');
    await page.evaluate(() => {
      (window as Window & { leftBehind?: boolean }).leftBehind = true;
    });
    await page.getByRole('banner').getByRole('link', { name: /ir al inicio/ }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as Window & { leftBehind?: boolean }).leftBehind), 'a new document, not a client-side route change').toBeUndefined();
    const coursesSection = page.locator('section[aria-labelledby="cursos-title"]');
    await expect(coursesSection).toHaveCSS('padding-top', '48px');
  });
});
