/**
 * Lighthouse over every route of the export (content pages, the six forms and their thank-you
 * pages), mobile and desktop, median of N runs each, taken in rounds over all routes (a 2-core
 * machine is noisy: single runs of the performance score swing by 10 points). Measures the site as
 * `npm start` serves it: the real server (scripts/start.ts, started through
 * scripts/server-process.ts) with the build's precompressed files and its headers. Writes the four
 * scores, Total Blocking Time and Largest Contentful Paint to docs/audit.md.
 *
 *   npm run audit                                         every route, 5 runs, written to docs/audit.md
 *   npm run audit -- --runs 3 --routes /,/applicants/project-grants/apply/
 *                                                         some routes: printed, docs/audit.md untouched
 *   npm run audit -- --presets mobile                     mobile only
 *   npm run audit -- --url http://127.0.0.1:3000          a server that is already running
 *   npm run audit -- --port 3184                          where the audit's own server listens (AUDIT_PORT)
 *   npm run audit -- --reference-rows 19 --routes …       the reference as 19 rows of its own, spread through each round
 *   npm run audit -- --signed-in team,applicant --routes /equipo/solicitudes/,/mi-solicitud/
 *                                                         each team or applicant route also measured signed in, a row
 *                                                         "<route> (signed in)" beside the signed-out one
 *
 * Signed in (scripts/audit-sessions.ts): before the audit's own server starts, its fresh data folder
 * gets one project grant application from ana@example.org, an admin and a finance member, and a
 * session for each and for the applicant, started by the server's own session code; a signed-in row
 * sends that session's cookie with every request (Lighthouse's extraHeaders): Pagos the finance
 * member's, every other team page the admin's, /mi-solicitud/* the applicant's. The detail pages
 * open the seeded application (/equipo/solicitud/?id=PG-…, /mi-solicitud/solicitud/?ref=PG-…).
 * Without --routes, `--signed-in team` adds the team's routes to the list (signed out and in).
 *
 * Every run also measures a bare Next page with /about/'s text (scripts/reference-page.ts), served by
 * a second server on the next port: the last row, what Next and React alone score in the same run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_FLAGS, chromiumExecutablePath } from './chromium';
import { assertExportExists, listExportedRoutes, outDir, projectDir } from './export-files';
import { buildReferencePage, referenceDir } from './reference-page';
import { startServerProcess, type ServerProcess } from './server-process';
import { startTwitterWidgetStubServer, TWITTER_WIDGET_HOST } from './twitter-widget-stub';
import { isTeamPath } from '../src/team/teamPath';
import { reportKind } from './page-kinds';
import { benchmarkIndexSummary, CATEGORIES, interleaveReference, median, type Sample, summariseByKind } from './audit-rounds';
import { parseSignedInAreas, routeTargets, seedSignedInSessions, type SignedInArea } from './audit-sessions';

const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];

/** Every route the audit measures by default: the public ones, and the team area's only when it is measured signed in too. */
export function auditedRoutes(routes: readonly string[], signedIn: readonly SignedInArea[] = []): string[] {
  return routes.filter((route) => !isTeamPath(route) || signedIn.includes('team'));
}

// Screenshots score nothing; the full-page one also resizes the viewport to the whole page, which
// would bring the footer's lazy social embeds into view as no reader's first visit does.
const SKIPPED_AUDITS = ['screenshot-thumbnails', 'final-screenshot', 'full-page-screenshot'];
const CONFIGS = {
  mobile: { extends: 'lighthouse:default', settings: { skipAudits: SKIPPED_AUDITS } },
  desktop: { ...desktopConfig, settings: { ...desktopConfig.settings, skipAudits: SKIPPED_AUDITS } },
} as const;

async function runOnce(url: string, port: number, preset: Preset, cookie?: string): Promise<Sample> {
  const extraHeaders = cookie ? { Cookie: cookie } : undefined;
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], extraHeaders }, CONFIGS[preset]);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  const sample = {
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  } as Sample;
  for (const category of CATEGORIES) {
    const score = lhr.categories[category]?.score;
    if (typeof score !== 'number') throw new Error(`${url}: no ${category} score (${lhr.runtimeError?.message ?? 'unknown error'})`);
    sample[category] = Math.round(score * 100);
  }
  return sample;
}

type Options = { runs: number; routes: string[]; presets: Preset[]; url?: string; port: number; referenceRows: number; signedIn: SignedInArea[] };

export function parseArgs(argv: readonly string[]): Options {
  const args = [...argv];
  const take = (name: string): string | undefined => {
    const index = args.indexOf(name);
    if (index === -1) return undefined;
    const [, value] = args.splice(index, 2);
    if (value === undefined) throw new Error(`${name} needs a value`);
    return value;
  };
  const runs = Number(take('--runs') ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs needs a positive whole number');
  const presets = (take('--presets') ?? PRESETS.join(',')).split(',') as Preset[];
  if (presets.some((preset) => !PRESETS.includes(preset))) throw new Error(`--presets takes ${PRESETS.join(', ')}`);
  const port = Number(take('--port') ?? process.env.AUDIT_PORT ?? 3184);
  const referenceRows = Number(take('--reference-rows') ?? 1);
  if (!Number.isInteger(referenceRows) || referenceRows < 1) throw new Error('--reference-rows needs a positive whole number');
  const url = take('--url');
  const signedIn = parseSignedInAreas(take('--signed-in'));
  if (signedIn.length > 0 && url) throw new Error('--signed-in seeds the audit\'s own server: it cannot be used with --url');
  const listed = take('--routes')?.split(',').filter(Boolean) ?? [];
  // Routes may also follow as plain arguments (npm run audit -- / /about/).
  return { runs, presets, port, url, referenceRows, signedIn, routes: [...listed, ...args.filter((arg) => !arg.startsWith('--'))] };
}

/** Below this one-minute load average (2 cores) the machine counts as quiet enough to measure. */
const QUIET_LOAD = 1.5;
const QUIET_WAIT_MS = 5 * 60_000;

/**
 * Waits (up to five minutes) for the machine to settle, so an audit started right after a build or
 * a test run does not measure their tail; says so when it gives up.
 */
async function waitForQuietMachine(): Promise<void> {
  const deadline = Date.now() + QUIET_WAIT_MS;
  while ((os.loadavg()[0] ?? 0) > QUIET_LOAD) {
    if (Date.now() > deadline) {
      console.log(`load average still ${os.loadavg()[0]?.toFixed(2)} after ${QUIET_WAIT_MS / 60_000} minutes: measuring anyway`);
      return;
    }
    console.log(`waiting for the machine to settle (load average ${os.loadavg()[0]?.toFixed(2)}, measuring below ${QUIET_LOAD})`);
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  assertExportExists();
  const options = parseArgs(process.argv.slice(2));
  const routes = options.routes.length > 0 ? options.routes : auditedRoutes(listExportedRoutes(), options.signedIn);

  let server: ServerProcess | null = null;
  let referenceServer: ServerProcess | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-data-'));
  const referenceDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-reference-data-'));
  const widgetStub = await startTwitterWidgetStubServer();
  const chromePath = chromiumExecutablePath();
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  const rows: string[] = [];
  let hostBenchmark = 'not reported';
  try {
    const sessions = options.signedIn.length > 0 ? await seedSignedInSessions(dataDir, options.signedIn) : null;
    server = options.url ? null : await startServerProcess({ DATA_DIR: dataDir }, options.port);
    const origin = options.url ?? server?.url ?? '';
    // Built before the wait for a quiet machine, and served by the same server code with the same headers.
    const referenceOut = buildReferencePage(path.join(outDir, 'about/index.html'));
    referenceServer = await startServerProcess({ DATA_DIR: referenceDataDir, OUT_DIR: referenceOut }, options.port + 1);
    const targets = interleaveReference(
      routeTargets(routes, origin, sessions, reportKind),
      { kind: 'reference', url: `${referenceServer.url}/` },
      options.referenceRows,
    );
    // The footer's X posts load widgets.js when they come near the viewport (at once on short pages
    // at desktop size); with no internet here it would fail and count as a console error, so a stub
    // answers for the provider, as in the browser tests.
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [...CHROMIUM_FLAGS, `--host-resolver-rules=MAP ${TWITTER_WIDGET_HOST} 127.0.0.1:${widgetStub.port}`, '--ignore-certificate-errors'],
    });
    await waitForQuietMachine();
    // One discarded run: the browser's first page load pays its own start-up.
    await runOnce(targets[0]?.url ?? `${origin}/`, chrome.port, options.presets[0] ?? 'mobile', targets[0]?.cookie);
    // Rounds, not runs in a row: each round measures every route once, so a burst of load on this
    // shared machine lands on one sample of many routes instead of on all the samples of one route.
    const samples = new Map<string, Sample[]>();
    for (let run = 0; run < options.runs; run += 1) {
      console.log(`round ${run + 1} of ${options.runs} (load average ${os.loadavg()[0]?.toFixed(2)})`);
      for (const target of targets) {
        for (const preset of options.presets) {
          const key = `${preset} ${target.label}`;
          samples.set(key, [...(samples.get(key) ?? []), await runOnce(target.url, chrome.port, preset, target.cookie)]);
        }
      }
    }
    for (const { label, kind } of targets) {
      const cells: string[] = [];
      for (const preset of options.presets) {
        const runs = samples.get(`${preset} ${label}`) ?? [];
        const scores = CATEGORIES.map((category) => median(runs.map((sample) => sample[category])));
        const tbt = median(runs.map((sample) => sample.tbt));
        const lcp = median(runs.map((sample) => sample.lcp));
        cells.push(...scores.map(String), ms(tbt), seconds(lcp));
        console.log(
          `${label} ${preset}: ${CATEGORIES.map((category, i) => `${category} ${scores[i]}`).join(', ')}, TBT ${ms(tbt)}, LCP ${seconds(lcp)}` +
            ` (performance runs: ${runs.map((sample) => sample.performance).join(' ')})`,
        );
      }
      rows.push(`| ${label} | ${kind} | ${cells.join(' | ')} |`);
    }
    for (const preset of options.presets) console.log(`${preset}: ${summariseByKind(targets, (label) => samples.get(`${preset} ${label}`) ?? [])}`);
    hostBenchmark = benchmarkIndexSummary([...samples.values()].flat());
    console.log(`Lighthouse BenchmarkIndex of this machine: ${hostBenchmark}`);
  } finally {
    await chrome?.kill();
    server?.child.kill('SIGTERM');
    referenceServer?.child.kill('SIGTERM');
    await Promise.all([server?.exited, referenceServer?.exited]);
    fs.rmSync(referenceDir, { recursive: true, force: true });
    fs.rmSync(referenceDataDir, { recursive: true, force: true });
    widgetStub.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const chromiumVersion = execFileSync(chromePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  const date = new Date().toISOString().slice(0, 10);
  const header = options.presets.flatMap((preset) => [...CATEGORIES.map((category) => `${preset} ${category}`), `${preset} TBT`, `${preset} LCP`]);
  const markdown = [
    '# Lighthouse audit',
    '',
    `Measured ${date} with Lighthouse 13.5.0 and ${chromiumVersion}, headless, on the site as \`npm start\` serves it`,
    `(scripts/start.ts: the build's precompressed files, on 127.0.0.1; 2-core machine). Each cell is the median of ${options.runs} runs,`,
    'taken in rounds (each round measures every route once) after one discarded run and a wait for the machine to settle;',
    'mobile uses Lighthouse\'s default simulated throttling (slow 4G, 4× CPU), desktop its desktop preset.',
    'TBT is Total Blocking Time, LCP Largest Contentful Paint.',
    `Lighthouse's BenchmarkIndex of the machine over the runs: ${hostBenchmark}; its 4× CPU multiplier assumes 1500–2000 (a high-end desktop).`,
    'This machine has no internet: X\'s widgets.js (the footer posts) is answered by the same local stub as in the browser tests.',
    'Regenerate with `npm run audit` after `npm run build` (`-- --runs N --routes /a/,/b/` for a subset, printed only).',
    'The last row is the reference the same run measures (scripts/reference-page.ts): a bare Next pages-router page built from the same',
    '`node_modules`, with the visible text of /about/ as plain paragraphs and no styles, fonts or components of ours, served by the',
    'same server code. It shows what Next and React alone score on this machine in that run; it has no `<html lang>` or description.',
    ...(options.signedIn.length > 0
      ? ['Rows "(signed in)" open the page with a session of the audit\'s own seeded data (`--signed-in`, scripts/audit-sessions.ts): an admin (Pagos: a finance member), the applicant of one project grant.']
      : []),
    '',
    `| route | kind | ${header.join(' | ')} |`,
    `| --- | --- | ${header.map(() => '---:').join(' | ')} |`,
    ...rows,
    '',
  ].join('\n');
  if (options.routes.length === 0) {
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
