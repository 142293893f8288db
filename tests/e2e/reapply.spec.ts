/**
 * Reapplying in the browser against the static export (issue 52), with /api/applicant answered here as the server
 * would for a signed-in applicant: the portal's "Volver a solicitar" on a rejected application, the public form
 * opened from it and filled, the question before a draft is replaced, keyboard only; axe on both pages at 375 and
 * 1280 px, with screenshots in test-results/reapply/. The server's side is tests/api/reapply.test.ts.
 */
import type { Page } from '@playwright/test';
import type { ApplicationPrefill } from '../../src/api/contracts/applicant';
import { applicantDetail } from '../support/applicantDetail';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures';

const REFERENCE = 'OH-000007';
const SHOTS = 'test-results/reapply';

const values = {
  firstName: 'Ana',
  lastName: 'Pérez',
  email: 'ana@example.org',
  individualOrTeam: 'Individual',
  officeHoursRequest: 'Project feedback',
  otherReasonForMeeting: 'Queremos revisar el plan de pruebas del monedero.',
  projectName: 'Monedero comunitario',
  projectDescription: 'Un monedero para cooperativas de ahorro en Cusco, con recuperación social de cuentas y pagos en stablecoins.',
  additionalInfo: 'https://github.com/ana/monedero',
  projectCategory: 'layer-2',
  timezone: 'America/Lima',
  howDidYouHearAboutESP: 'esp-newsletter',
};

const detail = applicantDetail({
  reference: REFERENCE,
  form: 'office-hours',
  programme: 'Office Hours',
  title: 'Monedero comunitario',
  submittedAt: '2026-10-02T15:04:00Z',
  status: 'rejected',
  statusLabel: 'Rechazada',
  steps: [
    { status: 'received', label: 'Recibida', at: '2026-10-02T15:04:00Z' },
    { status: 'rejected', label: 'Rechazada', at: '2026-10-20T10:00:00Z' },
  ],
  nextStep: null,
  decisionMessage: { text: 'Información incompleta: falta describir el plan de pruebas.', at: '2026-10-20T10:00:00Z' },
  answers: [{ title: 'About you', answers: [{ name: 'firstName', label: 'First name', value: 'Ana' }] }],
  fileName: null,
  canWithdraw: false,
  canReapply: true,
});

const prefill: ApplicationPrefill = { reference: REFERENCE, form: 'office-hours', values, fileName: null };

/** The portal's API as for Ana, signed in; every form POST recorded with its address. */
async function signedInAsAna(page: Page): Promise<string[]> {
  const sent: string[] = [];
  await page.route('**/api/applicant/**', (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/api/applicant/session') return route.fulfill({ json: { signedIn: true, email: 'ana@example.org' } });
    if (pathname === `/api/applicant/applications/${REFERENCE}`) return route.fulfill({ json: detail });
    if (pathname === `/api/applicant/applications/${REFERENCE}/prefill`) return route.fulfill({ json: prefill });
    return route.fulfill({ status: 404, json: { error: 'No encontramos esa solicitud.' } });
  });
  await page.route('**/api/office-hours**', (route) => {
    sent.push(route.request().url());
    return route.fulfill({ status: 201, json: { id: '8' } });
  });
  return sent;
}

test('a rejected applicant goes from the portal to the form filled with their answers, and sends it linked, by keyboard', async ({ page }) => {
  const sent = await signedInAsAna(page);
  await gotoHydrated(page, `/mi-solicitud/solicitud/?ref=${REFERENCE}`);
  const again = page.getByRole('link', { name: 'Volver a solicitar' });
  await expect(again).toBeVisible();
  await expect(page.getByRole('region', { name: 'Volver a solicitar' })).toContainText('Los archivos no se copian');
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('region', { name: 'Volver a solicitar' }).screenshot({ path: `${SHOTS}/portal-volver-a-solicitar-${width}.png` });
  }

  await again.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/applicants/office-hours/apply/?desde=${REFERENCE}`);
  await expect(page.getByLabel('Project name')).toHaveValue('Monedero comunitario');
  await expect(page.getByText(/This form is filled in with your answers from application OH-000007/)).toContainText('nothing is sent until you press “Request office hours”');
  expect(sent).toEqual([]);
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByText(/This form is filled in with your answers/).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/form-prefilled-${width}.png` });
  }

  await page.getByLabel('Project name').fill('Monedero comunitario, segunda versión');
  await page.getByRole('button', { name: 'Request office hours' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/applicants/office-hours/thank-you/');
  expect(sent.map((url) => new URL(url).search)).toEqual([`?desde=${REFERENCE}`]);
});

test('a draft of the form is kept until the applicant chooses, by keyboard, and the focus lands on what the form holds', async ({ page }) => {
  await signedInAsAna(page);
  await page.addInitScript(
    (draft) => localStorage.setItem('borrador:office-hours', JSON.stringify(draft)),
    { savedAt: '2026-11-28T21:15:00Z', from: null, values: { ...values, projectName: 'Mi borrador' } },
  );
  await gotoHydrated(page, `/applicants/office-hours/apply/?desde=${REFERENCE}`);
  const question = page.getByRole('group', { name: /Do you want to replace it with your answers from application OH-000007\?/ });
  await expect(question).toBeVisible();
  await expect(page.getByLabel('Project name')).toHaveValue('Mi borrador');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 900 });
  await question.screenshot({ path: `${SHOTS}/draft-or-previous-375.png` });

  await page.getByRole('button', { name: `Use my answers from ${REFERENCE}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Project name')).toHaveValue('Monedero comunitario');
  await expect(page.getByText(/This form is filled in with your answers from application OH-000007/)).toBeFocused();
});

test('"Discard draft" empties the form in one press and says so where the focus lands', async ({ page }) => {
  await page.addInitScript((draft) => localStorage.setItem('borrador:office-hours', JSON.stringify(draft)), { savedAt: '2026-11-28T21:15:00Z', from: null, values });
  await gotoHydrated(page, '/applicants/office-hours/apply/');
  await expect(page.getByText(/We restored the draft you left in this browser \(saved on /)).toBeVisible();
  await page.getByRole('button', { name: 'Discard draft' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Project name')).toHaveValue('');
  await expect(page.getByText('Draft discarded: the form is empty and nothing is kept in this browser.')).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('borrador:office-hours'))).toBeNull();
  await expectNoAxeViolations(page);
});
