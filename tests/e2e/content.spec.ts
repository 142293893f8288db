/**
 * The content pages: every non-form route and the course routes this site chose
 * (docs/architecture.md "Course routes"). pages.spec.ts already runs axe on every exported page at 1280 px; here
 * each content page is checked for its own title and anchors, for axe and horizontal overflow on
 * phones, and for the behaviour of its parts in a real browser.
 */
import type { Page } from '@playwright/test';
import { site } from '../../src/config/site';
import { aboutPages } from '../../src/content/about';
import { applicantsPage, programmePages } from '../../src/content/applicants';
import { beginnerCoursePage, consultantPages, whyChoosePages } from '../../src/content/courses';
import { academicGrantsPage, devconGrantsPage } from '../../src/content/grantRounds';
import { homePage } from '../../src/content/home';
import { routes } from '../../src/config/routes';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures';

type ContentRoute = { path: string; title: string; /** Anchor ids the spec's routes table requires. */ anchors: readonly string[] };

const specAnchors = {
  applicants: ['mission-and-scope', 'how-we-support', 'application-types'],
  programme: ['description', 'process', 'faq'],
  academicGrants: ['description', 'submit-proposal', 'deadline', 'requirements', 'selection-criteria', 'wishlist', 'next-steps-and-support', 'faq', 'apply'],
  devconGrants: ['description', 'who', 'eligibility', 'how-to-apply', 'selection-criteria', 'next-steps-and-support', 'faq', 'apply'],
} as const;

const contentRoutes: readonly ContentRoute[] = [
  { path: routes.home, title: homePage.meta.title, anchors: [] },
  { path: routes.about, title: aboutPages.grants.meta.title, anchors: [] },
  { path: routes.whoWeSupport, title: aboutPages.whoWeSupport.meta.title, anchors: [] },
  { path: routes.howWeSupport, title: aboutPages.howWeSupport.meta.title, anchors: [] },
  { path: routes.applicants, title: applicantsPage.meta.title, anchors: specAnchors.applicants },
  { path: routes.officeHours, title: programmePages.officeHours.meta.title, anchors: specAnchors.programme },
  { path: routes.smallGrants, title: programmePages.smallGrants.meta.title, anchors: specAnchors.programme },
  { path: routes.projectGrants, title: programmePages.projectGrants.meta.title, anchors: specAnchors.programme },
  { path: routes.academicGrants, title: academicGrantsPage.meta.title, anchors: specAnchors.academicGrants },
  { path: routes.devconGrants, title: devconGrantsPage.meta.title, anchors: specAnchors.devconGrants },
  { path: routes.whyChoose, title: whyChoosePages.liveClasses.meta.title, anchors: [] },
  { path: routes.whyChooseEvents, title: whyChoosePages.events.meta.title, anchors: [] },
  { path: routes.whyChooseCommunity, title: whyChoosePages.community.meta.title, anchors: [] },
  { path: routes.beginnerCourse, title: beginnerCoursePage.meta.title, anchors: [] },
  { path: routes.consultantCourse, title: consultantPages.overview.meta.title, anchors: [] },
  { path: routes.consultantBitcoin, title: consultantPages.bitcoin.meta.title, anchors: [] },
  { path: routes.consultantEthereum, title: consultantPages.ethereum.meta.title, anchors: [] },
  { path: routes.consultantNfts, title: consultantPages.nfts.meta.title, anchors: [] },
  { path: routes.consultantEnrolment, title: consultantPages.enrolment.meta.title, anchors: [] },
];

/** How far the page is wider than the viewport, in px (0 when nothing scrolls sideways). */
const horizontalOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const route of contentRoutes) {
  test.describe(route.path, () => {
    test('is served with its title and every anchor of the routes table', async ({ page }) => {
      const response = await gotoHydrated(page, route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${route.title} | ${site.product} Academy`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      for (const id of route.anchors) await expect(page.locator(`[id="${id}"]`), `#${id}`).toHaveCount(1);
    });

    test('fits phone screens of 375 and 320 px and passes axe on them', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await gotoHydrated(page, route.path);
      expect(await horizontalOverflow(page), 'sideways scroll at 375 px').toBe(0);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 320, height: 640 });
      expect(await horizontalOverflow(page), 'sideways scroll at 320 px').toBe(0);
    });
  });
}

test.describe('home page', () => {
  test('shows the course card, every programme with its call to action and the three benefits', async ({ page }) => {
    await gotoHydrated(page, '/');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Blockchain Consultant' }) });
    for (const badge of ['Certificación', 'En vivo', '5 / 5 estrellas']) await expect(card.getByRole('listitem').filter({ hasText: badge })).toHaveCount(1);
    await expect(card.getByText('Duración 4 semanas')).toBeVisible();
    for (const label of ['Aprende más', 'Leer más', 'Applica', '¿Quieres una beca?']) {
      await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${label.replace('?', '\\?')}`) }).first(), label).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: `¿Por qué elegir ${site.brand}?` })).toBeVisible();
  });

  test('a visitor following links from home reaches every course route', async ({ request }) => {
    // Breadth-first over the internal links of the served HTML, starting at home.
    const reached = new Set<string>(['/']);
    const queue = ['/'];
    while (queue.length > 0) {
      const path = queue.shift() ?? '/';
      const html = await (await request.get(path)).text();
      for (const [, href] of html.matchAll(/<a [^>]*href="(\/[^"#?]*)/g)) {
        if (href && !reached.has(href)) {
          reached.add(href);
          queue.push(href);
        }
      }
    }
    for (const path of [routes.whyChoose, routes.whyChooseEvents, routes.whyChooseCommunity, routes.beginnerCourse, routes.consultantCourse, routes.consultantBitcoin, routes.consultantEthereum, routes.consultantNfts, routes.consultantEnrolment]) {
      expect([...reached], path).toContain(path);
    }
  });
});

test.describe('route tab bars', () => {
  test('choosing a tab opens its route with the bar where it was, and selects it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await gotoHydrated(page, routes.consultantCourse);
    const bar = page.getByRole('navigation', { name: 'Módulos del curso Blockchain Consultant' });
    await expect(bar.getByRole('link', { name: 'Resumen' })).toHaveAttribute('aria-current', 'page');
    await page.evaluate(() => window.scrollTo(0, 60));
    await bar.getByRole('link', { name: 'Bitcoin' }).click();
    await page.waitForURL(`**${routes.consultantBitcoin}`);
    await expect(bar.getByRole('link', { name: 'Bitcoin' })).toHaveAttribute('aria-current', 'page');
    await expect(bar.getByRole('link', { name: 'Resumen' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: 'Módulo Bitcoin' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(60);
  });

  test('the course hero gives way to a plain banner on the enrolment route', async ({ page }) => {
    await gotoHydrated(page, routes.consultantCourse);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blockchain Consultant');
    await expect(page.getByRole('main').getByRole('img')).toHaveCount(1);
    await gotoHydrated(page, routes.consultantEnrolment);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(consultantPages.enrolment.bannerTitle);
    await expect(page.getByRole('main').getByRole('img')).toHaveCount(0);
    const bar = page.getByRole('navigation', { name: 'Módulos del curso Blockchain Consultant' });
    await expect(bar.getByRole('link')).toHaveCount(4);
    await expect(bar.locator('[aria-current]')).toHaveCount(0);
  });
});

test.describe('sidebar', () => {
  test('from lg, marks the section scrolled into view', async ({ page }) => {
    await gotoHydrated(page, routes.academicGrants);
    const sidebar = page.getByRole('navigation', { name: academicGrantsPage.sidebarLabel });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.locator('[aria-current="location"]')).toHaveText('Descripción');
    await page.locator('#wishlist').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await expect(sidebar.locator('[aria-current="location"]')).toHaveText('Temas de interés');
    await sidebar.getByRole('link', { name: 'Requisitos' }).click();
    await expect(sidebar.locator('[aria-current="location"]')).toHaveText('Requisitos');
  });

  test('is not shown below lg', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await gotoHydrated(page, routes.academicGrants);
    await expect(page.getByRole('navigation', { name: academicGrantsPage.sidebarLabel })).toBeHidden();
  });
});

test.describe('FAQ', () => {
  const question = (page: Page) => page.locator('summary').filter({ hasText: '¿Cuánto puedo solicitar?' });
  const answer = (page: Page) => page.getByText('monto debe corresponder al alcance', { exact: false });

  test('an answer opens and closes with its question, by mouse and by keyboard; the question stays a heading', async ({ page }) => {
    await gotoHydrated(page, routes.projectGrants);
    await expect(page.getByRole('heading', { level: 3, name: '¿Cuánto puedo solicitar?' })).toBeVisible();
    await expect(answer(page)).toBeHidden();
    await question(page).click();
    await expect(answer(page)).toBeVisible();
    await question(page).click();
    await expect(answer(page)).toBeHidden();
    await question(page).focus();
    await page.keyboard.press('Enter');
    await expect(answer(page)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(answer(page)).toBeHidden();
    await expectNoAxeViolations(page, { include: '#faq' });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('an answer opens with its question', async ({ page }) => {
      await page.goto(routes.projectGrants);
      await expect(answer(page)).toBeHidden();
      await question(page).click();
      await expect(answer(page)).toBeVisible();
    });
  });
});

test.describe('content tabs (the beginner course\'s syllabus)', () => {
  const panelText = {
    Resumen: 'Cada semana combina clases en vivo',
    Bitcoin: 'Qué problema resuelve Bitcoin',
    Ethereum: 'Contratos inteligentes y aplicaciones descentralizadas',
  } as const;
  const shows = (page: Page, label: keyof typeof panelText) => page.getByText(panelText[label], { exact: false });

  test('show the chosen tab\'s panel, by mouse without scrolling and by keyboard, with the tabs pattern and axe 0', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, routes.beginnerCourse);
    const tablist = page.getByRole('tablist', { name: beginnerCoursePage.syllabusLabel });
    await expect(tablist.getByRole('tab', { name: 'Resumen' })).toHaveAttribute('aria-selected', 'true');
    await expect(shows(page, 'Resumen')).toBeVisible();
    await expect(shows(page, 'Bitcoin')).toBeHidden();

    await tablist.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    const scrolled = await page.evaluate(() => window.scrollY);
    await tablist.getByRole('tab', { name: 'Bitcoin' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Bitcoin' })).toBeVisible();
    await expect(shows(page, 'Bitcoin')).toBeVisible();
    await expect(shows(page, 'Resumen')).toBeHidden();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(new URL(page.url()).hash).toBe('');

    await page.keyboard.press('ArrowRight');
    await expect(tablist.getByRole('tab', { name: 'Ethereum' })).toBeFocused();
    await expect(shows(page, 'Ethereum')).toBeVisible();
    await page.keyboard.press('Home');
    await expect(tablist.getByRole('tab', { name: 'Resumen' })).toBeFocused();
    await expect(shows(page, 'Resumen')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: 'Resumen' })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the tabs are links that show their panel, the first one at first', async ({ page }) => {
      await page.goto(routes.beginnerCourse);
      const tabs = page.getByRole('navigation', { name: beginnerCoursePage.syllabusLabel });
      await expect(shows(page, 'Resumen')).toBeVisible();
      await expect(shows(page, 'Bitcoin')).toBeHidden();
      await tabs.getByRole('link', { name: 'Bitcoin' }).click();
      await expect(shows(page, 'Bitcoin')).toBeVisible();
      await expect(shows(page, 'Resumen')).toBeHidden();
      // The chosen tab looks selected: filled with the text colour.
      const background = (name: string) => tabs.getByRole('link', { name }).evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(await background('Bitcoin')).not.toBe(await background('Resumen'));
      expect(await background('Resumen')).toBe(await background('Ethereum'));
    });
  });
});

test.describe('reveal animation', () => {
  const sectionAnimation = (page: Page) => page.locator('#faq > div').evaluate((element) => getComputedStyle(element).animationName + ' ' + getComputedStyle(element).animationDelay);

  test('slides sections in after 0.25 s', async ({ page }) => {
    await gotoHydrated(page, routes.projectGrants);
    // CSS modules scope the keyframes' name (e.g. `Reveal-module__x__reveal`).
    expect(await sectionAnimation(page)).toMatch(/^\S*reveal 0\.25s$/);
  });

  test.describe('for readers who prefer reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });
    test('does not move anything', async ({ page }) => {
      await gotoHydrated(page, routes.projectGrants);
      expect(await sectionAnimation(page)).toBe('none 0s');
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the content is there and visible', async ({ page }) => {
      await page.goto(routes.academicGrants);
      await page.waitForTimeout(1000); // past the reveal delay and duration
      const lastSection = page.locator('#apply');
      await lastSection.scrollIntoViewIfNeeded();
      await expect(lastSection.getByRole('link', { name: /^Applica/ })).toBeVisible();
      expect(await lastSection.locator('> div').evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
      await expect(page.getByText('The Ethereum Foundation is sponsoring', { exact: false })).toBeVisible();
    });
  });
});

test('the academic grants banner is in English and marked so, with the configured total; no deadline unless one is configured', async ({ page }) => {
  await gotoHydrated(page, routes.academicGrants);
  const note = page.locator('[lang="en"]').filter({ hasText: '$750,000' });
  await expect(note).toBeVisible();
  await expect(note).toHaveText('The Ethereum Foundation is sponsoring a wave of academic grants to support Ethereum-related research, with up to $750,000 in total.');
});
