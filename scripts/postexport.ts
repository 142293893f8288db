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
 *  4. bundles the content pages' own scripts (src/light, scripts/light-scripts.ts) into out/_light/ and
 *     puts each in the <head> of the public pages it is for (injectLightScripts, below). A content page
 *     (`unstable_runtimeJS: false`) has no Next script at all: steps 3's rewrites leave it alone;
 *  5. writes out/sitemap.xml and out/robots.txt for the origin in src/config/site.ts;
 *  6. writes a gzip (.gz) and a Brotli (.br) copy beside every text file, so the servers send
 *     compressed bytes without compressing on each request (@fastify/static `preCompressed`).
 *
 * Each rewrite finds its elements with an HTML parser (parse5) and edits the page's text at the
 * offsets the parser reports, so what it does not touch stays byte for byte as Next wrote it. A page
 * that does not get every rewrite it should (checkPage) fails the build, naming the page: a change in
 * Next's or React's markup must not silently ship pages that wait for their scripts.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { site } from '../src/config/site';
import { assertExportExists, LIGHT_DIR, listHtmlFiles, outDir, routeForHtmlFile } from './export-files';
import type { BuiltLightScript } from './light-scripts';
import { isTeamPath } from '../src/team/teamPath';

type Element = DefaultTreeAdapterTypes.Element;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

function isElement(node: ChildNode): node is Element {
  return 'tagName' in node;
}

/** The page as parsed, every node with its offsets in the text. */
function parsePage(html: string): DefaultTreeAdapterTypes.Document {
  return parse(html, { sourceCodeLocationInfo: true });
}

/**
 * Every element under parent, in document order. Template contents are a separate fragment, so
 * their elements are not visited: there a <style> or <script> means nothing until cloned.
 */
function elementsOf(parent: ParentNode): Element[] {
  const found: Element[] = [];
  const walk = (node: ParentNode): void => {
    for (const child of node.childNodes) {
      if (!isElement(child)) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(parent);
  return found;
}

function attributeOf(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

function hasAttribute(element: Element, name: string): boolean {
  return element.attrs.some((attribute) => attribute.name === name);
}

function textOf(element: Element): string {
  return element.childNodes.map((child) => ('value' in child && child.nodeName === '#text' ? child.value : '')).join('');
}

type Span = { readonly start: number; readonly end: number };

function spanOf(node: ChildNode): Span {
  const location = node.sourceCodeLocation;
  if (!location) throw new Error(`<${node.nodeName}> has no place in the page's text`);
  return { start: location.startOffset, end: location.endOffset };
}

/** The page's head or body element. */
function pagePart(document: DefaultTreeAdapterTypes.Document, tagName: 'head' | 'body'): Element {
  const html = document.childNodes.find((node): node is Element => isElement(node) && node.tagName === 'html');
  const part = html?.childNodes.find((node): node is Element => isElement(node) && node.tagName === tagName);
  if (!part) throw new Error(`no <${tagName}> in the page`);
  return part;
}

/** Where the written </head> or </body> starts; an error when the page leaves it implied. */
function closingTagOffset(element: Element): number {
  const endTag = element.sourceCodeLocation?.endTag;
  if (!endTag) throw new Error(`no </${element.tagName}> found`);
  return endTag.startOffset;
}

type Edit = Span & { readonly text: string };

/** html with each edit's span replaced by its text; spans must not overlap. */
function applyEdits(html: string, edits: readonly Edit[]): string {
  const ordered = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let result = '';
  let cursor = 0;
  for (const edit of ordered) {
    if (edit.start < cursor) throw new Error('two rewrites of the same part of the page');
    result += html.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return result + html.slice(cursor);
}

// Elements that belong in <head> only; inside <svg> a <style> or <title> is different.
const HEAD_ONLY_TAGS = new Set(['style', 'title', 'meta', 'link']);

/** The head-only elements in the body, outside <svg> and <template>, in document order. */
function headOnlyElementsInBody(document: DefaultTreeAdapterTypes.Document): Element[] {
  return elementsOf(pagePart(document, 'body')).filter((element) => element.namespaceURI === HTML_NAMESPACE && HEAD_ONLY_TAGS.has(element.tagName));
}

/**
 * Returns html with every head-only element (HEAD_ONLY_TAGS) found inside <body> moved, in
 * document order, to just before </head>. Elements inside <svg> or <template> stay where they
 * are: there they are valid and mean something else.
 */
export function moveHeadElementsToHead(html: string): { html: string; moved: number } {
  const document = parsePage(html);
  const spans = headOnlyElementsInBody(document).map(spanOf);
  if (spans.length === 0) return { html, moved: 0 };
  const headClose = closingTagOffset(pagePart(document, 'head'));
  const moved = spans.map((span) => html.slice(span.start, span.end)).join('');
  return { html: applyEdits(html, [{ start: headClose, end: headClose, text: moved }, ...spans.map((span) => ({ ...span, text: '' }))]), moved: spans.length };
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
  const links = elementsOf(parsePage(html)).filter((element) => element.tagName === 'link' && element.namespaceURI === HTML_NAMESPACE);
  const edits: Edit[] = [];
  const inlinedHrefs = new Set<string>();
  for (const link of links) {
    const href = attributeOf(link, 'href');
    const isBuildStylesheet =
      attributeOf(link, 'rel') === 'stylesheet' && !hasAttribute(link, 'disabled') && (hasAttribute(link, 'data-n-g') || hasAttribute(link, 'data-n-p')) && href?.startsWith('/_next/static/');
    if (!isBuildStylesheet || href === undefined) continue;
    const css = readStylesheet(href);
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style", it cannot be inlined`);
    inlinedHrefs.add(href);
    const span = spanOf(link);
    edits.push({ ...span, text: `<style data-href="${href}">${css}</style>${html.slice(span.start, span.end).replace(/\/?>$/, ' disabled=""/>')}` });
  }
  for (const link of links) {
    const isStylePreload = attributeOf(link, 'rel') === 'preload' && attributeOf(link, 'as') === 'style';
    if (isStylePreload && inlinedHrefs.has(attributeOf(link, 'href') ?? '')) edits.push({ ...spanOf(link), text: '' });
  }
  return { html: applyEdits(html, edits), inlined: inlinedHrefs.size };
}

/** True when the page asks search engines not to index it. */
export function isNoindex(html: string): boolean {
  return elementsOf(parsePage(html)).some(
    (element) => element.tagName === 'meta' && attributeOf(element, 'name')?.toLowerCase() === 'robots' && (attributeOf(element, 'content') ?? '').toLowerCase().includes('noindex'),
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

const STARTUP_CHUNK = /^\/_next\/static\/chunks\/[^"?#]+\.js$/;

/** The script list of a loader that startScriptsAfterFirstPaint wrote, or null for any other script. */
function loaderList(script: Element): string[] | null {
  if (hasAttribute(script, 'src')) return null;
  const text = textOf(script);
  const opening = `(${START_AFTER_FIRST_PAINT})(`;
  if (!text.startsWith(opening) || !text.endsWith(')')) return null;
  return JSON.parse(text.slice(opening.length, -1)) as string[];
}

/**
 * The build's JS chunks that html runs at start, as root-relative paths: those of its <script src>
 * elements or, once the export has moved them, of its loader (startScriptsAfterFirstPaint).
 */
export function startupChunkPaths(html: string): string[] {
  const scripts = elementsOf(parsePage(html)).filter((element) => element.tagName === 'script');
  const loaded = scripts.map((script) => attributeOf(script, 'src') ?? '').filter((src) => STARTUP_CHUNK.test(src));
  const fromLoader = scripts.flatMap((script) => loaderList(script) ?? []).filter((src) => STARTUP_CHUNK.test(src));
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

/** React's clock for throttling reveals, written after any page with a Suspense boundary: no reveal is left to time. */
const REVEAL_CLOCK = 'requestAnimationFrame(function(){$RT=performance.now()});';
// The reveal call after an outlined segment: $RC("B:boundary","S:segment"), after React's reveal functions the first time.
const REVEAL_CALL = /\$RC\("(B:[0-9a-z]+)","S:([0-9a-z]+)"\)$/;
// What React's inline reveal scripts name: none may be left in a finished page.
const REVEAL_NAMES = /\$R[BCVTX]\b/;

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
  // One segment at a time, parsing again after each: a segment may hold the placeholder of the next.
  for (;;) {
    const elements = elementsOf(parsePage(result));
    const segment = elements.find((element) => element.tagName === 'div' && hasAttribute(element, 'hidden') && /^S:[0-9a-z]+$/.test(attributeOf(element, 'id') ?? ''));
    if (!segment) break;
    const segmentId = attributeOf(segment, 'id') ?? '';
    const broken = new Error(`the outlined segment ${segmentId} is not laid out as React 19 writes it`);
    const segmentSpan = spanOf(segment);
    const script = elements.find((element) => element.tagName === 'script' && element.sourceCodeLocation?.startOffset === segmentSpan.end);
    const scriptText = script ? textOf(script) : '';
    const call = REVEAL_CALL.exec(scriptText);
    // What the script holds before the call: nothing, or React's reveal functions ($RB, $RV, $RC).
    const runtime = call ? scriptText.slice(0, call.index) : '';
    if (!script || !call || `S:${call[2]}` !== segmentId || (runtime !== '' && !runtime.startsWith('$RB=[];$RV=function'))) throw broken;
    const placeholder = elements.find((element) => element.tagName === 'template' && attributeOf(element, 'id') === call[1]);
    const marker = placeholder?.parentNode?.childNodes[placeholder.parentNode.childNodes.indexOf(placeholder) - 1];
    const location = segment.sourceCodeLocation;
    if (!placeholder || !marker || marker.nodeName !== '#comment' || !('data' in marker) || marker.data !== '$?' || !location?.startTag || !location.endTag) throw broken;
    const content = result.slice(location.startTag.endOffset, location.endTag.startOffset);
    result = applyEdits(result, [
      { start: spanOf(marker).start, end: spanOf(placeholder).end, text: `<!--$-->${content}` },
      { start: segmentSpan.start, end: spanOf(script).end, text: '' },
    ]);
    inlined += 1;
  }
  const clock = elementsOf(parsePage(result)).find((element) => element.tagName === 'script' && textOf(element) === REVEAL_CLOCK);
  if (clock) result = applyEdits(result, [{ ...spanOf(clock), text: '' }]);
  const leftover = elementsOf(parsePage(result)).find(
    (element) =>
      (element.tagName === 'template' && /^B:/.test(attributeOf(element, 'id') ?? '')) ||
      (element.tagName === 'div' && /^S:/.test(attributeOf(element, 'id') ?? '')) ||
      (element.tagName === 'script' && REVEAL_NAMES.test(textOf(element))),
  );
  if (leftover) throw new Error(`a Suspense boundary is still written out of place (<${leftover.tagName}${leftover.tagName === 'script' ? '>' : ` id="${attributeOf(leftover, 'id')}">`})`);
  return { html: result, inlined };
}

/** A start-up script as Next's pages router writes it: external, deferred, nothing else. */
function isDeferredStartupScript(element: Element): boolean {
  return (
    element.tagName === 'script' &&
    element.attrs.length === 2 &&
    hasAttribute(element, 'src') &&
    attributeOf(element, 'defer') === '' &&
    element.childNodes.length === 0
  );
}

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
  const document = parsePage(html);
  const scripts = elementsOf(document).filter(isDeferredStartupScript);
  if (scripts.length === 0) return { html, scripts: 0 };
  const bodyClose = closingTagOffset(pagePart(document, 'body'));
  const srcs = scripts.map((script) => attributeOf(script, 'src') ?? '');
  const loader = `<script>(${START_AFTER_FIRST_PAINT})(${JSON.stringify(srcs).replace(/</g, '\\u003c')})</script>`;
  return { html: applyEdits(html, [...scripts.map((script) => ({ ...spanOf(script), text: '' })), { start: bodyClose, end: bodyClose, text: loader }]), scripts: srcs.length };
}

/** True when the page starts Next's runtime (it has the router's data); false on a content page, which ships no Next script. */
export function runsNext(html: string): boolean {
  return elementsOf(parsePage(html)).some((element) => element.tagName === 'script' && attributeOf(element, 'id') === '__NEXT_DATA__');
}

/** The light scripts a page loads: 'site' on every public page, a marked entry where an element [data-light-entry="<name>"] asks for it. */
export function lightScriptsFor(html: string, scripts: readonly BuiltLightScript[], isPublic: boolean): BuiltLightScript[] {
  if (!isPublic) return [];
  const marks = new Set(elementsOf(parsePage(html)).map((element) => attributeOf(element, 'data-light-entry')).filter((name) => name !== undefined));
  return scripts.filter((script) => (script.pages === 'every-public-page' ? true : marks.has(script.name)));
}

/**
 * Returns html with a `<script type="module" src>` for each of the given light scripts just before
 * </head> (once: a script already there is not added again): a module script is deferred (it runs
 * once the page is parsed, never blocking the first paint) and runs in every browser that has the
 * ES2020 the bundles are built for.
 */
export function injectLightScripts(html: string, scripts: readonly BuiltLightScript[]): string {
  const present = new Set(lightScriptsInHead(html));
  const missing = scripts.filter((script) => !present.has(script.src));
  if (missing.length === 0) return html;
  const headClose = closingTagOffset(pagePart(parsePage(html), 'head'));
  const tags = missing.map((script) => `<script type="module" src="${script.src}"></script>`).join('');
  return applyEdits(html, [{ start: headClose, end: headClose, text: tags }]);
}

/** The src of every light script (out/_light/) the page's <head> loads as a module. */
export function lightScriptsInHead(html: string): string[] {
  return elementsOf(pagePart(parsePage(html), 'head'))
    .filter((element) => element.tagName === 'script' && attributeOf(element, 'type') === 'module' && attributeOf(element, 'src')?.startsWith(`/${LIGHT_DIR}/`))
    .map((element) => attributeOf(element, 'src') ?? '');
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

/** What the rewrites did to one page, for checkPage and the summary. */
export type PageRewrites = {
  /** A public page: the team's pages load no light script (they have no public shell). */
  readonly isPublic: boolean;
  /** The page starts Next's runtime; a content page does not (runsNext). */
  readonly runsNext: boolean;
  /** The light scripts (their src) the page must load in its <head> (lightScriptsFor). */
  readonly lightScripts: readonly string[];
  readonly headElementsMoved: number;
  readonly stylesheetsInlined: number;
  readonly scriptsAfterFirstPaint: number;
  readonly startupChunks: number;
};

/**
 * What is wrong with a rewritten page, in words (an empty list when nothing is): every page gets
 * its head elements out of <body> and its stylesheets inlined; a page that runs Next has start-up
 * chunks to hint and runs them from the loader, with no script of the build left to start on its own; a content page has no script of Next at all; a public page loads its light scripts.
 */
/**
 * A CSS module's class as Turbopack names it in the HTML: six characters of hash (led by _ when the
 * hash starts with a digit), an underscore, the class's own name.
 */
const CSS_MODULE_CLASS = /^_?[\w-]{6}_[A-Za-z][\w-]*$/;

/**
 * The CSS modules' classes the page's markup names that none of its stylesheets (inlined by then)
 * defines: a component rendered where the browser does not import it (the public shell, which
 * _document renders) whose stylesheet was not imported for the page (layouts/siteShellStyles.ts).
 */
export function classesWithoutStylesheet(elements: readonly Element[]): string[] {
  const css = elements.filter((element) => element.tagName === 'style').map(textOf).join('\n');
  const named = new Set(elements.flatMap((element) => (attributeOf(element, 'class') ?? '').split(/\s+/)).filter((name) => CSS_MODULE_CLASS.test(name)));
  return [...named].filter((name) => !new RegExp(`\\.${name}(?![\\w-])`).test(css)).sort();
}

export function checkPage(html: string, rewrites: PageRewrites): string[] {
  const problems: string[] = [];
  const document = parsePage(html);
  const elements = elementsOf(document);
  if (rewrites.headElementsMoved === 0) problems.push('no head element was found in <body> to move (React 19 writes the title there)');
  const strayed = headOnlyElementsInBody(document);
  if (strayed.length > 0) problems.push(`${strayed.length} head-only elements are still in <body>`);
  if (rewrites.stylesheetsInlined === 0) problems.push('no stylesheet of the build was found to inline');
  const linked = elements.filter((element) => element.tagName === 'link' && attributeOf(element, 'rel') === 'stylesheet' && !hasAttribute(element, 'disabled') && attributeOf(element, 'href')?.startsWith('/_next/static/'));
  if (linked.length > 0) problems.push(`${linked.length} stylesheets of the build are still linked, not inlined`);
  const unstyled = classesWithoutStylesheet(elements);
  if (unstyled.length > 0) problems.push(`classes of CSS modules that no stylesheet of the page defines: ${unstyled.join(', ')}`);
  const nextScripts = elements.filter((element) => element.tagName === 'script' && attributeOf(element, 'src')?.startsWith('/_next/'));
  const loaders = elements.filter((element) => element.tagName === 'script' && loaderList(element) !== null);
  if (!rewrites.runsNext) {
    if (nextScripts.length > 0 || loaders.length > 0) problems.push(`a content page without Next's runtime still loads ${nextScripts.length + loaders.length} of its scripts`);
  } else if (rewrites.startupChunks === 0) problems.push('no start-up chunk was found to mark for eager compilation');
  const inHead = new Set(lightScriptsInHead(html));
  for (const src of rewrites.lightScripts) if (!inHead.has(src)) problems.push(`its light script ${src} is not in <head>`);
  if (rewrites.isPublic && rewrites.lightScripts.length === 0) problems.push('a public page without its light scripts (src/light/site.ts)');
  if (rewrites.runsNext) {
    if (rewrites.scriptsAfterFirstPaint === 0) problems.push('no start-up script was found to run after the first paint');
    if (nextScripts.length > 0) problems.push(`${nextScripts.length} scripts of the build still start before the first paint (${attributeOf(nextScripts[0]!, 'src')})`);
  }
  return problems;
}

async function main(): Promise<void> {
  assertExportExists();
  const origin = site.url;
  const indexableRoutes: string[] = [];
  let elementsMoved = 0;
  let filesRewritten = 0;
  let stylesheetsInlined = 0;
  let boundariesInlined = 0;
  let pagesStartingAfterPaint = 0;
  let contentPages = 0;
  // Loaded here, not at the top: the rewrites above are imported by tests in jsdom, where esbuild cannot run.
  const { buildLightScripts } = await import('./light-scripts');
  const lightScripts = buildLightScripts(outDir);
  const lightScriptPages = new Map<string, number>(lightScripts.map((script) => [script.name, 0]));
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
  const failures: string[] = [];
  const rewritten: Array<{ file: string; html: string }> = [];
  for (const file of htmlFiles) {
    const page = path.relative(outDir, file);
    try {
      const original = fs.readFileSync(file, 'utf8');
      const boundaries = inlineOutlinedBoundaries(original);
      boundariesInlined += boundaries.inlined;
      const headFixed = moveHeadElementsToHead(boundaries.html);
      const { html: styled, inlined } = inlineStylesheets(headFixed.html, readStylesheet);
      const chunks = startupChunkPaths(styled);
      for (const chunk of chunks) startupChunks.add(chunk);
      const route = routeForHtmlFile(file);
      // The team's pages start after the first paint too: their first screen is the frame, the title and
      // "Cargando…", and the one button on it (sign in, enrol) stays disabled until hydration (useHydrated).
      const isPublic = !(route !== null && isTeamPath(route));
      const withNext = runsNext(styled);
      const { html: started, scripts } = withNext ? startScriptsAfterFirstPaint(styled) : { html: styled, scripts: 0 };
      const light = lightScriptsFor(started, lightScripts, isPublic);
      const html = injectLightScripts(started, light);
      const problems = checkPage(html, {
        isPublic,
        runsNext: withNext,
        lightScripts: light.map((script) => script.src),
        headElementsMoved: headFixed.moved,
        stylesheetsInlined: inlined,
        scriptsAfterFirstPaint: scripts,
        startupChunks: chunks.length,
      });
      if (problems.length > 0) {
        failures.push(...problems.map((problem) => `${page}: ${problem}`));
        continue;
      }
      if (scripts > 0) pagesStartingAfterPaint += 1;
      if (!withNext) contentPages += 1;
      for (const script of light) lightScriptPages.set(script.name, (lightScriptPages.get(script.name) ?? 0) + 1);
      if (html !== original) rewritten.push({ file, html });
      elementsMoved += headFixed.moved;
      filesRewritten += 1;
      stylesheetsInlined += inlined;
      if (route !== null && !isNoindex(html)) indexableRoutes.push(route);
    } catch (error) {
      failures.push(`${page}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // Nothing is written unless every page passed: a failed build leaves Next's export as it was.
  if (failures.length > 0) throw new Error(`${failures.length} problems in the exported pages; Next's or React's markup may have changed:\n  ${failures.join('\n  ')}`);
  for (const { file, html } of rewritten) fs.writeFileSync(file, html);
  indexableRoutes.sort();

  let chunksHinted = 0;
  for (const chunk of startupChunks) if (addCompileHint(path.join(outDir, chunk))) chunksHinted += 1;

  fs.writeFileSync(path.join(outDir, 'sitemap.xml'), sitemapXml(origin, indexableRoutes));
  fs.writeFileSync(path.join(outDir, 'robots.txt'), robotsTxt(origin));
  const compressed = precompress(outDir);
  console.log(
    `postexport: ${htmlFiles.length} HTML files, ${boundariesInlined} Suspense boundaries put back in place, ${elementsMoved} head elements moved out of <body> in ${filesRewritten} files; ` +
      `${stylesheetsInlined} stylesheets inlined; ${chunksHinted} of ${startupChunks.size} start-up chunks marked for eager compilation, run after the first paint in ${pagesStartingAfterPaint} pages; ` +
      `${contentPages} content pages without Next's runtime; light scripts ${lightScripts.map((script) => `${script.src} (${script.bytes} B) on ${lightScriptPages.get(script.name) ?? 0} pages`).join(', ')}; ` +
      `sitemap.xml with ${indexableRoutes.length} URLs for ${origin}; robots.txt written; ${compressed} text files precompressed (.gz, .br)`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`postexport: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
