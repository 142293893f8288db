/**
 * Screenshots of pages at phone and desktop widths, for looking at what we build:
 *   npm run screenshot -- http://127.0.0.1:3000/ /applicants/ [--widths 375,1280] [--out screenshots]
 * Paths are resolved against the first argument's origin. Uses Debian's Chromium (CHROMIUM_PATH to override).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium';

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: string) => {
    const index = args.indexOf(name);
    if (index === -1) return fallback;
    const [value] = args.splice(index, 2).slice(1);
    return value ?? fallback;
  };
  const widths = option('--widths', '375,1280').split(',').map(Number);
  const outDir = option('--out', 'screenshots');
  const fullPage = !args.includes('--viewport-only');
  const targets = args.filter((arg) => !arg.startsWith('--'));
  const [first] = targets;
  if (!first) throw new Error('usage: screenshot <url> [paths...] [--widths 375,1280] [--out dir]');
  const origin = new URL(first).origin;
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    for (const target of targets) {
      const url = new URL(target, origin);
      for (const width of widths) {
        const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 900 } });
        const page = await context.newPage();
        await page.goto(url.href, { waitUntil: 'networkidle' });
        const name = `${url.pathname.replace(/\//g, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
        if (fullPage) await showWholePage(page, width);
        await page.screenshot({ path: join(outDir, name), fullPage });
        console.log(join(outDir, name));
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

/**
 * Makes the viewport as tall as the page, so that parts rendered only as they come near the screen
 * (`content-visibility: auto`, the application forms' lower sections) are painted in a full-page
 * screenshot as a reader scrolling down sees them; their real heights replace the stand-in ones.
 */
async function showWholePage(page: Page, width: number): Promise<void> {
  for (let round = 0; round < 5; round += 1) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (height === page.viewportSize()?.height) return;
    await page.setViewportSize({ width, height });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
