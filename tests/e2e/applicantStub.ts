import { expect, type Page } from '@playwright/test';
import type { ConsoleErrors } from './fixtures';

/**
 * The applicant portal's pages (/mi-solicitud/) ask /api/applicant/* after hydration, which the
 * static server cannot answer: here the API answers as for a visitor without a session (401, and
 * 400 for the sign-in page's missing token), so the pages show their signed-out state. The
 * signed-in states are tested against the real server (tests/e2e-server/applicant.spec.ts).
 */
export async function stubApplicantApiSignedOut(page: Page, consoleErrors: ConsoleErrors): Promise<void> {
  consoleErrors.allow(/status of 40[01]/, 'the portal asks the API who is signed in and gets 401 (400 for a link without a token): it then offers a new link');
  await page.route('**/api/applicant/**', (route) =>
    route.request().url().endsWith('/api/applicant/session')
      ? route.fulfill({ status: 400, json: { error: 'El enlace no es válido. Pide uno nuevo.' } })
      : route.fulfill({ status: 401, json: { error: 'Inicia sesión con el enlace que te enviamos.' } }),
  );
}

export const isApplicantPortalRoute = (route: string): boolean => route.startsWith('/mi-solicitud/');

/** Once the portal has heard from the (stubbed) API: the link form, or the notice of a missing reference. */
export async function signedOutPortalShown(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Enviarme el enlace' }).or(page.getByText(/El enlace está incompleto\./))).toBeVisible();
}
