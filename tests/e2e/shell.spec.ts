/**
 * The page shell every route shares: header and main navigation (inline on desktop, a modal
 * drawer on phones) and the footer.
 */
import type { Locator, Page } from '@playwright/test';
import { links, socialProfiles } from '../../src/config/site';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures';

const MAIN_NAV_LINKS = ['Inicio', 'Cursos', 'Becas', 'Exchange', 'Academy'] as const;
type MainNavLink = (typeof MAIN_NAV_LINKS)[number];

// Names start with the visible text; an external link may add e.g. "(se abre en una pestaña nueva)".
const namePattern = (text: string): RegExp => new RegExp(`^${text}(?!\\p{L})`, 'iu');
const linkNamed = (scope: Locator, text: string): Locator => scope.getByRole('link', { name: namePattern(text) });

async function expectFocusInsideOpenDialog(page: Page, context: string): Promise<void> {
  const focus = await page.evaluate(() => {
    const active = document.activeElement;
    return { inside: Boolean(active?.closest('dialog[open]')), element: active ? active.outerHTML.slice(0, 80) : 'none' };
  });
  expect(focus.inside, `${context}: focus is on ${focus.element}`).toBe(true);
}

test.describe('header on desktop', () => {
  const pagesAndCurrentLink: ReadonlyArray<[string, MainNavLink]> = [
    ['/', 'Inicio'],
    ['/applicants/', 'Cursos'],
    ['/about/', 'Becas'],
  ];
  for (const [route, currentLink] of pagesAndCurrentLink) {
    test(`main navigation on ${route} marks ${currentLink} as the current page`, async ({ page }) => {
      await gotoHydrated(page, route);
      const nav = page.getByRole('navigation', { name: 'Principal' });
      await expect(nav).toBeVisible();
      for (const name of MAIN_NAV_LINKS) {
        const link = linkNamed(nav, name);
        await expect(link, `nav link ${name}`).toHaveCount(1);
        await expect(link).toBeVisible();
        if (name === currentLink) await expect(link).toHaveAttribute('aria-current', 'page');
        else await expect(link).not.toHaveAttribute('aria-current', 'page');
      }
      const exchange = linkNamed(nav, 'Exchange');
      await expect(exchange).toHaveAttribute('target', '_blank');
      await expect(exchange).toHaveAttribute('rel', /\bnoopener\b/);
      await expect(exchange).toHaveAttribute('rel', /\bnoreferrer\b/);
      await expect(exchange).toHaveAttribute('href', links.exchange);
    });
  }
});

test.describe('header on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the logo links home', async ({ page }) => {
    await gotoHydrated(page, '/');
    const homeLinks = page.locator('header').getByRole('link', { name: /inicio/i }).and(page.locator('a[href="/"]'));
    await expect(homeLinks.first()).toBeVisible();
  });

  test('the menu is a modal dialog that keeps focus and gives it back', async ({ page }) => {
    await gotoHydrated(page, '/');
    const openButton = page.getByRole('button', { name: 'Abrir menú' });
    await expect(openButton).toBeVisible();
    await expect(openButton).toHaveAttribute('aria-haspopup', 'dialog');

    await openButton.click();
    const dialog = page.getByRole('dialog', { name: 'Menú' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element instanceof HTMLDialogElement && element.matches(':modal')), 'a native <dialog> opened with showModal()').toBe(true);
    const box = await dialog.boundingBox();
    expect(box, 'dialog box').not.toBeNull();
    expect(box && box.width >= 375 && box.height >= 812, `full-screen dialog, got ${JSON.stringify(box)}`).toBe(true);
    for (const name of MAIN_NAV_LINKS) await expect(linkNamed(dialog, name).first(), `menu link ${name}`).toBeVisible();
    const closeButton = dialog.getByRole('button', { name: 'Cerrar menú' });
    await expect(closeButton).toBeVisible();

    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]'))), 'focus moves into the menu').toBe(true);
    for (let press = 1; press <= 12; press += 1) {
      await page.keyboard.press('Tab');
      await expectFocusInsideOpenDialog(page, `after Tab #${press}`);
    }
    await page.keyboard.press('Shift+Tab');
    await expectFocusInsideOpenDialog(page, 'after Shift+Tab');
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(openButton).toBeFocused();

    await openButton.click();
    await expect(dialog).toBeVisible();
    await closeButton.click();
    await expect(dialog).toBeHidden();
  });
});

test('footer links, including seven named social profiles', async ({ page }) => {
  await gotoHydrated(page, '/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toHaveCount(1);
  for (const name of ['Inicio', 'Cursos', 'Becas', 'Exchange', 'Privacy Policy', 'T[eé]rminos de Uso', 'Cookie Policy']) {
    await expect(linkNamed(footer, name).first(), `footer link ${name}`).toBeVisible();
  }
  await expect(footer.locator(`a[href="${links.academy}"]`).first(), 'link to the parent academy site').toBeVisible();

  const socialLinks = footer.locator('[aria-label="Redes sociales"]').getByRole('link');
  await expect(socialLinks).toHaveCount(7);
  for (const link of await socialLinks.all()) await expect(link).toHaveAccessibleName(/\S/);
  const hrefs = await socialLinks.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(hrefs.sort()).toEqual(socialProfiles.map((profile) => profile.href).sort());
});
