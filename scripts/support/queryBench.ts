/**
 * What the query benches (bench-inbox, bench-figures) share: the nearest-rank percentile of their timings,
 * and the Markdown table of each query's p50 and p95 per database, failing the run (exit code 1) when any p95
 * is over the target.
 */
import os from 'node:os';

export type QueryTiming = { readonly backend: string; readonly query: string; readonly p50: number; readonly p95: number };

/** The nearest-rank percentile of timings sorted ascending. */
export const percentile = (sorted: readonly number[], fraction: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;

/** Prints the table (with `extra` columns per row) and sets the exit code when a p95 is over `targetMs`. */
export function reportQueryBench<T extends QueryTiming>(options: {
  heading: string;
  runs: number;
  targetMs: number;
  results: readonly T[];
  extra: ReadonlyArray<{ readonly header: string; readonly cell: (row: T) => string | number }>;
}): void {
  const { heading, runs, targetMs, results, extra } = options;
  console.log(`\n${heading}, ${runs} runs per query, ${os.cpus().length} cores\n`);
  console.log(`| database | query | p50 ms | p95 ms |${extra.map((column) => ` ${column.header} |`).join('')}`);
  console.log(`| --- | --- | ---: | ---: |${extra.map(() => ' ---: |').join('')}`);
  for (const row of results) console.log(`| ${row.backend} | ${row.query} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} |${extra.map((column) => ` ${column.cell(row)} |`).join('')}`);
  const slow = results.filter((row) => row.p95 > targetMs);
  if (slow.length > 0) {
    console.log(`\np95 over ${targetMs} ms: ${slow.map((row) => `${row.backend} ${row.query} (${row.p95.toFixed(0)} ms)`).join(', ')}`);
    process.exitCode = 1;
  } else {
    console.log(`\nevery query's p95 is at most ${targetMs} ms on both databases`);
  }
}
