/**
 * The newsletter block above the footer. With scripts: validation as the visitor types, and the
 * toast for each answer of POST /api/newsletter-signup (src/light/newsletter.ts). Without scripts, or
 * before they run: a plain form post that the server answers 303 back to the page with the answer's
 * fragment, shown as a toast by CSS. The static server has no API: page.route answers as the
 * server does (tests/api/newsletterForm.test.ts checks the server's side).
 */
import type { Page, Request, Route } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

const GENERIC_ERROR = 'Algo salió mal durante el envío, inténtalo de nuevo.';
const INVALID = 'El correo electrónico no es válido, inténtalo de nuevo.';

function newsletterForm(page: Page) {
  const section = page.locator('section#newsletter');
  return {
    section,
    email: section.locator('form input[name="email"]'),
    submit: section.locator('form').getByRole('button', { name: /^suscribirme$/i }),
  };
}

/** A toast of the page's own outlet (src/light/toast.ts). */
const toast = (page: Page, text: string) => page.locator('.light-toasts .light-toast', { hasText: text });

/** Loads the page and waits for its script to take the box over. */
async function gotoWithScript(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('form[data-light="newsletter"][data-light-ready]').waitFor({ state: 'attached', timeout: 10_000 });
}

/** Answers the sign-up endpoint with status/body and records what the page sent. */
async function answerSignUp(page: Page, status: number, body: string): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route('**/api/newsletter-signup', async (route) => {
    requests.push(route.request());
    await route.fulfill({ status, contentType: 'text/plain; charset=utf-8', body });
  });
  return requests;
}

/** Answers a plain form post as the server does a valid one: 303 back to its page with the thanks. */
async function answerFormPost(page: Page): Promise<URLSearchParams[]> {
  const posts: URLSearchParams[] = [];
  await page.route('**/api/newsletter-signup', async (route: Route) => {
    const fields = new URLSearchParams(route.request().postData() ?? '');
    posts.push(fields);
    await route.fulfill({ status: 303, headers: { location: `${fields.get('pagina')}#boletin-gracias`, 'cache-control': 'no-store' } });
  });
  return posts;
}

async function expectTopRight(page: Page, box: { x: number; y: number; width: number } | null): Promise<void> {
  const viewport = page.viewportSize();
  expect(box && viewport && box.y < 100 && box.x + box.width > viewport.width - 100, `toast at the top right, box ${JSON.stringify(box)}`).toBe(true);
}

test('the email field has a visible label and validates as the visitor types', async ({ page }) => {
  await gotoWithScript(page, '/');
  const { email, submit } = newsletterForm(page);
  await expect(email).toHaveAttribute('type', 'email');
  const visibleLabels = await email.evaluate((input) =>
    Array.from((input as HTMLInputElement).labels ?? []).filter((label) => label.checkVisibility() && label.textContent?.trim()).length,
  );
  expect(visibleLabels, 'visible <label> elements for the email input').toBeGreaterThan(0);
  await expect(submit).toBeVisible();

  await email.fill('abc');
  await expect(page.locator('section#newsletter').getByText('Correo invalido')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  // The button stays enabled so that submitting an invalid address gets the spec's toast (below).
  await expect(submit).toBeEnabled();

  await email.fill('lectora@example.org');
  await expect(page.locator('section#newsletter').getByText('Correo invalido')).toHaveCount(0);
  await expect(submit).toBeEnabled();
});

const answers = [
  // The server answers a new, a pending and an already confirmed address alike (double opt-in): 201.
  { status: 201, body: '{"subscribed":true}', toastText: '¡Gracias por registrarte!', role: 'status', emptiesField: true },
  // Only an address the server finds invalid gets a 4xx, whose text is the toast.
  { status: 400, body: INVALID, toastText: INVALID, role: 'alert', emptiesField: true },
  { status: 500, body: 'boom', toastText: GENERIC_ERROR, role: 'alert', emptiesField: false },
] as const;

for (const answer of answers) {
  test(`a ${answer.status} answer shows "${answer.toastText}"`, async ({ page, consoleErrors }) => {
    if (answer.status >= 400) {
      consoleErrors.allow(
        new RegExp(`^Failed to load resource: the server responded with a status of ${answer.status}\\b.*/api/newsletter-signup`),
        'this test makes the API fail on purpose and Chromium logs every failed fetch',
      );
    }
    const requests = await answerSignUp(page, answer.status, answer.body);
    await gotoWithScript(page, '/');
    const { email, submit } = newsletterForm(page);

    await email.fill('lectora@example.org');
    await submit.click();

    const shown = toast(page, answer.toastText);
    await expect(shown).toBeVisible();
    await expect(shown).toHaveAttribute('role', answer.role);
    await expect(shown.getByRole('button', { name: 'Cerrar' })).toBeVisible();
    await expectTopRight(page, await shown.boundingBox());
    await expectNoAxeViolations(page, { include: '.light-toasts' });
    if (answer.emptiesField) await expect(email).toHaveValue('');

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method()).toBe('POST');
    expect(request?.headers()['content-type']).toMatch(/^application\/json/);
    expect(request?.postDataJSON()).toEqual({ email: 'lectora@example.org' });
  });
}

test('submitting an invalid address with Enter shows the invalid-email toast and resets the form', async ({ page }) => {
  const requests = await answerSignUp(page, 200, 'OK');
  await gotoWithScript(page, '/');
  const { email } = newsletterForm(page);

  await email.fill('abc@');
  await email.press('Enter');

  await expect(toast(page, INVALID)).toBeVisible();
  await expect(email).toHaveValue('');
  expect(requests, 'no request for an invalid address').toHaveLength(0);
});

test('Enter pressed before the scripts arrive posts the form, and the page comes back with the answer; the script then makes it a toast', async ({ page }) => {
  const posts = await answerFormPost(page);
  // The page shows its newsletter field before its scripts run: hold them back meanwhile.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/_light/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/about/', { waitUntil: 'commit' });
  const { email } = newsletterForm(page);
  await email.fill('temprana@example.org');
  await email.press('Enter');

  await expect(page).toHaveURL(/\/about\/#boletin-gracias$/);
  expect(posts.map((fields) => Object.fromEntries(fields))).toEqual([{ pagina: '/about/', email: 'temprana@example.org' }]);
  expect(page.url()).not.toContain('temprana');

  // (Chromium applies :target once the page's deferred scripts have run: held here, they decide when.)
  releaseScripts();
  await expect(toast(page, '¡Gracias por registrarte!')).toBeVisible();
  await expect(page.locator('#boletin-gracias')).toBeHidden();
  await expect(page).toHaveURL(/\/about\/$/);
});

test("on a React page (a form) the box is the same markup: typed into before hydration, React leaves it and its script's work alone", async ({ page }) => {
  const requests = await answerSignUp(page, 201, '{"subscribed":true}');
  let releaseNext = () => {};
  const nextHeld = new Promise<void>((resolve) => (releaseNext = resolve));
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    await nextHeld;
    await route.continue();
  });
  await page.goto('/academic-grants/apply/', { waitUntil: 'commit' });
  await page.locator('form[data-light="newsletter"][data-light-ready]').waitFor({ state: 'attached', timeout: 10_000 });
  const { email, submit } = newsletterForm(page);
  await email.fill('abc');
  await expect(page.locator('section#newsletter').getByText('Correo invalido')).toBeVisible();

  releaseNext();
  await page.waitForFunction(() => performance.getEntriesByName('Next.js-hydration', 'measure').length > 0, undefined, { timeout: 15_000 });
  await expect(page.locator('section#newsletter').getByText('Correo invalido')).toBeVisible();
  await email.fill('lectora@example.org');
  await expect(page.locator('section#newsletter').getByText('Correo invalido')).toHaveCount(0);
  await submit.click();
  await expect(toast(page, '¡Gracias por registrarte!')).toBeVisible();
  expect(requests).toHaveLength(1);
});

test.describe('without JavaScript, on a phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });

  test('the form posts, and the page it came back to shows the answer until it is closed', async ({ page }) => {
    const posts = await answerFormPost(page);
    await page.goto('/cursos/desde-cero/');
    const { email, submit } = newsletterForm(page);

    // The browser's own check: an address that is not one is not sent.
    await email.fill('abc');
    await submit.click();
    expect(await email.evaluate((input) => (input as HTMLInputElement).validity.valid)).toBe(false);
    expect(posts).toHaveLength(0);

    await email.fill('lectora@example.org');
    await submit.click();
    await expect(page).toHaveURL(/\/cursos\/desde-cero\/#boletin-gracias$/);
    expect(posts.map((fields) => Object.fromEntries(fields))).toEqual([{ pagina: '/cursos/desde-cero/', email: 'lectora@example.org' }]);
    const answer = page.locator('#boletin-gracias');
    await expect(answer).toBeVisible();
    await expect(answer).toHaveText(/¡Gracias por registrarte!/);
    await expect(answer).toHaveAttribute('role', 'status');
    await expectTopRight(page, await answer.boundingBox());
    await expect(page.locator('.light-toast--answer:visible')).toHaveCount(1);

    await answer.getByRole('link', { name: 'Cerrar' }).click();
    await expect(answer).toBeHidden();
    await expect(page).toHaveURL(/#newsletter$/);
  });

  test.describe("checked by axe (which needs scripts: the page's own are replaced by nothing)", () => {
    test.use({ javaScriptEnabled: true });
    test('the answer shown by CSS', async ({ page }) => {
      await page.route('**/_light/*.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
      await page.goto('/cursos/desde-cero/#boletin-gracias');
      await expect(page.locator('#boletin-gracias')).toBeVisible();
      await expectNoAxeViolations(page, { include: '#boletin-gracias' });
    });
  });

  for (const [fragment, text] of [
    ['boletin-invalido', INVALID],
    ['boletin-limite', 'Demasiados intentos con este correo: inténtalo de nuevo más tarde.'],
    ['boletin-espera', 'Demasiados intentos: espera un minuto e inténtalo de nuevo.'],
    ['boletin-error', GENERIC_ERROR],
  ] as const) {
    test(`the answer #${fragment} reads "${text}"`, async ({ page }) => {
      await page.goto(`/#${fragment}`);
      const answer = page.locator(`#${fragment}`);
      await expect(answer).toBeVisible();
      await expect(answer).toHaveText(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expect(answer).toHaveAttribute('role', 'alert');
    });
  }
});
