/**
 * The progress of an application with a proposal going out over a slow connection (DevTools'
 * network throttling, upload at 128 kB/s), and its cancel, on a phone-sized screen.
 */
import type { Request } from '@playwright/test';
import { projectGrantsSample } from '../unit/forms/components/samples';
import { expect, gotoHydrated, test } from './fixtures';
import { solveCaptcha, stubCaptcha, toast } from './forms-support';

const PROPOSAL_BYTES = 1_500_000;
const GENERIC_ERROR = 'Algo salió mal durante el envío, inténtalo de nuevo.';

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 375, height: 812 } });

test('project grants: the share of a slow upload shows as a progress bar under "Submitting"; cancelling keeps every value, says so, and the form sends again', async ({ page }, testInfo) => {
  await stubCaptcha(page);
  // An application filled in on an earlier visit: the form restores it from its draft.
  await page.addInitScript((values) => localStorage.setItem('borrador:project-grants', JSON.stringify(values)), projectGrantsSample);
  await gotoHydrated(page, '/applicants/project-grants/apply/');
  await expect(page.locator('#field-projectName')).toHaveValue(projectGrantsSample.projectName ?? '');
  // The captcha loads once the applicant has been in the form and paused.
  await page.locator('#field-firstName').click();
  await page.locator('#field-uploadProposal').setInputFiles({ name: 'propuesta.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(PROPOSAL_BYTES, 37) });
  await expect(toast(page, 'Proposal uploaded!')).toBeVisible();
  await solveCaptcha(page);

  const network = await page.context().newCDPSession(page);
  await network.send('Network.enable');
  await network.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: -1, uploadThroughput: 128 * 1024 });
  await page.getByRole('button', { name: 'Submit Application' }).click();

  await expect(page.getByRole('button', { name: 'Submitting' })).toBeDisabled();
  // Named by its label (the toast's timer is a progress bar too).
  const bar = page.getByRole('progressbar', { name: /^(Starting to send|Sent )/ });
  await expect(bar).toHaveAccessibleName(/^Sent \d+\.\d of 1\.4 MB \(\d+%\)$/);
  // Partly sent: more than nothing, not all of it.
  await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThanOrEqual(30);
  expect(Number(await bar.getAttribute('value'))).toBeLessThan(100);
  await expect(page.getByRole('status').filter({ hasText: /^(25|50|75)% sent$/ })).toHaveCount(1);
  await bar.scrollIntoViewIfNeeded();
  // Kept with the test's output (test-results/), to look at how the bar reads on a phone.
  await page.screenshot({ path: testInfo.outputPath('upload-in-progress-375.png') });

  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(page.getByText(/^Upload cancelled\. Nothing was sent and your answers are still here/)).toBeVisible();
  await expect(bar).toHaveCount(0);
  await expect(toast(page, GENERIC_ERROR), 'a cancel is not a failure').toHaveCount(0);
  await expect(page.locator('#field-firstName')).toHaveValue(projectGrantsSample.firstName ?? '');
  await expect(page.getByTestId('uploaded-file')).toHaveText('propuesta.pdf');

  // Sent again at full speed, after the captcha (reset after every attempt) is solved again. The
  // first attempt went to the network (an answer from page.route would take the body at once, with
  // no progress to show); this one is answered here.
  const sent: Request[] = [];
  await page.route('**/api/project-grants', async (route) => {
    sent.push(route.request());
    await route.fulfill({ status: 201, contentType: 'application/json', body: '{"ok":true}' });
  });
  await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await page.waitForURL('**/applicants/project-grants/thank-you/');
  expect(sent).toHaveLength(1);
});
