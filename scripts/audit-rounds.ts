/**
 * The audit's rounds and rows (scripts/audit.mts), kept apart from the script that runs Lighthouse so
 * that they can be tested: what a run records, the order of a round, medians, and the bars.
 */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
/**
 * One run: the four scores (0–100), Total Blocking Time and Largest Contentful Paint (ms), and
 * Lighthouse's BenchmarkIndex of the host at that moment (its 4x CPU multiplier assumes 1500–2000,
 * a high-end desktop; a busier or slower host scores lower and its runs block longer).
 */
export type Sample = Record<Category, number> & { tbt: number; lcp: number; benchmarkIndex: number };

export const REFERENCE_LABEL = 'bare Next page (reference)';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** One page to measure; `cookie`: the session a signed-in row sends with every request (scripts/audit-sessions.ts). */
export type Target = { label: string; kind: string; url: string; cookie?: string };

/**
 * The round's order: the routes, with `count` measurements of the reference spread evenly among
 * them (one reference row is the last target; as many as there are routes follow one route each).
 * Each reference measurement is a row of its own, so the bar's statistic (how many medians of 5
 * clear it) can be read for the bare page under the same conditions as for the routes.
 */
export function interleaveReference(routes: readonly Target[], reference: Omit<Target, 'label'>, count: number): Target[] {
  const label = (index: number) => (count === 1 ? REFERENCE_LABEL : `${REFERENCE_LABEL} ${index + 1}`);
  const targets: Target[] = [];
  let placed = 0;
  routes.forEach((route, index) => {
    targets.push(route);
    // After route `index`, the reference measurements due by then: count × (index + 1) / routes.
    for (; placed < Math.floor((count * (index + 1)) / routes.length); placed += 1) targets.push({ ...reference, label: label(placed) });
  });
  for (; placed < count; placed += 1) targets.push({ ...reference, label: label(placed) });
  return targets;
}

/** The bars for the performance median: forms at least 90, content pages at least 95 (and so thank-you pages and the reference). */
const PERFORMANCE_BAR: Record<string, number> = { form: 90 };
const DEFAULT_PERFORMANCE_BAR = 95;

/** One line per kind of page: how many performance medians reach the kind's bar, and their range. */
export function summariseByKind(targets: readonly Target[], runsOf: (label: string) => readonly Sample[]): string {
  const byKind = new Map<string, number[]>();
  for (const { label, kind } of targets) byKind.set(kind, [...(byKind.get(kind) ?? []), median(runsOf(label).map((sample) => sample.performance))]);
  return [...byKind]
    .map(([kind, medians]) => {
      const bar = PERFORMANCE_BAR[kind] ?? DEFAULT_PERFORMANCE_BAR;
      const reached = medians.filter((value) => value >= bar).length;
      return `${kind} ${reached} of ${medians.length} at ${bar} or more (${Math.min(...medians)}–${Math.max(...medians)})`;
    })
    .join('; ');
}

/** The host's BenchmarkIndex over every run of the audit: median and range, for the doc's header. */
export function benchmarkIndexSummary(samples: readonly Sample[]): string {
  const values = samples.map((sample) => sample.benchmarkIndex).filter(Number.isFinite);
  if (values.length === 0) return 'not reported';
  const format = (value: number) => Math.round(value).toLocaleString('en');
  return `median ${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))}, ${values.length} runs)`;
}
