/**
 * Runs after `next build` has written out/:
 *  1. moves into <head> the head-only elements that server rendering leaves in <body>: the <style>
 *     elements Emotion (Chakra v3) renders inline, and the <title>, <meta> and <link> elements that
 *     React 19 hoists to the top of its output (PageMeta renders them in the page). The HTML
 *     standard (and the W3C checker) allows them only in <head>; on the client Emotion and React
 *     look for them there, so hydration sees the same DOM either way;
 *  2. inlines each page's stylesheets (inlineStylesheets below);
 *  3. marks the scripts each page loads at start for eager compilation (V8's compile hint, below),
 *     and, on the public pages, runs them after the first paint (startScriptsAfterFirstPaint, below);
 *  4. writes out/sitemap.xml and out/robots.txt for the origin in src/config/site.ts;
 *  5. writes a gzip (.gz) and a Brotli (.br) copy beside every text file, so the servers send
 *     compressed bytes without compressing on each request (@fastify/static `preCompressed`).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { site } from '../src/config/site';
import { assertExportExists, listHtmlFiles, outDir, routeForHtmlFile } from './export-files';
import { isTeamPath } from '../src/team/teamPath';

// Tags whose content is raw text: a "<style" inside them is not an element.
const RAW_TEXT_TAGS = new Set(['script', 'style', 'textarea', 'title', 'noscript', 'xmp', 'iframe', 'noembed', 'noframes']);

// An opening or closing tag; attribute values may contain '>' when quoted.
const TAG_PATTERN = /<!--|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

// Elements that belong in <head> only; inside <svg> or <template> a <style> or <title> is different.
const HEAD_ONLY_TAGS = new Set(['style', 'title', 'meta', 'link']);
const VOID_TAGS = new Set(['meta', 'link']);

/**
 * Returns html with every head-only element (HEAD_ONLY_TAGS) found inside <body> moved, in
 * document order, to just before </head>. Elements inside <svg> or <template> stay where they
 * are: there they are valid and mean something else. Script, comment and other raw-text contents
 * are skipped, never rewritten.
 */
export function moveHeadElementsToHead(html: string): { html: string; moved: number } {
  let headCloseIndex = -1;
  let inBody = false;
  let foreignDepth = 0; // nesting of <svg>/<template>
  const headRanges: Array<[number, number]> = [];

  TAG_PATTERN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = TAG_PATTERN.exec(html)) !== null) {
    const tagStart = match.index;
    if (match[0] === '<!--') {
      const commentEnd = html.indexOf('-->', tagStart + 4);
      TAG_PATTERN.lastIndex = commentEnd === -1 ? html.length : commentEnd + 3;
      continue;
    }
    const isClosing = match[1] === '/';
    const tagName = (match[2] ?? '').toLowerCase();
    const selfClosing = (match[3] ?? '').trimEnd().endsWith('/');

    if (isClosing) {
      if (tagName === 'head' && headCloseIndex === -1) headCloseIndex = tagStart;
      if ((tagName === 'svg' || tagName === 'template') && foreignDepth > 0) foreignDepth -= 1;
      continue;
    }
    if (tagName === 'body') inBody = true;
    if ((tagName === 'svg' || tagName === 'template') && !selfClosing) foreignDepth += 1;
    if (VOID_TAGS.has(tagName) && inBody && foreignDepth === 0) headRanges.push([tagStart, TAG_PATTERN.lastIndex]);

    if (RAW_TEXT_TAGS.has(tagName) && !selfClosing) {
      // Inside <svg>, <style>/<title> are ordinary XML elements, but skipping to their end tag is still right.
      const closeMatch = new RegExp(`</${tagName}\\s*>`, 'ig');
      closeMatch.lastIndex = TAG_PATTERN.lastIndex;
      const found = closeMatch.exec(html);
      const elementEnd = found ? found.index + found[0].length : html.length;
      if (HEAD_ONLY_TAGS.has(tagName) && inBody && foreignDepth === 0) headRanges.push([tagStart, elementEnd]);
      TAG_PATTERN.lastIndex = elementEnd;
    }
  }

  if (headRanges.length === 0) return { html, moved: 0 };
  if (headCloseIndex === -1) throw new Error('no </head> found, cannot move head elements out of <body>');

  const movedElements = headRanges.map(([start, end]) => html.slice(start, end)).join('');
  let bodyPart = '';
  let cursor = headCloseIndex;
  for (const [start, end] of headRanges) {
    bodyPart += html.slice(cursor, start);
    cursor = end;
  }
  bodyPart += html.slice(cursor);
  return { html: html.slice(0, headCloseIndex) + movedElements + bodyPart, moved: headRanges.length };
}

// A <link> element and its attributes, e.g. rel="stylesheet" or data-n-g="".
const LINK_PATTERN = /<link\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE_PATTERN = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function linkAttributes(attributeText: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of attributeText.matchAll(ATTRIBUTE_PATTERN)) {
    attributes.set((match[1] ?? '').toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/**
 * Returns css with every relative url(…) (fonts: url(../media/x.woff2)) made root-relative, as
 * resolved from the stylesheet's own href, so the rules mean the same when inlined into a page.
 */
export function resolveCssUrls(css: string, stylesheetHref: string): string {
  return css.replace(/url\(\s*(["']?)([^"')]*)\1\s*\)/g, (whole: string, quote: string, reference: string) => {
    if (reference === '' || /^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(reference)) return whole;
    const resolved = new URL(reference, new URL(stylesheetHref, 'http://site.invalid')).pathname;
    return `url(${quote}${resolved}${quote})`;
  });
}

/**
 * Returns html with the build's own stylesheets (Next marks them data-n-g, global, or data-n-p,
 * page) written inline as <style> elements, and their <link rel="preload" as="style"> hints
 * dropped. The whole site's CSS is about 18 kB (5 kB compressed), so a phone paints from the HTML
 * alone instead of waiting a round trip for five render-blocking files; measured on mobile
 * Lighthouse, that is what moves first paint (docs/audit.md).
 *
 * Each <link> stays, with `disabled`, right after its <style>: browsers do not fetch a disabled
 * stylesheet, and Turbopack's chunk loader looks for link[rel=stylesheet][href=…] to know a CSS
 * chunk is already on the page; without it the loader would append the link and fetch the file
 * again. Client-side navigation still loads other pages' CSS as files, as before.
 */
export function inlineStylesheets(html: string, readStylesheet: (href: string) => string): { html: string; inlined: number } {
  const inlinedHrefs = new Set<string>();
  const withStyles = html.replace(LINK_PATTERN, (tag: string, attributeText: string) => {
    const attributes = linkAttributes(attributeText);
    const href = attributes.get('href');
    const isBuildStylesheet =
      attributes.get('rel') === 'stylesheet' && !attributes.has('disabled') && (attributes.has('data-n-g') || attributes.has('data-n-p')) && href?.startsWith('/_next/static/');
    if (!isBuildStylesheet || href === undefined) return tag;
    const css = readStylesheet(href);
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style", it cannot be inlined`);
    inlinedHrefs.add(href);
    return `<style data-href="${href}">${css}</style>${tag.replace(/\/?>$/, ' disabled=""/>')}`;
  });
  const withoutPreloads = withStyles.replace(LINK_PATTERN, (tag: string, attributeText: string) => {
    const attributes = linkAttributes(attributeText);
    const isStylePreload = attributes.get('rel') === 'preload' && attributes.get('as') === 'style';
    return isStylePreload && inlinedHrefs.has(attributes.get('href') ?? '') ? '' : tag;
  });
  return { html: withoutPreloads, inlined: inlinedHrefs.size };
}

/** True when the page asks search engines not to index it. */
export function isNoindex(html: string): boolean {
  const metaTags = html.match(/<meta\b[^>]*>/gi) ?? [];
  return metaTags.some(
    (tag) => /\bname\s*=\s*["']?robots["']?/i.test(tag) && /\bcontent\s*=\s*["'][^"']*noindex/i.test(tag),
  );
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function sitemapXml(origin: string, routes: readonly string[]): string {
  const entries = routes.map((route) => `  <url><loc>${escapeXml(origin + route)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** Crawlers may read every page except the team area (its pages are noindex too). */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /equipo/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/**
 * V8's explicit compile hint (Chrome 136 and later): when a script starts with this comment, V8
 * compiles all its functions at once, on a background thread while the file streams in, instead
 * of compiling each one on the main thread at its first call. Next's start-up chunks (React DOM,
 * the pages-router client, the page's own code) run nearly all their functions during load, so
 * this moves their compilation out of the long tasks of start-up: in Chromium at 4x CPU, six
 * loads of `/` each, the longest task went from 474–864 ms to 250–390 ms. Chunks loaded later on
 * demand are not marked: most of their functions may never run. Other browsers read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

// <script src="/_next/static/chunks/….js"> in a page: the chunks it runs at start.
const STARTUP_CHUNK_PATTERN = /<script\b[^>]*\ssrc="(\/_next\/static\/chunks\/[^"?#]+\.js)"/g;

// The list of scripts startScriptsAfterFirstPaint's loader runs (a JSON array of paths).
const LOADER_LIST_PATTERN = /<script>\(function\(srcs\)[^<]*\)\((\[[^\]<]*\])\)<\/script>/;

/**
 * The build's JS chunks that html runs at start, as root-relative paths: those of its <script src>
 * elements or, once the export has moved them, of its loader (startScriptsAfterFirstPaint).
 */
export function startupChunkPaths(html: string): string[] {
  const loaded = [...html.matchAll(STARTUP_CHUNK_PATTERN)].map((match) => match[1] ?? '');
  const listed = LOADER_LIST_PATTERN.exec(html)?.[1];
  const fromLoader = listed ? (JSON.parse(listed) as string[]).filter((src) => /^\/_next\/static\/chunks\/[^"?#]+\.js$/.test(src)) : [];
  return [...loaded, ...fromLoader];
}

/** js with COMPILE_HINT as its first line (once, however often it is applied). */
export function withCompileHint(js: string): string {
  return js.startsWith(COMPILE_HINT) ? js : COMPILE_HINT + js;
}

/**
 * A source map (JSON) shifted one line down, to match its script after withCompileHint. Handles
 * both plain maps (`mappings`, where each ';' starts a generated line) and index maps (`sections`,
 * each with an offset), as bundlers write either.
 */
export function sourceMapShiftedOneLine(mapJson: string): string {
  const map = JSON.parse(mapJson) as { mappings?: string; sections?: Array<{ offset: { line: number; column: number } }> };
  if (typeof map.mappings === 'string') map.mappings = `;${map.mappings}`;
  for (const section of map.sections ?? []) section.offset.line += 1;
  return JSON.stringify(map);
}

/** Adds COMPILE_HINT to a chunk file (and shifts its source map, when the build wrote one). */
function addCompileHint(chunkFile: string): boolean {
  const js = fs.readFileSync(chunkFile, 'utf8');
  const hinted = withCompileHint(js);
  if (hinted === js) return false;
  fs.writeFileSync(chunkFile, hinted);
  const mapFile = `${chunkFile}.map`;
  if (fs.existsSync(mapFile)) fs.writeFileSync(mapFile, sourceMapShiftedOneLine(fs.readFileSync(mapFile, 'utf8')));
  return true;
}

/** Extensions worth compressing: text formats. Fonts and images are compressed already. */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt', '.map', '.webmanifest']);

const OUTLINED_SEGMENT_PATTERN = /<div hidden id="S:([0-9a-z]+)">/g;
/** React's clock for throttling reveals, written after any page with a Suspense boundary: no reveal is left to time. */
const REVEAL_CLOCK_SCRIPT = '<script>requestAnimationFrame(function(){$RT=performance.now()});</script>';

/**
 * Every Suspense boundary React's server renderer wrote out of place, put back in place.
 *
 * React 19 writes a boundary's content after the rest of the page, in a hidden <div>, once the page
 * has passed about 12.8 kB, and an inline script moves it into place, throttled to 300 ms after the
 * last reveal (or 2.3 s after navigation): an application form appeared late and pushed the newsletter
 * down (a layout shift of 0.54 on academic grants at 4x CPU). The export has the whole page at build
 * time, so the content goes where the script would put it, marked as a completed boundary
 * (`<!--$-->`): the browser paints it at once, and React still hydrates it after the rest of the
 * page, in short slices. Scripts and placeholders left over would be a half-done page: an error.
 */
export function inlineOutlinedBoundaries(html: string): { html: string; inlined: number } {
  let result = html;
  let inlined = 0;
  for (const [segmentOpen, segmentId] of [...html.matchAll(OUTLINED_SEGMENT_PATTERN)]) {
    const call = new RegExp(`\\$RC\\("(B:[0-9a-z]+)","S:${segmentId}"\\)</script>`).exec(result);
    const start = result.indexOf(segmentOpen);
    const scriptStart = call ? result.lastIndexOf('<script>', call.index) : -1;
    const segmentEnd = result.lastIndexOf('</div>', scriptStart);
    const placeholder = call ? `<!--$?--><template id="${call[1]}"></template>` : '';
    // What the script holds before the call: nothing, or React's reveal functions ($RB, $RV, $RC).
    const runtime = call ? result.slice(scriptStart + '<script>'.length, call.index) : '';
    if (!call || segmentEnd !== scriptStart - '</div>'.length || segmentEnd < start || !result.includes(placeholder) || (runtime !== '' && !runtime.startsWith('$RB=[];$RV=function'))) {
      throw new Error(`the outlined segment S:${segmentId} is not laid out as React 19 writes it`);
    }
    const content = result.slice(start + segmentOpen.length, segmentEnd);
    result = result.slice(0, start) + result.slice(call.index + call[0].length);
    result = result.replace(placeholder, () => `<!--$-->${content}`);
    inlined += 1;
  }
  result = result.replace(REVEAL_CLOCK_SCRIPT, '');
  for (const leftover of ['<template id="B:', '<div hidden id="S:', '$RC(', '$RV', '$RX', '$RT']) {
    if (result.includes(leftover)) throw new Error(`a Suspense boundary is still written out of place (${leftover})`);
  }
  return { html: result, inlined };
}

// A start-up script as Next's pages router writes it: external, deferred, in document order.
const DEFERRED_SCRIPT_PATTERN = /<script src="([^"]+)" defer=""><\/script>/g;

/**
 * The loader that runs a page's start-up scripts once its first contentful paint has been presented
 * (Paint Timing), in their order. A page loaded out of sight never paints until shown, and a browser
 * without Paint Timing cannot tell: both start at once. The timer after `load` is a safety net only.
 */
export const START_AFTER_FIRST_PAINT =
  'function(srcs){var started=false;function start(){if(started)return;started=true;' +
  'srcs.forEach(function(src){var script=document.createElement("script");script.src=src;script.async=false;document.body.appendChild(script)})}' +
  'var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;' +
  'if(document.visibilityState!=="visible"||!types||types.indexOf("paint")===-1){start();return}' +
  'new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true});' +
  'document.addEventListener("visibilitychange",start);addEventListener("load",function(){setTimeout(start,3000)})}';

/**
 * The page paints before its scripts run. Next writes its start-up chunks as deferred scripts, which
 * run before DOMContentLoaded and may hold the first paint: parsing them, React's start and hydration
 * are about a second of a mid-range phone's time. Here one inline loader (START_AFTER_FIRST_PAINT)
 * requests and runs them, in their order, once the page has painted. They are not preloaded: a
 * preload competes with the fonts and the hero image for the first paint, and on a repeat visit the
 * chunks come from the cache (immutable). In alternating Lighthouse mobile runs the simulated LCP
 * went from 2.3–2.9 s to 1.2–1.4 s (docs/audit.md). Text typed into a form before it hydrates is
 * kept (useRegisterKeepingTyped), and links work without script.
 */
export function startScriptsAfterFirstPaint(html: string): { html: string; scripts: number } {
  const srcs = [...html.matchAll(DEFERRED_SCRIPT_PATTERN)].map((match) => match[1] ?? '');
  if (srcs.length === 0) return { html, scripts: 0 };
  const bodyClose = html.lastIndexOf('</body>');
  if (bodyClose === -1) throw new Error('no </body> found, cannot move the start-up scripts');
  const loader = `<script>(${START_AFTER_FIRST_PAINT})(${JSON.stringify(srcs).replace(/</g, '\\u003c')})</script>`;
  return { html: html.slice(0, bodyClose).replace(DEFERRED_SCRIPT_PATTERN, '') + loader + html.slice(bodyClose), scripts: srcs.length };
}

/** Writes file.gz and file.br beside every compressible file under dir; returns how many files. */
export function precompress(dir: string): number {
  let count = 0;
  const walk = (current: string): void => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const entryPath = path.join(current, entry.name);
      if (entry.isDirectory()) walk(entryPath);
      else if (entry.isFile() && COMPRESSIBLE_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) {
        const content = fs.readFileSync(entryPath);
        fs.writeFileSync(`${entryPath}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${entryPath}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        );
        count += 1;
      }
    }
  };
  walk(dir);
  return count;
}

function main(): void {
  assertExportExists();
  const origin = site.url;
  const indexableRoutes: string[] = [];
  let elementsMoved = 0;
  let filesRewritten = 0;
  let stylesheetsInlined = 0;
  let boundariesInlined = 0;
  let pagesStartingAfterPaint = 0;
  const stylesheetCache = new Map<string, string>();
  const readStylesheet = (href: string): string => {
    let css = stylesheetCache.get(href);
    if (css === undefined) {
      css = resolveCssUrls(fs.readFileSync(path.join(outDir, href), 'utf8'), href);
      stylesheetCache.set(href, css);
    }
    return css;
  };

  const htmlFiles = listHtmlFiles();
  const startupChunks = new Set<string>();
  for (const file of htmlFiles) {
    const original = fs.readFileSync(file, 'utf8');
    const boundaries = inlineOutlinedBoundaries(original);
    boundariesInlined += boundaries.inlined;
    const headFixed = moveHeadElementsToHead(boundaries.html);
    const { html: styled, inlined } = inlineStylesheets(headFixed.html, readStylesheet);
    for (const chunk of startupChunkPaths(styled)) startupChunks.add(chunk);
    const route = routeForHtmlFile(file);
    // The team's pages show a frame until their data comes from /api/team after hydration, and their
    // first screen is a button (sign in, enrol) that must work as soon as it shows: they start as Next wrote them.
    const { html, scripts } = route !== null && isTeamPath(route) ? { html: styled, scripts: 0 } : startScriptsAfterFirstPaint(styled);
    if (scripts > 0) pagesStartingAfterPaint += 1;
    if (html !== original) fs.writeFileSync(file, html);
    if (headFixed.moved > 0) {
      elementsMoved += headFixed.moved;
      filesRewritten += 1;
    }
    stylesheetsInlined += inlined;
    if (route !== null && !isNoindex(html)) indexableRoutes.push(route);
  }
  indexableRoutes.sort();

  let chunksHinted = 0;
  for (const chunk of startupChunks) if (addCompileHint(path.join(outDir, chunk))) chunksHinted += 1;

  fs.writeFileSync(path.join(outDir, 'sitemap.xml'), sitemapXml(origin, indexableRoutes));
  fs.writeFileSync(path.join(outDir, 'robots.txt'), robotsTxt(origin));
  const compressed = precompress(outDir);
  console.log(
    `postexport: ${htmlFiles.length} HTML files, ${boundariesInlined} Suspense boundaries put back in place, ${elementsMoved} head elements moved out of <body> in ${filesRewritten} files; ` +
      `${stylesheetsInlined} stylesheets inlined; ${chunksHinted} of ${startupChunks.size} start-up chunks marked for eager compilation, run after the first paint in ${pagesStartingAfterPaint} pages; ` +
      `sitemap.xml with ${indexableRoutes.length} URLs for ${origin}; robots.txt written; ${compressed} text files precompressed (.gz, .br)`,
  );
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(`postexport: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
