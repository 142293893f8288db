/**
 * Shared knowledge of the static export's layout (out/, trailingSlash: true), used by the
 * post-export step, the HTML checker, the static server and the e2e tests.
 */
import fs from 'node:fs';
import path from 'node:path';

export const projectDir = path.resolve(__dirname, '..');
export const outDir = path.join(projectDir, 'out');
/** The folder of out/ (and the URL path) of the content pages' own bundled scripts (scripts/light-scripts.ts). */
export const LIGHT_DIR = '_light';

/** Stops a script early with a hint, instead of a stack trace about a missing file. */
export function assertExportExists(dir: string = outDir): void {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${path.relative(process.cwd(), dir) || dir}/index.html not found: run npm run build first.`);
  }
}

/** Every .html file under dir, sorted, as absolute paths. */
export function listHtmlFiles(dir: string = outDir): string[] {
  const found: string[] = [];
  const walk = (current: string): void => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const entryPath = path.join(current, entry.name);
      if (entry.isDirectory()) walk(entryPath);
      else if (entry.isFile() && entry.name.endsWith('.html')) found.push(entryPath);
    }
  };
  walk(dir);
  return found.sort();
}

/**
 * The URL path a page file is served at: out/index.html → '/', out/about/index.html → '/about/',
 * and, for completeness, out/x.html → '/x'. Returns null for the 404 page, which Next writes both
 * as out/404.html and out/404/index.html and which is not a route of the site.
 */
export function routeForHtmlFile(htmlFile: string, dir: string = outDir): string | null {
  const relative = path.relative(dir, htmlFile).split(path.sep).join('/');
  if (relative === '404.html' || relative === '404/index.html') return null;
  if (relative === 'index.html') return '/';
  if (relative.endsWith('/index.html')) return `/${relative.slice(0, -'index.html'.length)}`;
  return `/${relative.slice(0, -'.html'.length)}`;
}

/** Every exported route ('/', '/about/', …), sorted, without the 404 page. */
export function listExportedRoutes(dir: string = outDir): string[] {
  return listHtmlFiles(dir)
    .map((file) => routeForHtmlFile(file, dir))
    .filter((route): route is string => route !== null)
    .sort();
}
