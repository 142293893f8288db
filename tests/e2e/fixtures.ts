/**
 * The `test` every e2e spec uses. On top of Playwright's own fixtures it
 *  - keeps the browser off the internet: only 127.0.0.1 and localhost are reachable; the X (Twitter) widget
 *    script is answered by a local stub (or aborted, with `test.use({ twitterWidget: 'abort' })`),
 *    and every other third-party request is aborted and recorded in `thirdPartyRequests`;
 *  - answers GET /api/rounds with no rounds (the export has no API; pages keep their built state);
 *  - fails a test that logged a console error or threw an uncaught page error, unless the test
 *    explicitly allowed that message with `consoleErrors.allow(pattern, reason)`.
 * A test can still answer any URL itself with page.route(): page routes win over these context routes.
 * Pages from browser.newContext() in a test bypass all of this; use the `page`/`context` fixtures.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Response } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { assertExportExists, listExportedRoutes, outDir } from '../../scripts/export-files';
import { site } from '../../src/config/site';
import { isTwitterWidgetScript, TWITTER_WIDGET_STUB } from '../../scripts/twitter-widget-stub';

export { expect };

/** The list /becas-otorgadas/ was built with (its page props in out/), which the export's stand-in for the API answers. */
export function builtOpenBooksSnapshot(): unknown {
  const html = fs.readFileSync(path.join(outDir, 'becas-otorgadas', 'index.html'), 'utf8');
  const data = /<script id="__NEXT_DATA__" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!data) throw new Error('out/becas-otorgadas/index.html has no __NEXT_DATA__: was the export built?');
  return (JSON.parse(data) as { props: { pageProps: { snapshot: unknown } } }).props.pageProps.snapshot;
}

export { isTwitterWidgetScript };

/** Console errors and uncaught page errors of one test, and the ones it explicitly tolerates. */
export class ConsoleErrors {
  private readonly seen: string[] = [];
  private readonly allowed: Array<{ pattern: RegExp; reason: string }> = [];

  /** Everything seen so far, in order. */
  get messages(): readonly string[] {
    return this.seen;
  }

  record(message: string): void {
    this.seen.push(message);
  }

  /** Tolerates messages matching pattern in this test; the reason documents why. */
  allow(pattern: RegExp, reason: string): void {
    if (reason.trim() === '') throw new Error('consoleErrors.allow needs a reason');
    this.allowed.push({ pattern, reason });
  }

  unexpected(): string[] {
    return this.seen.filter((message) => !this.allowed.some(({ pattern }) => pattern.test(message)));
  }
}

interface Options {
  /** 'stub' answers widgets.js with TWITTER_WIDGET_STUB; 'abort' fails it like a blocked network would. */
  twitterWidget: 'stub' | 'abort';
}

interface Fixtures {
  consoleErrors: ConsoleErrors;
  /** Every request for a host other than 127.0.0.1 and localhost, in order (all of them were stubbed or aborted). */
  thirdPartyRequests: string[];
}

export const test = base.extend<Options & Fixtures>({
  twitterWidget: ['stub', { option: true }],

  consoleErrors: async ({}, provide) => {
    const consoleErrors = new ConsoleErrors();
    await provide(consoleErrors);
    expect(consoleErrors.unexpected(), 'console errors or uncaught page errors during the test').toEqual([]);
  },

  thirdPartyRequests: async ({}, provide) => {
    await provide([]);
  },

  // Every page of every test comes from this context, so the guards cover them all.
  context: async ({ context, twitterWidget, consoleErrors, thirdPartyRequests }, provide) => {
    await context.route(
      // localhost too: WebAuthn refuses IP addresses, so the team area's tests use http://localhost:PORT.
      (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
      async (route) => {
        const url = route.request().url();
        thirdPartyRequests.push(url);
        if (isTwitterWidgetScript(url) && twitterWidget === 'stub') {
          await route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: TWITTER_WIDGET_STUB });
        } else {
          await route.abort('blockedbyclient');
        }
      },
    );

    // The static export has no API: the pages' GET /api/rounds (the rounds' state at run time) is
    // answered with no rounds, so each page keeps the state it was built with. A test that needs the
    // server's state answers it itself with page.route().
    await context.route(
      (url) => url.pathname === '/api/rounds',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ programmes: [] }) }),
    );
    // Likewise /becas-otorgadas/'s GET /api/open-books/grants: answered with the snapshot the page was built with.
    await context.route(
      (url) => url.pathname === '/api/open-books/grants',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(builtOpenBooksSnapshot()) }),
    );

    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url, lineNumber } = message.location();
      consoleErrors.record(url ? `${message.text()} (at ${url}:${lineNumber})` : message.text());
    });
    context.on('weberror', (webError) => {
      const error = webError.error();
      consoleErrors.record(`uncaught: ${error.stack ?? error.message}`);
    });

    await provide(context);
  },
});

/** Runs axe (WCAG 2.0/2.1/2.2 A and AA rules) on the page as it is now and fails with a readable list. */
export async function expectNoAxeViolations(page: Page, options: { include?: string; applied?: readonly string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']);
  if (options.include) builder = builder.include(options.include);
  const { violations, passes, incomplete } = await builder.analyze();
  // axe finishes its run in a page of its own, opened and closed in this context: the page under test is given
  // the window's focus back, so a focus the test checks next (document.hasFocus()) is the page's, not axe's.
  await page.bringToFront();
  // A rule that found nothing to check passes by default: `applied` names rules that must have checked something here.
  for (const rule of options.applied ?? []) {
    const checked = [...violations, ...passes, ...incomplete].filter((result) => result.id === rule).reduce((count, result) => count + result.nodes.length, 0);
    expect(checked, `axe's ${rule} found something to check on ${page.url()}`).toBeGreaterThan(0);
  }

  const report = violations
    .map((violation) => {
      const nodes = violation.nodes.slice(0, 5).map((node) => {
        const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ');
        return `    - ${node.target.join(' ')}\n      ${node.html.slice(0, 160)}\n      ${summary}`;
      });
      const more = violation.nodes.length > 5 ? [`    … and ${violation.nodes.length - 5} more`] : [];
      return [`  [${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help} (${violation.helpUrl})`, ...nodes, ...more].join('\n');
    })
    .join('\n');
  expect(violations.length, `axe violations on ${page.url()}:\n${report}`).toBe(0);
}

/**
 * Navigates and waits until the page's scripts have done their start: the light scripts (module
 * scripts, run before the load event page.goto waits for) and, on a page that runs Next (it has
 * __NEXT_DATA__), React's hydration, so clicks reach their handlers and hydration errors have been
 * logged. Next's pages router records the 'Next.js-hydration' performance measure right after the
 * hydration commit; a content page has no Next runtime to wait for.
 */
export async function gotoHydrated(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await page.waitForFunction(() => !document.getElementById('__NEXT_DATA__') || performance.getEntriesByName('Next.js-hydration', 'measure').length > 0, undefined, {
    timeout: 10_000,
  });
  return response;
}

/** Page titles read 'title | {product} Academy'. */
export const TITLE_FORM = /^.+ \| .+ Academy$/;

/** The head every page shares: language, title form, description, social cards, canonical URL. */
export async function expectSharedHead(page: Page, route: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(TITLE_FORM);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', /\S/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site.url}${route}`);
}

/** Every route of the static export ('/', '/about/', …) except the 404 page, from out/. */
export function exportedRoutes(): string[] {
  assertExportExists();
  return listExportedRoutes();
}

/** Moves to the bottom of the page the way a reader would, so scroll-triggered loaders fire. */
export async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}
