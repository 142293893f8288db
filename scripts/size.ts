/**
 * The JavaScript each exported page loads at start, measured from out/ itself (what a browser is
 * sent), raw and gzip (level 9) bytes of each file, summed over the page's distinct files:
 *  - every `<script src>` (deferred, async or module),
 *  - every `<link rel="modulepreload">` and `<link rel="preload" as="script">`,
 *  - the chunks the after-paint loader starts (START_AFTER_FIRST_PAINT, scripts/postexport.ts) and
 *    those Turbopack's inline chunk registration names (`"otherChunks"`),
 *  - the content pages' own scripts (`/_light/*.js`) and every module they import statically.
 * Chunks a page loads only when asked (a dynamic `import()`: React.lazy, next/dynamic) are listed
 * apart as lazy, outside the budget. Inline scripts and scripts from another origin are not counted.
 * Each page has its kind (scripts/page-kinds.ts) and its kind's budget (scripts/size-budgets.ts).
 *
 *   npm run size                       the table, by kind of page, with each kind's budget
 *   npm run size -- --budget           also exits 1, naming every page over its kind's budget (in `npm test`)
 *   npm run size -- --dir ../other     another checkout's build (its out/), to compare before and after
 *   npm run size -- --json             the measurements as JSON (the exit code as with the table)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { assertExportExists, listHtmlFiles, outDir as projectOutDir, routeForHtmlFile } from './export-files';
import { PAGE_KINDS, pageKind, type PageKind } from './page-kinds';
import { START_AFTER_FIRST_PAINT } from './postexport';
import { SIZE_BUDGET_KB } from './size-budgets';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** The origin pages are resolved against: it only tells the site's own files from other origins'. */
const SITE = 'http://site.invalid';

function elementsOf(parent: ParentNode): Element[] {
  const found: Element[] = [];
  for (const child of parent.childNodes) {
    if (!('tagName' in child)) continue;
    found.push(child, ...elementsOf(child));
  }
  return found;
}

const attributeOf = (element: Element, name: string): string | undefined => element.attrs.find((attribute) => attribute.name === name)?.value;

const textOf = (element: Element): string => element.childNodes.map((child) => (child.nodeName === '#text' && 'value' in child ? child.value : '')).join('');

/** A script the browser loads: its path on the site, and whether it runs as an ES module (its imports load with it). */
export interface ScriptReference {
  readonly path: string;
  readonly module: boolean;
}

/** path resolved against base, or null when it is on another origin or is a bare module name. */
function sitePath(reference: string, base: string, { relativeOnly }: { relativeOnly: boolean }): string | null {
  if (relativeOnly && !/^\.{0,2}\//.test(reference)) return null;
  const resolved = new URL(reference, new URL(base, SITE));
  return resolved.origin === SITE ? decodeURIComponent(resolved.pathname) : null;
}

// Turbopack's inline registration of a page's chunks: TURBOPACK.push({"otherChunks":["static/chunks/a.js",…],…}).
const TURBOPACK_OTHER_CHUNKS = /"otherChunks":(\[[^\]]*\])/g;

/** The scripts a page's HTML has the browser load at start (duplicates included). */
export function startupScriptsOfPage(html: string, route: string): ScriptReference[] {
  const found: ScriptReference[] = [];
  const add = (reference: string | undefined, module: boolean): void => {
    const resolved = reference === undefined ? null : sitePath(reference, route, { relativeOnly: false });
    if (resolved !== null) found.push({ path: resolved, module });
  };
  const loaderOpening = `(${START_AFTER_FIRST_PAINT})(`;
  for (const element of elementsOf(parse(html))) {
    if (element.tagName === 'script') {
      const src = attributeOf(element, 'src');
      if (src !== undefined) {
        add(src, attributeOf(element, 'type') === 'module');
        continue;
      }
      const text = textOf(element).trim();
      if (text.startsWith(loaderOpening) && text.endsWith(')')) {
        for (const chunk of JSON.parse(text.slice(loaderOpening.length, -1)) as string[]) add(chunk, false);
      }
      for (const [, list] of text.matchAll(TURBOPACK_OTHER_CHUNKS)) {
        for (const chunk of JSON.parse(list ?? '[]') as string[]) if (chunk.endsWith('.js')) add(`/_next/${chunk}`, false);
      }
    } else if (element.tagName === 'link') {
      const rel = (attributeOf(element, 'rel') ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('modulepreload')) add(attributeOf(element, 'href'), true);
      else if (rel.includes('preload') && attributeOf(element, 'as') === 'script') add(attributeOf(element, 'href'), false);
    }
  }
  return found;
}

// In an ES module (esbuild writes them minified): import{a as b}from"./chunk-X.js"; import"./x.js"; export{a}from"./x.js".
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]*?from\s*)?["']([^"'\s]+)["']/g;
// import("./x.js"): loaded when the code asks for it.
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"'\s]+)["']\s*\)/g;
// In a Turbopack chunk, the chunks an async module loads when asked: Promise.all(["static/chunks/x.js"].map(…)).
const TURBOPACK_CHUNK_DIR = '/_next/static/chunks/';
const TURBOPACK_LAZY_CHUNK = /["']static\/chunks\/([\w.-]+\.js)["']/g;

interface ScriptFile {
  readonly rawBytes: number;
  readonly gzipBytes: number;
  /** Modules loaded with this one, at once (a module's static imports). */
  readonly imports: readonly ScriptReference[];
  /** What this script loads only when asked. */
  readonly lazy: readonly ScriptReference[];
}

function readScriptFile(file: string, reference: ScriptReference): ScriptFile {
  const content = fs.readFileSync(file);
  const text = content.toString('utf8');
  const references = (pattern: RegExp, module: boolean, toPath: (found: string) => string | null): ScriptReference[] =>
    [...text.matchAll(pattern)].flatMap(([, found]) => {
      const resolved = found === undefined ? null : toPath(found);
      return resolved === null ? [] : [{ path: resolved, module }];
    });
  const relativeToScript = (found: string): string | null => sitePath(found, reference.path, { relativeOnly: true });
  return {
    rawBytes: content.length,
    gzipBytes: zlib.gzipSync(content, { level: 9 }).length,
    imports: reference.module ? references(STATIC_IMPORT, true, relativeToScript) : [],
    lazy: [
      ...(reference.module ? references(DYNAMIC_IMPORT, true, relativeToScript) : []),
      ...(reference.path.startsWith(TURBOPACK_CHUNK_DIR) ? references(TURBOPACK_LAZY_CHUNK, false, (chunk) => `${TURBOPACK_CHUNK_DIR}${chunk}`) : []),
    ],
  };
}

export interface ScriptTotal {
  readonly rawBytes: number;
  readonly gzipBytes: number;
  /** The distinct files, by path on the site. */
  readonly files: readonly string[];
}

export interface PageScripts extends ScriptTotal {
  readonly route: string;
  readonly kind: PageKind;
  readonly budgetKb: number;
  /** Chunks the page loads only when asked: not in the budget. */
  readonly lazy: ScriptTotal;
}

/** A script as read: the same file is read again, for its imports, when a page loads it as a module. */
const scriptKey = (reference: ScriptReference): string => `${reference.module ? 'module' : 'classic'} ${reference.path}`;

/** The route a page file is measured as: its URL, and /404 for the not-found page (written twice: measured once). */
function measuredRoute(htmlFile: string, dir: string): string | null {
  return routeForHtmlFile(htmlFile, dir) ?? (path.relative(dir, htmlFile) === '404.html' ? '/404' : null);
}

/** Every page of the export in dir, its start-up scripts and its lazy chunks, by kind then route. */
export function measurePages(dir: string = projectOutDir): PageScripts[] {
  assertExportExists(dir);
  const cache = new Map<string, ScriptFile | null>();
  const scriptFile = (reference: ScriptReference): ScriptFile | null => {
    const key = scriptKey(reference);
    if (!cache.has(key)) {
      const file = path.join(dir, reference.path);
      cache.set(key, fs.existsSync(file) && fs.statSync(file).isFile() ? readScriptFile(file, reference) : null);
    }
    return cache.get(key) ?? null;
  };
  const total = (files: ReadonlyMap<string, ScriptFile>): ScriptTotal => ({
    rawBytes: [...files.values()].reduce((sum, file) => sum + file.rawBytes, 0),
    gzipBytes: [...files.values()].reduce((sum, file) => sum + file.gzipBytes, 0),
    files: [...files.keys()],
  });

  const problems: string[] = [];
  const pages: PageScripts[] = [];
  for (const htmlFile of listHtmlFiles(dir)) {
    const route = measuredRoute(htmlFile, dir);
    if (route === null) continue;
    const startup = new Map<string, ScriptFile>();
    const lazyFound: ScriptReference[] = [];
    // A file is counted once, and read as a module if any reference loads it as one (its imports come with it).
    const followed = new Set<string>();
    const queue = startupScriptsOfPage(fs.readFileSync(htmlFile, 'utf8'), route);
    for (let reference = queue.shift(); reference !== undefined; reference = queue.shift()) {
      const key = scriptKey(reference);
      if (followed.has(key)) continue;
      followed.add(key);
      const file = scriptFile(reference);
      if (file === null) {
        problems.push(`${route}: ${reference.path} is not in the export`);
        continue;
      }
      startup.set(reference.path, file);
      queue.push(...file.imports);
      lazyFound.push(...file.lazy);
    }
    // What the start-up scripts load when asked, and what that loads in turn; a name the scan found
    // that is no file of the export (a string that only looks like one) is not a chunk.
    const lazy = new Map<string, ScriptFile>();
    for (let reference = lazyFound.shift(); reference !== undefined; reference = lazyFound.shift()) {
      if (startup.has(reference.path) || lazy.has(reference.path)) continue;
      const file = scriptFile(reference);
      if (file === null) continue;
      lazy.set(reference.path, file);
      lazyFound.push(...file.imports, ...file.lazy);
    }
    const kind = pageKind(route);
    pages.push({ route, kind, budgetKb: SIZE_BUDGET_KB[kind], ...total(startup), lazy: total(lazy) });
  }
  if (problems.length > 0) throw new Error(`pages load scripts the export does not have:\n  ${problems.join('\n  ')}`);
  return pages.sort((a, b) => PAGE_KINDS.indexOf(a.kind) - PAGE_KINDS.indexOf(b.kind) || (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
}

/** kB as Next has always printed it: 1000 bytes. */
const kB = (bytes: number): string => (bytes / 1000).toFixed(1);

export const isOverBudget = (page: PageScripts): boolean => page.gzipBytes > page.budgetKb * 1000;

export function sizeTable(pages: readonly PageScripts[]): string {
  const rows = pages.map(
    (page) =>
      `| ${page.route} | ${page.kind} | ${page.files.length} | ${kB(page.rawBytes)} | ${kB(page.gzipBytes)} | ${page.budgetKb} | ${isOverBudget(page) ? '**over**' : 'within'} | ` +
      `${page.lazy.files.length > 0 ? `${kB(page.lazy.gzipBytes)} (${page.lazy.files.length})` : '–'} |`,
  );
  return [
    '| route | kind | files | raw kB | gzip kB | budget kB | budget | lazy gzip kB (files) |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- | ---: |',
    ...rows,
  ].join('\n');
}

/** One row per kind: how many pages, the range of their gzip sizes, the budget and how many exceed it. */
export function kindTable(pages: readonly PageScripts[]): string {
  const rows = PAGE_KINDS.flatMap((kind) => {
    const ofKind = pages.filter((page) => page.kind === kind);
    if (ofKind.length === 0) return [];
    const sizes = ofKind.map((page) => page.gzipBytes);
    return [`| ${kind} | ${ofKind.length} | ${kB(Math.min(...sizes))}–${kB(Math.max(...sizes))} | ${SIZE_BUDGET_KB[kind]} | ${ofKind.filter(isOverBudget).length} |`];
  });
  return ['| kind | pages | gzip kB | budget kB | over budget |', '| --- | ---: | ---: | ---: | ---: |', ...rows].join('\n');
}

interface Options {
  budget: boolean;
  json: boolean;
  outDir: string;
}

export function parseArgs(args: readonly string[]): Options {
  const options: Options = { budget: false, json: false, outDir: projectOutDir };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '--budget') options.budget = true;
    else if (arg === '--json') options.json = true;
    else if (arg === '--dir' || arg.startsWith('--dir=')) {
      const dir = arg === '--dir' ? args[++i] : arg.slice('--dir='.length);
      if (dir === undefined || dir === '') throw new Error('--dir needs a project directory (the one holding out/)');
      options.outDir = path.resolve(dir, 'out');
    } else {
      throw new Error(`unknown argument ${JSON.stringify(arg)} (expected --budget, --json, --dir DIR)`);
    }
  }
  return options;
}

/** Runs `npm run size` with args; returns the exit code. */
export function runSize(args: readonly string[], output: Pick<Console, 'log' | 'error'> = console): number {
  const options = parseArgs(args);
  const pages = measurePages(options.outDir);
  if (options.json) {
    output.log(JSON.stringify({ outDir: options.outDir, budgetsKb: SIZE_BUDGET_KB, pages }, null, 2));
  } else {
    output.log(`Start-up JavaScript of each page in ${options.outDir} (gzip level 9, kB of 1000 bytes)\n`);
    output.log(`${sizeTable(pages)}\n\n${kindTable(pages)}`);
  }
  if (!options.budget) return 0;
  const offenders = pages.filter(isOverBudget);
  if (offenders.length > 0) {
    const lines = offenders.map((page) => `  ${page.route} (${page.kind}): ${kB(page.gzipBytes)} kB gzip > budget ${page.budgetKb} kB`);
    output.error(`\nStart-up JavaScript over budget (scripts/size-budgets.ts), ${offenders.length} of ${pages.length} pages:\n${lines.join('\n')}`);
    return 1;
  }
  if (!options.json) output.log(`\nAll ${pages.length} pages within their kind's budget.`);
  return 0;
}

if (require.main === module) {
  try {
    process.exitCode = runSize(process.argv.slice(2));
  } catch (error) {
    console.error(`size: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
