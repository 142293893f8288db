/**
 * Browser tests against `npm start`'s server with a real database (tests/e2e-server): each form
 * submitted end to end, its row found in PostgreSQL. The spec starts the server itself (it needs
 * the database URL and a fake captcha verifier), so there is no webServer here.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export const E2E_SERVER_PORT = 3190;

export default defineConfig({
  ...base,
  testDir: 'tests/e2e-server',
  fullyParallel: false,
  workers: 1,
  timeout: 120_000,
  use: { ...base.use, baseURL: `http://127.0.0.1:${E2E_SERVER_PORT}` },
  webServer: undefined,
});
