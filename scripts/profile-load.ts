/**
 * CPU profile of one page's load and hydration in Chromium with the CPU throttled (DevTools'
 * throttling, 4x by default): self time by script and, where the build has source maps
 * (productionBrowserSourceMaps), by source file or package; plus the page's long tasks.
 *
 *   npm run profile:load -- http://127.0.0.1:3000/applicants/project-grants/apply/ [--rate 4] [--out file.cpuprofile] [--inclusive 40]
 */
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { chromiumLaunchOptions } from './chromium';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

const scripts = new Map<string, string[]>();

/** A few characters of minified code before a function's start: the module id of a module factory. */
function codeBefore(url: string, line: number, column: number): string {
  return (scripts.get(url)?.[line] ?? '').slice(Math.max(0, column - 40), column + 20).replace(/\s+/g, ' ');
}

async function sourceMapFor(url: string, cache: Map<string, SourceMapConsumer | null>): Promise<SourceMapConsumer | null> {
  if (cache.has(url)) return cache.get(url) ?? null;
  let consumer: SourceMapConsumer | null = null;
  try {
    const script = await (await fetch(url)).text();
    scripts.set(url, script.split('\n'));
    const mapName = script.match(/\/\/# sourceMappingURL=(\S+)\s*$/)?.[1];
    const answer = mapName ? await fetch(new URL(mapName, url)) : null;
    if (answer?.ok) consumer = new SourceMapConsumer((await answer.json()) as RawSourceMap);
  } catch {
    consumer = null;
  }
  cache.set(url, consumer);
  return consumer;
}

/** node_modules/<package> or the project file a source path names. */
function sourceGroup(source: string): string {
  const inModules = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1] ?? source;
  return source.replace(/^.*?\[project\]\//, '').replace(/^turbopack:\/\/\/?/, '');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const url = args.find((arg) => arg.startsWith('http'));
  if (!url) throw new Error('give the page URL');
  const rate = Number(option(args, '--rate') ?? 4);
  const browser = await chromium.launch(chromiumLaunchOptions());
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) }))).observe({ type: 'longtask', buffered: true });
  });
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: Profile };
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks);
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(0), 1000);
      }),
  );
  const out = option(args, '--out');
  if (out) fs.writeFileSync(out, JSON.stringify(profile));

  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByNode = new Map<number, number>();
  profile.samples.forEach((id, index) => selfByNode.set(id, (selfByNode.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
  const byScript = new Map<string, number>();
  const bySource = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const maps = new Map<string, SourceMapConsumer | null>();
  for (const [id, self] of selfByNode) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) continue;
    const script = frame.url ? frame.url.replace(/^https?:\/\/[^/]+/, '') : `(${frame.functionName || 'native'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + self);
    const map = frame.url ? await sourceMapFor(frame.url, maps) : null;
    const position = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    const source = position?.source ? sourceGroup(position.source) : script;
    bySource.set(source, (bySource.get(source) ?? 0) + self);
    const fn = `${position?.name || frame.functionName || '(anonymous)'} @ ${source}${position?.line ? `:${position.line}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + self);
  }
  // Inclusive time: each sample counts once for every distinct function on its stack.
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const keyOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const frame = node.callFrame;
    const map = frame.url ? await sourceMapFor(frame.url, maps) : null;
    const position = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    const source = position?.source ? sourceGroup(position.source) : frame.url.replace(/^https?:\/\/[^/]+/, '') || '(native)';
    const anonymous = !frame.functionName && frame.url ? ` [${codeBefore(frame.url, frame.lineNumber, frame.columnNumber)}]` : '';
    keyOf.set(node.id, `${frame.functionName || position?.name || '(anonymous)'} @ ${source}${position?.line ? `:${position.line}` : ''}${anonymous}`);
  }
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const seen = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
      const key = keyOf.get(current);
      if (key && !seen.has(key)) seen.add(key);
    }
    for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const top = (table: Map<string, number>, count: number) =>
    [...table.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, value]) => `  ${value.toFixed(0).padStart(6)} ms  ${name}`)
      .join('\n');
  const total = [...byScript.values()].reduce((sum, value) => sum + value, 0);
  console.log(`${url} at ${rate}x: ${total.toFixed(0)} ms profiled, LCP ${Math.round(lcp)} ms`);
  console.log(`long tasks (ms): ${longTasks.map((task) => `${task.duration}@${task.start}`).join(' ')}; blocking ${longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)} ms`);
  console.log(`self time by script:\n${top(byScript, 15)}`);
  console.log(`self time by source:\n${top(bySource, 30)}`);
  console.log(`self time by function:\n${top(byFunction, 30)}`);
  if (args.includes('--inclusive')) console.log(`inclusive time by function:\n${top(inclusive, Number(option(args, '--inclusive') ?? 60))}`);
  await browser.close();
}

main().catch((error: unknown) => {
  console.error(`profile-load: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
