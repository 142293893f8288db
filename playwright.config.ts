/**
 * Browser tests against the static export (run `npm run build` first; `npm test` does).
 * Uses the system Chromium: Playwright's own browsers are never downloaded.
 */
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium';

// E2E_PORT lets several checkouts on one machine run their browser tests at once.
const port = Number(process.env.E2E_PORT) || 4173;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2, // the project's machines have 2 cores
  retries: 0,
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    locale: 'es-ES',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  webServer: {
    command: 'tsx scripts/serve-static.ts',
    url: `${baseURL}/`,
    env: { HOST: '127.0.0.1', PORT: String(port) },
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    timeout: 30_000,
  },
});
