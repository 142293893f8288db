/**
 * First Load JS per route, raw and gzip. Next 16 (Turbopack) no longer prints it; instead the
 * build writes .next/diagnostics/route-bundle-stats.json:
 *   [{ "route": "/about", "firstLoadUncompressedJsBytes": 363003,
 *      "firstLoadChunkPaths": [".next/static/chunks/….js", …] }, …]
 * with chunk paths relative to the project directory.
 *
 *   npm run size
 *   npm run size -- --budget 160 --budget-route /applicants/project-grants/apply=220   (gzip kB)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { projectDir } from './export-files';

export interface RouteBundleSize {
  route: string;
  rawBytes: number;
  gzipBytes: number;
  chunkCount: number;
}

interface RouteBundleStat {
  route: string;
  firstLoadChunkPaths: string[];
}

function parseRouteBundleStats(json: unknown, source: string): RouteBundleStat[] {
  if (!Array.isArray(json)) throw new Error(`${source}: expected an array`);
  return json.map((entry: unknown, index) => {
    const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const { route, firstLoadChunkPaths } = record;
    if (typeof route !== 'string' || !Array.isArray(firstLoadChunkPaths) || !firstLoadChunkPaths.every((p) => typeof p === 'string')) {
      throw new Error(`${source}: entry ${index} lacks route / firstLoadChunkPaths (has the format changed?)`);
    }
    return { route, firstLoadChunkPaths: firstLoadChunkPaths as string[] };
  });
}

/**
 * Measures every route of the last build in projectRoot. Sizes are per chunk (raw bytes, and
 * gzip level 9 bytes) summed over the route's distinct First Load chunks, in route order.
 */
export function measureRouteBundles(projectRoot: string = projectDir): RouteBundleSize[] {
  const statsFile = path.join(projectRoot, '.next/diagnostics/route-bundle-stats.json');
  if (!fs.existsSync(statsFile)) throw new Error(`${statsFile} not found: run npm run build first.`);
  const stats = parseRouteBundleStats(JSON.parse(fs.readFileSync(statsFile, 'utf8')), statsFile);

  // Most chunks are shared by every route: compress each once.
  const chunkSizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (chunkPath: string): { raw: number; gzip: number } => {
    let size = chunkSizes.get(chunkPath);
    if (!size) {
      const content = fs.readFileSync(path.resolve(projectRoot, chunkPath));
      size = { raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length };
      chunkSizes.set(chunkPath, size);
    }
    return size;
  };

  return stats.map(({ route, firstLoadChunkPaths }) => {
    const chunks = [...new Set(firstLoadChunkPaths)].map(sizeOf);
    return {
      route,
      rawBytes: chunks.reduce((sum, chunk) => sum + chunk.raw, 0),
      gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
      chunkCount: chunks.length,
    };
  });
}

// kB as Next has always printed it: 1000 bytes.
const kB = (bytes: number): string => (bytes / 1000).toFixed(1);

export function sizeTable(sizes: readonly RouteBundleSize[]): string {
  const rows = sizes.map((size) => `| ${size.route} | ${kB(size.rawBytes)} | ${kB(size.gzipBytes)} |`);
  return ['| route | raw kB | gzip kB |', '| --- | ---: | ---: |', ...rows].join('\n');
}

const normaliseRoute = (route: string): string => (route.length > 1 ? route.replace(/\/+$/, '') : route);

interface Budgets {
  defaultKb: number | null;
  perRouteKb: Map<string, number>;
}

function parseBudgets(args: readonly string[]): Budgets {
  const budgets: Budgets = { defaultKb: null, perRouteKb: new Map() };
  const parseKb = (text: string | undefined, flag: string): number => {
    const value = Number(text);
    if (text === undefined || text.trim() === '' || !Number.isFinite(value) || value <= 0) {
      throw new Error(`${flag} needs a positive number of gzip kB, got ${JSON.stringify(text)}`);
    }
    return value;
  };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const [flag, inlineValue] = arg.includes('=') && arg.startsWith('--') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = inlineValue ?? args[++i];
    if (flag === '--budget') {
      budgets.defaultKb = parseKb(value, '--budget');
    } else if (flag === '--budget-route') {
      const separator = value?.lastIndexOf('=') ?? -1;
      if (value === undefined || separator <= 0) throw new Error(`--budget-route needs ROUTE=KB, got ${JSON.stringify(value)}`);
      budgets.perRouteKb.set(normaliseRoute(value.slice(0, separator)), parseKb(value.slice(separator + 1), '--budget-route'));
    } else {
      throw new Error(`unknown argument ${JSON.stringify(arg)} (expected --budget KB, --budget-route ROUTE=KB)`);
    }
  }
  return budgets;
}

function main(): number {
  const budgets = parseBudgets(process.argv.slice(2));
  const sizes = measureRouteBundles();
  console.log(sizeTable(sizes));

  const knownRoutes = new Set(sizes.map((size) => normaliseRoute(size.route)));
  for (const route of budgets.perRouteKb.keys()) {
    if (!knownRoutes.has(route)) console.warn(`warning: --budget-route ${route} matches no route`);
  }
  const offenders = sizes.flatMap((size) => {
    const budgetKb = budgets.perRouteKb.get(normaliseRoute(size.route)) ?? budgets.defaultKb;
    return budgetKb !== null && size.gzipBytes > budgetKb * 1000 ? [`${size.route}: ${kB(size.gzipBytes)} kB gzip > budget ${budgetKb} kB`] : [];
  });
  if (offenders.length > 0) {
    console.error(`\nFirst Load JS over budget:\n${offenders.map((line) => `  ${line}`).join('\n')}`);
    return 1;
  }
  if (budgets.defaultKb !== null || budgets.perRouteKb.size > 0) console.log('\nAll routes within budget.');
  return 0;
}

if (require.main === module) {
  try {
    process.exitCode = main();
  } catch (error) {
    console.error(`size: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
