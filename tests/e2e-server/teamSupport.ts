/**
 * What the team-area browser tests share: the server with its database and captcha verifier,
 * Chromium's virtual authenticator (passkeys), the refusals a page logs on purpose, and a project
 * grant sent through the public form.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { startPostgresCluster, type PostgresCluster } from '../../scripts/postgres-cluster';
import { startServerProcess } from '../../scripts/server-process';
import { startFakeSiteverify, TEST_SECRET } from '../../scripts/support/fakeSiteverify';
import { runTeamCommand } from '../../src/server/cli/team';
import { formDefinitions } from '../../src/forms/definitions';
import { projectGrantsSample } from '../unit/forms/components/samples';
import { gotoHydrated, type ConsoleErrors } from '../e2e/fixtures';
import { CAPTCHA_TOKEN, fill, solveCaptcha, stubCaptcha } from '../e2e/forms-support';

export type TeamServer = { readonly cluster: PostgresCluster; readonly env: Record<string, string>; stop(): Promise<void> };

/**
 * `npm start`'s server on a throwaway PostgreSQL cluster, with the fake captcha verifier. The site
 * is `http://localhost:PORT` (WebAuthn refuses IP addresses): that is the server's
 * NEXT_PUBLIC_SITE_URL, the only accepted Origin and the WebAuthn origin. `env` is the server's,
 * for the CLIs run beside it.
 */
export async function startTeamServer(options: { serverPort: number; postgresPort: number; name: string; env?: Record<string, string> }): Promise<TeamServer> {
  const cluster = startPostgresCluster(options.postgresPort);
  const siteverify = await startFakeSiteverify(CAPTCHA_TOKEN);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-${options.name}-`));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: cluster.adminUrl,
    NEXT_PUBLIC_SITE_URL: `http://localhost:${options.serverPort}`,
    RECAPTCHA_SECRET_KEY: TEST_SECRET,
    RECAPTCHA_VERIFY_URL: siteverify.url,
    ...options.env,
  };
  const server = await startServerProcess(env, options.serverPort);
  return {
    cluster,
    env,
    stop: async () => {
      server.child.kill('SIGTERM');
      await server.exited;
      await siteverify.close();
      cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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

/** The enrolment link `npm run team -- invite` prints, run as the operator runs it beside the server. */
export async function inviteLink(server: TeamServer, email: string, role: 'admin' | 'reviewer' | 'finance'): Promise<string> {
  const lines = await runTeamCommand(['invite', email, '--role', role], { ...process.env, ...server.env });
  const link = lines.find((line) => line.startsWith(`${server.env.NEXT_PUBLIC_SITE_URL}/equipo/inscripcion/#t=`));
  expect(link, lines.join('\n')).toBeDefined();
  return link!;
}

/** A member invited by the CLI, enrolled with a passkey in a browser context of their own, on the inbox. */
export async function enrolledMember(browser: Browser, server: TeamServer, email: string, role: 'admin' | 'reviewer' | 'finance'): Promise<Page> {
  const link = await inviteLink(server, email, role);
  const context = await browser.newContext({ baseURL: server.env.NEXT_PUBLIC_SITE_URL });
  const page = await context.newPage();
  await addVirtualAuthenticator(page);
  await gotoHydrated(page, link);
  await page.getByRole('button', { name: 'Crear mi llave de acceso' }).click();
  await page.waitForURL(/\/equipo\/solicitudes\//);
  return page;
}

/**
 * With `dir` set (from an environment variable), full-page screenshots of the current page at 1280
 * and 375 px, for looking at the pages; the tests assert nothing with them.
 */
export async function saveScreenshots(page: Page, dir: string | undefined, name: string): Promise<void> {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
