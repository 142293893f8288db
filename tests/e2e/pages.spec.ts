/**
 * Every exported page (found by walking out/): it is served, hydrates without console errors,
 * carries the shared head metadata and passes axe.
 */
import { expect, expectNoAxeViolations, expectSharedHead, exportedRoutes, gotoHydrated, test } from './fixtures';

for (const route of exportedRoutes()) {
  test(`${route} is served, clean and accessible`, async ({ page }) => {
    const response = await gotoHydrated(page, route);
    expect(response?.status(), `status of ${route}`).toBe(200);
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
