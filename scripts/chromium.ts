import type { LaunchOptions } from 'playwright-core';

/** Flags for Debian's Chromium on a machine with no network beyond the package registries. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium by default; CHROMIUM_PATH points elsewhere on other machines. */
export function chromiumLaunchOptions(): LaunchOptions {
  return { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_FLAGS };
}
