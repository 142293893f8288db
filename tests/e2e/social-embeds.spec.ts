/**
 * The two embedded posts above the footer: plain links first, the provider's widget script
 * fetched once and only when the reader scrolls near them.
 */
import { embeddedPosts } from '../../src/config/site';
import { expect, gotoHydrated, isTwitterWidgetScript, scrollToBottom, test } from './fixtures';

const REGION_NAME = 'Publicaciones en redes sociales';
const FALLBACK_LINK_NAME = 'Ver publicación en X';
// SocialEmbeds starts loading this far before the posts scroll into view (its IntersectionObserver rootMargin).
const PRELOAD_MARGIN_PX = 400;
const postIdOf = (url: string | null): string | undefined => /\/status\/(\d+)/.exec(url ?? '')?.[1];

test('the widget script loads once, only near the footer, and renders both posts', async ({ page, thirdPartyRequests }) => {
  const widgetRequests = (): number => thirdPartyRequests.filter(isTwitterWidgetScript).length;

  await gotoHydrated(page, '/');
  const region = page.getByRole('region', { name: REGION_NAME });
  const distanceBelowFold = await region.evaluate((element) => element.getBoundingClientRect().top - window.innerHeight);
  expect(
    distanceBelowFold,
    `'/' must be long enough to see lazy loading: the posts start ${Math.round(distanceBelowFold)}px below the fold, within the ${PRELOAD_MARGIN_PX}px preload margin`,
  ).toBeGreaterThan(PRELOAD_MARGIN_PX);

  const fallbackLinks = region.getByRole('link', { name: FALLBACK_LINK_NAME });
  await expect(fallbackLinks).toHaveCount(2);
  const linkedPostIds = await fallbackLinks.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(linkedPostIds.map(postIdOf)).toEqual(embeddedPosts.map(postIdOf));

  // Give an eager loader every chance to show itself before scrolling.
  await page.waitForLoadState('networkidle');
  expect(widgetRequests(), 'widgets.js requested before the reader scrolled').toBe(0);

  await scrollToBottom(page);
  await expect(region.getByTestId('tweet-stub')).toHaveCount(2);
  await expect(fallbackLinks).toHaveCount(0);

  // Scrolling away and back must not fetch it again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await scrollToBottom(page);
  await page.waitForLoadState('networkidle');
  expect(widgetRequests(), 'widgets.js requests').toBe(1);
});

test.describe('when the widget script cannot load', () => {
  test.use({ twitterWidget: 'abort' });

  test('both posts stay plain links', async ({ page, thirdPartyRequests, consoleErrors }) => {
    consoleErrors.allow(
      /^Failed to load resource: net::ERR_BLOCKED_BY_CLIENT\b.* \(at https:\/\/platform\.twitter\.com\/widgets\.js:/,
      'this test blocks widgets.js on purpose and Chromium reports the failed load',
    );
    await gotoHydrated(page, '/');
    await scrollToBottom(page);
    await expect.poll(() => thirdPartyRequests.filter(isTwitterWidgetScript).length, 'widgets.js requested').toBe(1);
    await page.waitForLoadState('networkidle');

    const region = page.getByRole('region', { name: REGION_NAME });
    const fallbackLinks = region.getByRole('link', { name: FALLBACK_LINK_NAME });
    await expect(fallbackLinks).toHaveCount(2);
    for (const link of await fallbackLinks.all()) await expect(link).toBeVisible();
    await expect(region.getByTestId('tweet-stub')).toHaveCount(0);
  });
});
