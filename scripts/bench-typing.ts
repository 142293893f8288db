/**
 * Typing benchmark: how long a keystroke takes in the application forms on a throttled phone CPU.
 * Starts `npm start`'s server (scripts/server-process.ts) on the built export, opens each form in
 * Chromium with the CPU slowed 4x (DevTools' CPU throttling), types about 60 characters into a
 * short text field, a long textarea and, as the baseline, the footer's newsletter field on the same
 * page, and reports the Event Timing duration of every keystroke (median, p98, max).
 *
 *   npm run bench:typing
 *   npm run bench:typing -- --rate 4 --port 3182 --forms /applicants/project-grants/apply/
 *   npm run bench:typing -- --url http://127.0.0.1:3000      (a server that is already running)
 *
 * Event Timing reports only events of 16 ms or more (the smallest threshold it accepts), so a
 * keystroke with no entry counts as 16 ms: figures at 16 mean "16 ms or less".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium';
import { startServerProcess } from './server-process';

const TEXT = 'Una red de nodos comunitarios para pagos en Latinoamérica hoy.'; // 62 characters
/** A person typing briskly: about eight characters a second. */
const KEY_DELAY_MS = 120;
const MIN_REPORTED_MS = 16;

const DEFAULT_FORMS = ['/applicants/project-grants/apply/', '/applicants/small-grants/apply/'];

type Stats = { median: number; p98: number; max: number; keys: number };

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

function stats(durations: readonly number[]): Stats {
  const sorted = [...durations].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p98: percentile(sorted, 0.98), max: sorted.at(-1) ?? 0, keys: sorted.length };
}

/** Starts collecting keyboard interactions' durations (one figure per interaction: its longest event). */
async function observeInteractions(page: Page): Promise<void> {
  await page.evaluate((threshold) => {
    const byInteraction = new Map<number, number>();
    (window as unknown as { __typing: Map<number, number> }).__typing = byInteraction;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (!entry.interactionId) continue;
        byInteraction.set(entry.interactionId, Math.max(byInteraction.get(entry.interactionId) ?? 0, entry.duration));
      }
    }).observe({ type: 'event', durationThreshold: threshold } as PerformanceObserverInit);
  }, MIN_REPORTED_MS);
}

async function typeInto(page: Page, selector: string): Promise<Stats> {
  const field = page.locator(selector).first();
  // Every field is typed into in the middle of the screen. Headless Chromium presents no frame for
  // keystrokes in a field at the viewport's bottom edge, even on a bare page, so their durations
  // grow to seconds (docs/benchmarks.md). Sections laid out only as they come near the screen may
  // move the field once after a scroll, hence the second centring.
  for (let settle = 0; settle < 2; settle += 1) {
    await field.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await page.waitForTimeout(300);
  }
  await field.click();
  await page.waitForTimeout(500);
  await page.evaluate(() => (window as unknown as { __typing: Map<number, number> }).__typing.clear());
  await page.keyboard.type(TEXT, { delay: KEY_DELAY_MS });
  // Event Timing entries arrive after the next paint; give the throttled page time to report.
  await page.waitForTimeout(1500);
  const measured = await page.evaluate(() => [...(window as unknown as { __typing: Map<number, number> }).__typing.values()]);
  const durations = [...measured, ...Array<number>(Math.max(0, TEXT.length - measured.length)).fill(MIN_REPORTED_MS)];
  await field.fill('');
  return stats(durations);
}

async function benchForm(page: Page, url: string, rate: number): Promise<Record<string, Stats>> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  await observeInteractions(page);
  const form = page.locator('form[id$="-form"]');
  const results = {
    'short text': await typeInto(page, '#field-firstName'),
    textarea: await typeInto(page, `#${await form.getAttribute('id')} textarea:visible`),
    'newsletter (baseline)': await typeInto(page, '#newsletter input[name="email"]'),
  };
  await session.detach();
  return results;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const rate = Number(option(args, '--rate') ?? 4);
  const port = Number(option(args, '--port') ?? process.env.BENCH_TYPING_PORT ?? 3182);
  const forms = option(args, '--forms')?.split(',') ?? DEFAULT_FORMS;
  const runningUrl = option(args, '--url');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-typing-'));
  const server = runningUrl ? null : await startServerProcess({ DATA_DIR: dataDir }, port);
  const origin = runningUrl ?? server?.url ?? '';
  const browser = await chromium.launch(chromiumLaunchOptions());
  const rows: string[] = [];
  try {
    for (const route of forms) {
      const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const results = await benchForm(page, origin + route, rate);
      for (const [field, figure] of Object.entries(results)) {
        const row = `| ${route} | ${field} | ${figure.median} | ${figure.p98} | ${figure.max} | ${figure.keys} |`;
        rows.push(row);
        console.log(row);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server?.child.kill('SIGTERM');
    await server?.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    [
      '',
      `Keystroke duration (Event Timing, ms) at ${rate}x CPU throttling, ${TEXT.length} characters typed ${KEY_DELAY_MS} ms apart:`,
      '',
      '| form | field | median | p98 | max | keys |',
      '| --- | --- | ---: | ---: | ---: | ---: |',
      ...rows,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(`bench:typing: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
