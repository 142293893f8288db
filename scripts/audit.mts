/**
 * Lighthouse over every content route of the export, mobile and desktop, median of N runs each
 * (a 2-core machine is noisy: single runs of the performance score swing by 10 points).
 * Serves out/ with the project's static server (precompressed, as production serves it) and
 * writes the table to docs/audit.md.
 *
 *   npm run audit                       all content routes, 5 runs each
 *   npm run audit -- --runs 3 / /about/ some routes, 3 runs
 *
 * Content routes are the exported pages that are not forms, thank-you pages or the finance form.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_FLAGS, chromiumExecutablePath } from './chromium';
import { assertExportExists, listExportedRoutes, projectDir } from './export-files';
import { createStaticServer } from './serve-static';
import { startTwitterWidgetStubServer, TWITTER_WIDGET_HOST } from './twitter-widget-stub';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type Scores = Record<Category, number>;
type Preset = 'mobile' | 'desktop';

const FORM_ROUTE = /\/(apply|thank-you|grantee-finance)\//;
// The team area (/equipo/) is an app behind sign-in, not a content page: measured by `npm run size`.
const TEAM_ROUTE = /^\/equipo\//;

export function contentRoutes(routes: readonly string[]): string[] {
  return routes.filter((route) => !FORM_ROUTE.test(route) && !TEAM_ROUTE.test(route));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

// Screenshots score nothing; the full-page one also resizes the viewport to the whole page, which
// would bring the footer's lazy social embeds into view as no reader's first visit does.
const SKIPPED_AUDITS = ['screenshot-thumbnails', 'final-screenshot', 'full-page-screenshot'];
const CONFIGS = {
  mobile: { extends: 'lighthouse:default', settings: { skipAudits: SKIPPED_AUDITS } },
  desktop: { ...desktopConfig, settings: { ...desktopConfig.settings, skipAudits: SKIPPED_AUDITS } },
} as const;

async function runOnce(url: string, port: number, preset: Preset): Promise<Scores> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }, CONFIGS[preset]);
  const categories = result?.lhr.categories;
  if (!categories) throw new Error(`Lighthouse returned no result for ${url}`);
  const scores = {} as Scores;
  for (const category of CATEGORIES) {
    const score = categories[category]?.score;
    if (typeof score !== 'number') throw new Error(`${url}: no ${category} score (${result?.lhr.runtimeError?.message ?? 'unknown error'})`);
    scores[category] = Math.round(score * 100);
  }
  return scores;
}

function parseArgs(argv: readonly string[]): { runs: number; routes: string[] } {
  const args = [...argv];
  let runs = 5;
  const runsIndex = args.indexOf('--runs');
  if (runsIndex !== -1) {
    runs = Number(args[runsIndex + 1]);
    if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs needs a positive whole number');
    args.splice(runsIndex, 2);
  }
  return { runs, routes: args };
}

async function main(): Promise<void> {
  assertExportExists();
  const { runs, routes: requested } = parseArgs(process.argv.slice(2));
  const routes = requested.length > 0 ? requested : contentRoutes(listExportedRoutes());

  const server = createStaticServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chromePath = chromiumExecutablePath();
  // The footer's X posts load widgets.js when they come near the viewport (at once on short pages
  // at desktop size); with no internet here it would fail and count as a console error, so a stub
  // answers for the provider, as in the browser tests.
  const widgetStub = await startTwitterWidgetStubServer();
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...CHROMIUM_FLAGS, `--host-resolver-rules=MAP ${TWITTER_WIDGET_HOST} 127.0.0.1:${widgetStub.port}`, '--ignore-certificate-errors'],
  });

  const rows: string[] = [];
  try {
    for (const route of routes) {
      const cells: string[] = [];
      for (const preset of ['mobile', 'desktop'] as const) {
        const samples: Scores[] = [];
        for (let run = 0; run < runs; run += 1) samples.push(await runOnce(origin + route, chrome.port, preset));
        const medians = CATEGORIES.map((category) => median(samples.map((sample) => sample[category])));
        cells.push(...medians.map(String));
        console.log(`${route} ${preset}: ${CATEGORIES.map((category, i) => `${category} ${medians[i]}`).join(', ')} (perf runs: ${samples.map((s) => s.performance).join(' ')})`);
      }
      rows.push(`| ${route} | ${cells.join(' | ')} |`);
    }
  } finally {
    await chrome.kill();
    server.close();
    widgetStub.close();
  }

  const chromiumVersion = execFileSync(chromePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  const date = new Date().toISOString().slice(0, 10);
  const header = CATEGORIES.map((category) => `mobile ${category}`).concat(CATEGORIES.map((category) => `desktop ${category}`));
  const markdown = [
    '# Lighthouse audit',
    '',
    `Measured ${date} with Lighthouse 13.5.0 and ${chromiumVersion}, headless, on the static export served`,
    `precompressed by scripts/serve-static.ts on 127.0.0.1 (2-core machine). Each cell is the median of ${runs} runs;`,
    'mobile uses Lighthouse\'s default simulated throttling (slow 4G, 4× CPU), desktop its desktop preset.',
    'This machine has no internet: X\'s widgets.js (the footer posts) is answered by the same local stub as in the browser tests.',
    'Regenerate with `npm run audit` after `npm run build`.',
    '',
    `| route | ${header.join(' | ')} |`,
    `| --- | ${header.map(() => '---:').join(' | ')} |`,
    ...rows,
    '',
  ].join('\n');
  if (requested.length === 0) {
    fs.mkdirSync(path.join(projectDir, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(projectDir, 'docs/audit.md'), markdown);
    console.log('\nwritten to docs/audit.md');
  } else {
    console.log(`\n${markdown}`);
  }
}

main().catch((error: unknown) => {
  console.error(`audit: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
