import { describe, expect, it } from 'vitest';
import type { BuiltLightScript } from '../../../scripts/light-scripts';
import {
  checkPage,
  injectLightScripts,
  inlineStylesheets,
  lightScriptsFor,
  moveHeadElementsToHead,
  runsNext,
  startScriptsAfterFirstPaint,
  startupChunkPaths,
} from '../../../scripts/postexport';

/** A public page as Next's pages router exports it: React 19 leaves the title and meta in <body>. */
const nextPage = (scripts: string): string =>
  '<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"/>' +
  '<link rel="preload" href="/_next/static/chunks/site.css" as="style"/><link rel="stylesheet" href="/_next/static/chunks/site.css" data-n-g=""/>' +
  `${scripts}</head><body><div id="__next"><title>Hola</title><meta name="description" content="x"/><h1>Hola</h1>` +
  '<svg><title>icono</title></svg></div><script id="__NEXT_DATA__" type="application/json">{"page":"/"}</script></body></html>';

/** A content page (`unstable_runtimeJS: false`): the same, with no script of Next and no __NEXT_DATA__. */
const contentPage = (body = '<h1>Hola</h1>'): string =>
  '<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"/>' +
  '<link rel="preload" href="/_next/static/chunks/site.css" as="style"/><link rel="stylesheet" href="/_next/static/chunks/site.css" data-n-g=""/>' +
  `</head><body><div id="__next"><title>Hola</title>${body}</div></body></html>`;

const DEFERRED = '<script src="/_next/static/chunks/a.js" defer=""></script><script src="/_next/static/chunks/b.js" defer=""></script>';

const LIGHT: BuiltLightScript[] = [
  { name: 'site', source: 'src/light/site.ts', pages: 'every-public-page', src: '/_light/site-0123456789abcdef.js', bytes: 100 },
  { name: 'round', source: 'src/light/round.ts', pages: 'marked', src: '/_light/round-0123456789abcdef.js', bytes: 10 },
];

/** Runs a page through the rewrites as postexport's main does; its problems and the page as written. */
function exportPageAndHtml(html: string, isPublic: boolean): { problems: string[]; html: string } {
  const head = moveHeadElementsToHead(html);
  const styled = inlineStylesheets(head.html, () => 'body{color:red}');
  const chunks = startupChunkPaths(styled.html);
  const withNext = runsNext(styled.html);
  const started = withNext ? startScriptsAfterFirstPaint(styled.html) : { html: styled.html, scripts: 0 };
  const light = lightScriptsFor(started.html, LIGHT, isPublic);
  const written = injectLightScripts(started.html, light);
  const problems = checkPage(written, {
    isPublic,
    runsNext: withNext,
    lightScripts: light.map((script) => script.src),
    headElementsMoved: head.moved,
    stylesheetsInlined: styled.inlined,
    scriptsAfterFirstPaint: started.scripts,
    startupChunks: chunks.length,
  });
  return { problems, html: written };
}

const exportPage = (html: string, isPublic: boolean): string[] => exportPageAndHtml(html, isPublic).problems;

describe('post-export checks: a page that misses a rewrite fails the build', () => {
  it('passes a page as Next writes it today, and moves only the head elements outside <svg>', () => {
    expect(exportPage(nextPage(DEFERRED), true)).toEqual([]);
    expect(exportPage(nextPage(DEFERRED), false)).toEqual([]);
    const moved = moveHeadElementsToHead(nextPage(DEFERRED)).html;
    expect(moved).toContain('<title>Hola</title><meta name="description" content="x"/></head>');
    expect(moved).toContain('<svg><title>icono</title></svg>');
  });

  it("starts a team page's scripts after the first paint too, and fails one whose scripts still start on their own", () => {
    const team = exportPageAndHtml(nextPage(DEFERRED), false).html;
    expect(team).not.toContain('<script src="/_next/static/chunks/a.js" defer="">');
    expect(team).toContain('["/_next/static/chunks/a.js"');
    const rewrites = { isPublic: false, runsNext: true, lightScripts: [], headElementsMoved: 2, stylesheetsInlined: 1, scriptsAfterFirstPaint: 0, startupChunks: 2 };
    expect(checkPage(inlineStylesheets(moveHeadElementsToHead(nextPage(DEFERRED)).html, () => '').html, rewrites)).toEqual([
      'no start-up script was found to run after the first paint',
      '2 scripts of the build still start before the first paint (/_next/static/chunks/a.js)',
    ]);
  });

  it('names the missing loader when the start-up scripts are written another way (here async instead of defer)', () => {
    const problems = exportPage(nextPage(DEFERRED.replaceAll('defer=""', 'async=""')), true);
    expect(problems).toContain('no start-up script was found to run after the first paint');
    expect(problems).toContain('2 scripts of the build still start before the first paint (/_next/static/chunks/a.js)');
  });

  it('names a stylesheet left linked and a title left in <body>', () => {
    const page = nextPage(DEFERRED).replace('data-n-g=""', 'data-next-css=""');
    expect(exportPage(page, true)).toEqual(['no stylesheet of the build was found to inline', '1 stylesheets of the build are still linked, not inlined']);
    const head = moveHeadElementsToHead(nextPage(DEFERRED)).html;
    const started = startScriptsAfterFirstPaint(inlineStylesheets(head, () => '').html);
    const withSite = injectLightScripts(started.html, [LIGHT[0]!]);
    const rewrites = { isPublic: true, runsNext: true, lightScripts: [LIGHT[0]!.src], headElementsMoved: 2, stylesheetsInlined: 1, scriptsAfterFirstPaint: 2, startupChunks: 2 };
    expect(checkPage(withSite.replace('</div><script id', '<title>otra</title></div><script id'), rewrites)).toEqual([
      '1 head-only elements are still in <body>',
    ]);
  });

  it('leaves the bytes it does not rewrite as Next wrote them', () => {
    const page = nextPage(DEFERRED);
    const { html } = startScriptsAfterFirstPaint(page);
    expect(html.startsWith('<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"/>')).toBe(true);
    expect(html).toContain('<div id="__next"><title>Hola</title><meta name="description" content="x"/><h1>Hola</h1>');
  });

  it('gives every public page the site script in <head>, a marked page its own entry too, and the team pages none', () => {
    const form = exportPageAndHtml(nextPage(DEFERRED), true).html;
    expect(form).toContain('<script type="module" src="/_light/site-0123456789abcdef.js"></script></head>');
    expect(form).not.toContain('/_light/round-');
    const round = exportPageAndHtml(contentPage('<section data-light-entry="round"><h1>Becas</h1></section>'), true);
    expect(round.problems).toEqual([]);
    expect(round.html).toContain('<script type="module" src="/_light/site-0123456789abcdef.js"></script><script type="module" src="/_light/round-0123456789abcdef.js"></script></head>');
    expect(exportPageAndHtml(nextPage(DEFERRED), false).html).not.toContain('/_light/');
  });

  it('passes a content page with no script of Next, and fails one that still loads one', () => {
    const content = exportPageAndHtml(contentPage(), true);
    expect(content.problems).toEqual([]);
    expect(content.html).not.toContain('/_next/static/chunks/a.js');
    expect(exportPage(contentPage().replace('</body>', '<script src="/_next/static/chunks/a.js" defer=""></script></body>'), true)).toEqual([
      "a content page without Next's runtime still loads 1 of its scripts",
    ]);
  });

  it('fails a public page that does not load its light script', () => {
    const head = moveHeadElementsToHead(contentPage());
    const styled = inlineStylesheets(head.html, () => '');
    const rewrites = { isPublic: true, runsNext: false, headElementsMoved: head.moved, stylesheetsInlined: styled.inlined, scriptsAfterFirstPaint: 0, startupChunks: 0 };
    expect(checkPage(styled.html, { ...rewrites, lightScripts: [LIGHT[0]!.src] })).toEqual(['its light script /_light/site-0123456789abcdef.js is not in <head>']);
    expect(checkPage(styled.html, { ...rewrites, lightScripts: [] })).toEqual(['a public page without its light scripts (src/light/site.ts)']);
  });

  it("fails a page whose markup names a CSS module's class that none of its stylesheets defines (the shell _document renders)", () => {
    const shell = '<footer class="Yf74_a_footer site-footer"><p class="_2eZekq_container Yf74_a_copyright">©</p></footer>';
    const page = contentPage(`<h1 class="NpjzRq_title">Hola</h1>${shell}`);
    const head = moveHeadElementsToHead(page);
    const styledWith = (css: string) => inlineStylesheets(head.html, () => css).html;
    const rewrites = { isPublic: true, runsNext: false, headElementsMoved: head.moved, stylesheetsInlined: 1, scriptsAfterFirstPaint: 0, startupChunks: 0, lightScripts: [] };
    const problemsWith = (css: string) => checkPage(injectLightScripts(styledWith(css), [LIGHT[0]!]), { ...rewrites, lightScripts: [LIGHT[0]!.src] });
    const allDefined = '.NpjzRq_title{color:red}._2eZekq_container{padding:0}.Yf74_a_footer{margin:0}@media (min-width:768px){.Yf74_a_copyright{font-size:1rem}}';
    expect(problemsWith(allDefined)).toEqual([]);
    // The footer's stylesheet missing: its classes are named, a global class (site-footer) is not;
    // a class whose name only begins another's (Yf74_a_footer-wide) does not count as defined.
    expect(problemsWith('.NpjzRq_title{color:red}._2eZekq_container{padding:0}.Yf74_a_footer-wide{margin:0}')).toEqual([
      'classes of CSS modules that no stylesheet of the page defines: Yf74_a_copyright, Yf74_a_footer',
    ]);
  });
});
