/**
 * Small grants, academic grants, office hours and grantee finance on the exported site, and the
 * six thank-you pages: bodies checked field by field with /api/* answered at the network layer.
 */
import { academicGrants, granteeFinance, officeHours, smallGrants } from '../../src/forms/definitions';
import { contact } from '../../src/config/site';
import {
  academicGrantsPayload,
  academicGrantsSample,
  granteeFinancePayload,
  granteeFinanceSample,
  officeHoursPayload,
  officeHoursSample,
  smallGrantsEventPayload,
  smallGrantsEventSample,
} from '../unit/forms/components/samples';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures';
import { CAPTCHA_TOKEN, answer, expectValuesKept, fill, solveCaptcha, stubCaptcha, toast, touchFields } from './forms-support';

test.beforeEach(async ({ page }) => stubCaptcha(page));
test.describe.configure({ timeout: 90_000 });

test('small grants: an event sponsorship goes to the event endpoint; the thank-you page links to Small Grants', async ({ page }) => {
  const requests = await answer(page, '/api/small-grants/event', 201);
  await gotoHydrated(page, '/applicants/small-grants/apply/');
  await expect(page.locator('form#small-grants-form')).toBeVisible();
  await fill(page, smallGrants, smallGrantsEventSample);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();

  await page.waitForURL('**/applicants/small-grants/thank-you/');
  await expect(page.getByText('for applying to Small Grants')).toBeVisible();
  await expect(page.getByText(/You should receive a confirmation email shortly/)).toBeVisible();
  // Loaded as a page of its own (a content page, no Next), so its light scripts run and its page view counts.
  await expect(page.locator('script#__NEXT_DATA__')).toHaveCount(0);
  await expect(page.locator('head script[type="module"][src^="/_light/site-"]')).toHaveCount(1);
  // The confirmation box's own link (the applicants tab bar above it links there too).
  const confirmation = page.getByRole('region', { name: 'Thank you!' });
  await expect(confirmation.getByRole('link', { name: 'Small Grants' })).toHaveAttribute('href', '/applicants/small-grants/');
  expect(requests.map((request) => request.postDataJSON())).toEqual([{ ...smallGrantsEventPayload, captchaToken: CAPTCHA_TOKEN }]);
});

test('academic grants: booleans and option values as JSON; the thank-you page gives the academic grants address', async ({ page }) => {
  const requests = await answer(page, '/api/academic-grants', 201);
  await gotoHydrated(page, '/academic-grants/apply/');
  await fill(page, academicGrants, academicGrantsSample);
  await page.getByRole('button', { name: 'Submit Application' }).click();

  await page.waitForURL('**/academic-grants/thank-you/');
  await expect(page.getByText('for applying to Academic Grants')).toBeVisible();
  await expect(page.getByRole('link', { name: contact.academicGrants })).toBeVisible();
  expect(requests.map((request) => request.postDataJSON())).toEqual([academicGrantsPayload]);
});

test('office hours: the JSON body with the full name as company; a 500 first keeps every value', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 500.*\/api\/office-hours/, 'the API fails on purpose once and Chromium logs the failed request');
  consoleErrors.allow(/The office-hours application was refused with status 500/, 'the form logs the failure, as it should');
  let status = 500;
  const bodies: unknown[] = [];
  await page.route('**/api/office-hours', async (route) => {
    bodies.push(route.request().postDataJSON());
    await route.fulfill({ status, body: '' });
  });
  await gotoHydrated(page, '/applicants/office-hours/apply/');
  await fill(page, officeHours, officeHoursSample);
  const submit = page.getByRole('button', { name: 'Request office hours' });
  await submit.click();
  await expect(toast(page, 'Algo salió mal durante el envío, inténtalo de nuevo.')).toBeVisible();
  await expectValuesKept(page, officeHours, officeHoursSample);

  status = 201;
  await submit.click();
  await page.waitForURL('**/applicants/office-hours/thank-you/');
  await expect(page.getByText('for applying to Office Hours')).toBeVisible();
  expect(bodies).toEqual([officeHoursPayload, officeHoursPayload]);
});

test('grantee finance: review, confirm, PUT with l2Payment as a boolean; a 404 first says to check the security ID', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404.*\/api\/grantee-finance/, 'the API answers 404 on purpose once and Chromium logs it');
  consoleErrors.allow(/The grantee-finance application was refused with status 404/, 'the form logs the failure');
  let status = 404;
  const requests: Array<{ method: string; body: unknown }> = [];
  await page.route('**/api/grantee-finance', async (route) => {
    requests.push({ method: route.request().method(), body: route.request().postDataJSON() });
    await route.fulfill({ status, body: '' });
  });
  await gotoHydrated(page, '/applicants/grantee-finance/');
  await fill(page, granteeFinance, granteeFinanceSample);
  await page.getByRole('button', { name: 'Submit' }).click();
  const review = page.getByRole('region', { name: 'Please check your payment details' });
  await expect(review).toContainText(granteeFinanceSample.ethAddress ?? '');
  expect(requests).toHaveLength(0);
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(toast(page, 'Please make sure the Security Grantee ID is correct.')).toBeVisible();
  await expectValuesKept(page, granteeFinance, granteeFinanceSample);

  status = 200;
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await page.waitForURL('**/applicants/grantee-finance/thank-you/');
  expect(requests).toEqual([
    { method: 'PUT', body: granteeFinancePayload },
    { method: 'PUT', body: granteeFinancePayload },
  ]);
});

const applyPages = [
  { route: '/applicants/small-grants/apply/', touch: ['firstName', 'email', 'individualOrTeamSummary'] },
  { route: '/academic-grants/apply/', touch: ['firstName', 'email', 'projectDescription'] },
  { route: '/applicants/office-hours/apply/', touch: ['firstName', 'email', 'otherReasonForMeeting'] },
];

for (const { route, touch } of applyPages) {
  test(`${route} is axe clean with errors showing`, async ({ page }) => {
    await gotoHydrated(page, route);
    await touchFields(page, touch);
    await expect(page.locator('#field-firstName-error')).toHaveText('First name is required.');
    await expectNoAxeViolations(page);
  });
}

test('/applicants/grantee-finance/ is axe clean with errors showing in the crypto and the bank sections', async ({ page }) => {
  await gotoHydrated(page, '/applicants/grantee-finance/');
  await page.locator('input[name="paymentPreference"][value="ETH/DAI"]').check();
  await page.locator('#field-ethAddress').fill('0x12');
  await touchFields(page, ['beneficiaryName', 'ethAddress']);
  await expect(page.locator('#field-ethAddress-error')).toHaveText('ETH address must have a valid format.');
  await expectNoAxeViolations(page);
  await page.locator('input[name="paymentPreference"][value="Fiat"]').check();
  await touchFields(page, ['bankName', 'IBAN']);
  await expectNoAxeViolations(page);
});

const thankYouPages = [
  { route: '/applicants/project-grants/thank-you/', grantType: 'Project Grants', email: contact.general },
  { route: '/applicants/office-hours/thank-you/', grantType: 'Office Hours', email: contact.general },
  { route: '/applicants/grantee-finance/thank-you/', grantType: 'Grantee Finance', email: contact.general },
  { route: '/academic-grants/thank-you/', grantType: 'Academic Grants', email: contact.academicGrants },
  { route: '/devcon-grants/thank-you/', grantType: 'Devcon Grants', email: contact.devconGrants },
  { route: '/applicants/small-grants/thank-you/', grantType: 'Small Grants', email: null },
];

for (const { route, grantType, email } of thankYouPages) {
  test(`${route} thanks the applicant, stays out of search results and is axe clean`, async ({ page }) => {
    await gotoHydrated(page, route);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
    await expect(page.getByText(`for applying to ${grantType}`)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    if (email) {
      await expect(page.getByText(/You should receive a confirmation email from us within 2 business days/)).toBeVisible();
      await expect(page.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    }
    await expectNoAxeViolations(page);
  });
}
