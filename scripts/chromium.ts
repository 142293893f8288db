import type { LaunchOptions } from 'playwright-core';

/** Flags for Debian's Chromium on a machine with no network beyond the package registries. */
export const CHROMIUM_FLAGS: readonly string[] = [
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
export function chromiumExecutablePath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function chromiumLaunchOptions(): LaunchOptions {
  return { executablePath: chromiumExecutablePath(), args: [...CHROMIUM_FLAGS] };
}
