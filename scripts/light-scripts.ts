/**
 * The content pages' own scripts (src/light): each entry below is bundled with esbuild (minified,
 * ES2020, one ES module, no source map) to out/_light/<name>-<hash>.js, the hash taken from the
 * bundle's bytes so the server may cache it for a year (src/server/staticSite.ts). postexport.ts
 * calls buildLightScripts after `next build` and puts a `<script type="module">` for each entry in
 * the <head> of the pages it is for (lightScriptsFor).
 *
 * The scripts carry no configuration: each enhancer reads what it needs from the page's markup.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { LIGHT_DIR, projectDir } from './export-files';

export type LightEntry = {
  readonly name: string;
  /** The entry module, relative to the project. */
  readonly source: string;
  /** Every public page ('every-public-page') or only those with an element [data-light-entry="<name>"]. */
  readonly pages: 'every-public-page' | 'marked';
};

export const LIGHT_ENTRIES: readonly LightEntry[] = [
  // The shell's enhancers (menu, social posts, analytics, newsletter, tabs…): the same markup on every public page.
  { name: 'site', source: 'src/light/site.ts', pages: 'every-public-page' },
  // The programme pages of a round, which update their facts from /api/rounds.
  { name: 'round', source: 'src/light/round.ts', pages: 'marked' },
];

export type BuiltLightScript = LightEntry & { readonly src: string; readonly bytes: number };

/** The file name of a bundle: the entry's name and the first 16 hex digits of its SHA-256. */
export function lightScriptFileName(name: string, code: Uint8Array): string {
  return `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.js`;
}

/**
 * What a shared module (src/content, src/config) may read of the environment in the browser, as
 * Next inlines it: NODE_ENV and the NEXT_PUBLIC_* variables set for the build; any other
 * process.env.X reads as undefined, so a module's fallback applies.
 */
export function browserEnvironment(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const define: Record<string, string> = { 'process.env.NODE_ENV': '"production"' };
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith('NEXT_PUBLIC_') && value !== undefined) define[`process.env.${name}`] = JSON.stringify(value);
  }
  define['process.env'] = '{}';
  return define;
}

/** Bundles one entry; the code as it will be served. */
export function bundleLightEntry(source: string, root: string = projectDir): Uint8Array {
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: [source],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    platform: 'browser',
    sourcemap: false,
    legalComments: 'none',
    tsconfig: path.join(root, 'tsconfig.json'),
    define: browserEnvironment(),
    write: false,
    logLevel: 'silent',
  });
  const [file] = result.outputFiles;
  if (!file || result.outputFiles.length !== 1) throw new Error(`${source}: esbuild wrote ${result.outputFiles.length} files, one was expected`);
  return file.contents;
}

/** Bundles every entry into outDir/_light/ (emptied first); returns each with its URL path. */
export function buildLightScripts(outDir: string, root: string = projectDir, entries: readonly LightEntry[] = LIGHT_ENTRIES): BuiltLightScript[] {
  const dir = path.join(outDir, LIGHT_DIR);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return entries.map((entry) => {
    const code = bundleLightEntry(entry.source, root);
    const fileName = lightScriptFileName(entry.name, code);
    fs.writeFileSync(path.join(dir, fileName), code);
    return { ...entry, src: `/${LIGHT_DIR}/${fileName}`, bytes: code.byteLength };
  });
}
