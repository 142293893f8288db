/**
 * The newsletter block in the footer area: validation as the visitor types, and the toast for each
 * answer of POST /api/newsletter-signup (answered here with page.route; the static server has no API).
 */
import type { Page, Request } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures';

const GENERIC_ERROR = 'Algo salió mal durante el envío, inténtalo de nuevo.';

function newsletterForm(page: Page) {
  const section = page.locator('section#newsletter');
  return {
    section,
    email: section.locator('form input[name="email"]'),
    submit: section.locator('form').getByRole('button', { name: /^suscribirme$/i }),
  };
}

const toast = (page: Page, text: string) => page.locator('.Toastify [role="alert"]', { hasText: text });

/** Answers the sign-up endpoint with status/body and records what the page sent. */
async function answerSignUp(page: Page, status: number, body: string): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route('**/api/newsletter-signup', async (route) => {
    requests.push(route.request());
    await route.fulfill({ status, contentType: 'text/plain; charset=utf-8', body });
  });
  return requests;
}

test('the email field has a visible label and validates as the visitor types', async ({ page }) => {
  await gotoHydrated(page, '/');
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
  { status: 201, body: '{"subscribed":true}', toastText: '¡Gracias por registrarte!', emptiesField: true },
  // Only an address the server finds invalid gets a 4xx, whose text is the toast.
  { status: 400, body: 'El correo electrónico no es válido, inténtalo de nuevo.', toastText: 'El correo electrónico no es válido, inténtalo de nuevo.', emptiesField: true },
  { status: 500, body: 'boom', toastText: GENERIC_ERROR, emptiesField: false },
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
    await gotoHydrated(page, '/');
    const { email, submit } = newsletterForm(page);

    await email.fill('lectora@example.org');
    await submit.click();

    const shown = toast(page, answer.toastText);
    await expect(shown).toBeVisible();
    await expect(page.locator('.Toastify__toast-container--top-right [role="alert"]', { hasText: answer.toastText })).toBeVisible();
    const box = await shown.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y < 100 && box.x + box.width > viewport.width - 100, `toast at the top right, box ${JSON.stringify(box)}`).toBe(true);
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
  await gotoHydrated(page, '/');
  const { email } = newsletterForm(page);

  await email.fill('abc@');
  await email.press('Enter');

  await expect(toast(page, 'El correo electrónico no es válido, inténtalo de nuevo.')).toBeVisible();
  await expect(email).toHaveValue('');
  expect(requests, 'no request for an invalid address').toHaveLength(0);
});

test('Enter pressed before the scripts arrive sends nothing and keeps the address out of the URL; the form works once they run', async ({ page }) => {
  const requests = await answerSignUp(page, 201, '{"subscribed":true}');
  // The page shows its newsletter field before its scripts run: hold them back meanwhile.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(request.url());
  });
  await page.goto('/', { waitUntil: 'commit' });
  const { email, submit } = newsletterForm(page);
  await email.fill('temprana@example.org');
  await email.press('Enter');

  releaseScripts();
  await page.waitForFunction(() => performance.getEntriesByName('Next.js-hydration', 'measure').length > 0, undefined, { timeout: 10_000 });
  expect(navigations, 'only the first load: no native submission').toHaveLength(1);
  expect(page.url()).not.toContain('temprana');
  await expect(email).toHaveValue('temprana@example.org');
  expect(requests).toHaveLength(0);

  await submit.click();
  await expect(toast(page, '¡Gracias por registrarte!')).toBeVisible();
  expect(requests).toHaveLength(1);
  expect(requests[0]?.postDataJSON()).toEqual({ email: 'temprana@example.org' });
});
