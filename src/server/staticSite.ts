import fs from 'node:fs';
import path from 'node:path';

/**
 * How a URL path maps to a file of the static export, as a CDN configured for this site would
 * map it: pretty URLs with or without the trailing slash or `.html`; and how long each may be cached.
 */

function isFile(filePath: string): boolean {
  try {
    return fs.statSync(filePath).isFile();
  } catch {
    return false;
  }
}

/**
 * The file under rootDir that answers urlPath (already percent-decoded), trying in order: the path
 * itself, <path>/index.html, <path>.html, and for /x.html also /x/index.html. Null when none
 * exists or the path tries to leave rootDir.
 */
export function resolveStaticFile(rootDir: string, urlPath: string): string | null {
  if (urlPath.includes('\0')) return null;
  const root = path.resolve(rootDir);
  const target = path.resolve(root, `.${urlPath}`);
  if (target !== root && !target.startsWith(root + path.sep)) return null;

  const candidates = urlPath.endsWith('/') ? [path.join(target, 'index.html')] : [target, path.join(target, 'index.html'), `${target}.html`];
  if (urlPath.endsWith('.html') && !urlPath.endsWith('/index.html')) {
    candidates.push(path.join(target.slice(0, -'.html'.length), 'index.html'));
  }
  return candidates.find(isFile) ?? null;
}

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/**
 * Hashed build assets never change under their name (Next's under /_next/static/, the content
 * pages' own scripts under /_light/, named by their content's hash); everything else must be revalidated.
 */
export function cacheControlFor(urlPath: string): string {
  return urlPath.startsWith('/_next/static/') || urlPath.startsWith('/_light/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}
