/**
 * What the team-area browser tests share: Chromium's virtual authenticator (passkeys), the
 * refusals a page logs on purpose, and a project grant sent through the public form.
 */
import type { Page } from '@playwright/test';
import { formDefinitions } from '../../src/forms/definitions';
import { projectGrantsSample } from '../unit/forms/components/samples';
import { gotoHydrated, type ConsoleErrors } from '../e2e/fixtures';
import { fill, solveCaptcha, stubCaptcha } from '../e2e/forms-support';

/** A platform authenticator with user verification, as a phone or laptop with a fingerprint reader. */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

/** Chromium logs every refused request; the pages explain them, so these are expected. */
export function allowRefusals(consoleErrors: ConsoleErrors, status: number, reason: string): void {
  consoleErrors.allow(new RegExp(`status of ${status}`), reason);
}

/** The public project grants form, filled and sent as an applicant does, with a PDF proposal. */
export async function submitProjectGrant(page: Page, origin: string, proposal: Buffer): Promise<void> {
  const definition = formDefinitions['project-grants'];
  await stubCaptcha(page);
  await gotoHydrated(page, `${origin}/applicants/project-grants/apply/`);
  await fill(page, definition, projectGrantsSample);
  await page.locator('#field-uploadProposal').setInputFiles({ name: 'propuesta final.pdf', mimeType: 'application/pdf', buffer: proposal });
  await solveCaptcha(page);
  await page.getByRole('button', { name: definition.submitLabel }).click();
  await page.waitForURL(/\/applicants\/project-grants\/thank-you\/$/);
}
