/**
 * The project grants and conference grants forms on the exported site: filled and sent as an
 * applicant would, with /api/* and the captcha provider answered at the network layer.
 */
import { devconGrants, projectGrants } from '../../src/forms/definitions';
import { devconGrantsPayload, devconGrantsSample, projectGrantsParts, projectGrantsSample } from '../unit/forms/components/samples';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures';
import { CAPTCHA_TOKEN, answer, captchaResets, expectValuesKept, fill, multipartParts, solveCaptcha, stubCaptcha, toast, touchFields } from './forms-support';

const GENERIC_ERROR = 'Algo salió mal durante el envío, inténtalo de nuevo.';
const sentParts = { ...projectGrantsParts, captchaToken: CAPTCHA_TOKEN };

test.beforeEach(async ({ page }) => stubCaptcha(page));
// A whole application typed field by field takes a while on a shared two-core machine.
test.describe.configure({ timeout: 90_000 });

test('project grants: the whole application with a proposal goes out as multipart, field by field, then the thank-you page', async ({ page }) => {
  const requests = await answer(page, '/api/project-grants', 201);
  await gotoHydrated(page, '/applicants/project-grants/apply/');
  await expect(page.locator('form#project-grants-form')).toBeVisible();

  await fill(page, projectGrants, projectGrantsSample);
  await page.locator('#field-uploadProposal').setInputFiles({ name: 'proposal.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 my proposal') });
  await expect(toast(page, 'Proposal uploaded!')).toBeVisible();
  await expect(page.getByText('proposal.pdf')).toBeVisible();
  await solveCaptcha(page);

  const submit = page.getByRole('button', { name: 'Submit Application' });
  await expect(submit).toBeEnabled();
  await submit.click();

  await page.waitForURL('**/applicants/project-grants/thank-you/');
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText('for applying to Project Grants')).toBeVisible();
  expect(requests).toHaveLength(1);
  const [request] = requests;
  expect(request?.method()).toBe('POST');
  expect(request?.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  const { text, files } = await multipartParts(request!);
  expect(text).toEqual(sentParts);
  expect(files).toEqual({ uploadProposal: { name: 'proposal.pdf', content: '%PDF-1.4 my proposal' } });
});

test('project grants: countries and time zones are listed in English, marked as English, and keep their values', async ({ page }) => {
  await gotoHydrated(page, '/applicants/project-grants/apply/');
  const choose = async (name: string, typed: string, label: string) => {
    const input = page.locator(`input#field-${name}`);
    await input.click();
    await input.fill(typed);
    const option = page.getByRole('option', { name: label, exact: true });
    // The list opens at the end of <body>, outside the form: it must declare its language itself.
    expect(await option.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))).toBe('en');
    await option.click();
  };
  await choose('country', 'United States', 'United States of America');
  await choose('timezone', 'Eastern', '(GMT-05:00) Eastern Time (US and Canada)');
  await expect(page.locator('input[type="hidden"][name="country"]')).toHaveValue('US');
  await expect(page.locator('input[type="hidden"][name="timezone"]')).toHaveValue('America/New_York');
  await page.locator('input#field-country').click();
  await page.locator('input#field-country').fill('Estados');
  await expect(page.getByRole('option')).toHaveCount(0);
});

test('project grants: what the applicant types before the scripts arrive is kept once the form comes alive', async ({ page }) => {
  // A slow phone shows the exported form seconds before its scripts run: hold them back meanwhile.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // Not 'domcontentloaded': that waits for the deferred scripts held here.
  await page.goto('/applicants/project-grants/apply/', { waitUntil: 'commit' });
  await expect(page.locator('#field-projectDescription')).toBeVisible();
  const description = 'Un aula abierta';
  await page.locator('#field-firstName').fill('Ana');
  await page.locator('#field-projectDescription').fill(description);

  releaseScripts();
  await page.waitForFunction(() => performance.getEntriesByName('Next.js-hydration', 'measure').length > 0, undefined, { timeout: 10_000 });
  // The form holds the values, not only the page: the missing list drops the first name and the
  // description's counter counts what was typed.
  await expect(page.locator('#project-grants-form-missing a[href="#field-lastName"]')).toBeVisible();
  await expect(page.locator('#project-grants-form-missing a[href="#field-firstName"]')).toHaveCount(0);
  await expect(page.locator('#field-projectDescription-count')).toContainText(String(description.length));
  await expect(page.locator('#field-firstName')).toHaveValue('Ana');
  await expect(page.locator('#field-projectDescription')).toHaveValue(description);
});

test('project grants: a 500 answer shows the Spanish toast and keeps every value; the captcha is reset', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 500.*\/api\/project-grants/, 'the API fails on purpose and Chromium logs the failed request');
  consoleErrors.allow(/The project-grants application was refused with status 500/, 'the form logs the failure, as it should');
  const requests = await answer(page, '/api/project-grants', 500);
  await gotoHydrated(page, '/applicants/project-grants/apply/');
  await fill(page, projectGrants, projectGrantsSample);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();

  await expect(toast(page, GENERIC_ERROR)).toBeVisible();
  expect(requests).toHaveLength(1);
  expect(page.url()).toMatch(/\/applicants\/project-grants\/apply\/$/);
  await expectValuesKept(page, projectGrants, projectGrantsSample);
  expect(await captchaResets(page)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
});

test('devcon: the intro frames the form; hybrid reveals the city; the JSON body is checked field by field', async ({ page }) => {
  const requests = await answer(page, '/api/devcon-grants', 201);
  await gotoHydrated(page, '/devcon-grants/apply/');
  await expect(page.getByRole('heading', { name: 'Devcon Grants Round' })).toBeVisible();
  await expect(page.getByRole('link', { name: /sitio oficial/ })).toHaveAttribute('target', '_blank');
  await expect(page.locator('form#project-grants-form')).toBeVisible();

  await expect(page.locator('#field-city')).toHaveCount(0);
  await page.locator('input[name="eventFormat"][value="online"]').check();
  await expect(page.locator('#field-city')).toHaveCount(0);
  await fill(page, devconGrants, devconGrantsSample);
  await expect(page.locator('#field-city')).toBeVisible();
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();

  await page.waitForURL('**/devcon-grants/thank-you/');
  await expect(page.getByText('for applying to Devcon Grants')).toBeVisible();
  await expect(page.getByText(/within 2 business days/)).toBeVisible();
  expect(requests).toHaveLength(1);
  expect(requests[0]?.headers()['content-type']).toMatch(/^application\/json/);
  expect(requests[0]?.postDataJSON()).toEqual({ ...devconGrantsPayload, captchaToken: CAPTCHA_TOKEN });
});

for (const route of ['/applicants/project-grants/apply/', '/devcon-grants/apply/']) {
  test(`${route} is axe clean with errors showing, and the missing-list link focuses its field`, async ({ page }) => {
    await gotoHydrated(page, route);
    await touchFields(page, ['firstName', 'lastName', 'email', 'twitter']);
    await page.locator('#field-twitter').fill('a_handle_far_too_long');
    await page.locator('#field-twitter').blur();
    await expect(page.locator('#field-firstName-error')).toHaveText('First name is required.');
    await expect(page.locator('#field-twitter-error')).toHaveText('Twitter handle cannot exceed 16 characters.');
    await expect(page.locator('#field-firstName')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Team profile' }).click();
    await expect(page.locator('#field-teamProfile')).toBeFocused();
  });
}
