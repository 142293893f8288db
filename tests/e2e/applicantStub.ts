import { expect, type Page } from '@playwright/test';
import type { ConsoleErrors } from './fixtures';

/**
 * The applicant portal's pages (/mi-solicitud/) ask /api/applicant/* after hydration, which the
 * static server cannot answer: here the API answers as for a visitor without a session (the session
 * probe 200 `{signedIn: false}`, every other route 401, and 400 for the sign-in page's missing token),
 * so the pages show their signed-out state. Only that 400 may reach the console: a signed-out visit
 * asks nothing that is answered 401. The signed-in states are tested against the real server
 * (tests/e2e-server/applicant.spec.ts).
 */
export async function stubApplicantApiSignedOut(page: Page, consoleErrors: ConsoleErrors): Promise<void> {
  consoleErrors.allow(/status of 400/, 'the sign-in page posts a link without a token and gets 400: it then offers a new link');
  await page.route('**/api/applicant/**', (route) => {
    if (!route.request().url().endsWith('/api/applicant/session')) return route.fulfill({ status: 401, json: { error: 'Inicia sesión con el enlace que te enviamos.' } });
    return route.request().method() === 'GET'
      ? route.fulfill({ status: 200, json: { signedIn: false } })
      : route.fulfill({ status: 400, json: { error: 'El enlace no es válido. Pide uno nuevo.' } });
  });
}

export const isApplicantPortalRoute = (route: string): boolean => route.startsWith('/mi-solicitud/');

/** Once the portal has heard from the (stubbed) API: the link form, or the notice of a missing reference. */
export async function signedOutPortalShown(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Enviarme el enlace' }).or(page.getByText(/El enlace está incompleto\./))).toBeVisible();
}
