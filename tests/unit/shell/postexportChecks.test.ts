import { describe, expect, it } from 'vitest';
import { checkPage, inlineStylesheets, moveHeadElementsToHead, startScriptsAfterFirstPaint, startupChunkPaths } from '../../../scripts/postexport';

/** A public page as Next's pages router exports it: React 19 leaves the title and meta in <body>. */
const nextPage = (scripts: string): string =>
  '<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"/>' +
  '<link rel="preload" href="/_next/static/chunks/site.css" as="style"/><link rel="stylesheet" href="/_next/static/chunks/site.css" data-n-g=""/>' +
  `${scripts}</head><body><div id="__next"><title>Hola</title><meta name="description" content="x"/><h1>Hola</h1>` +
  '<svg><title>icono</title></svg></div><script id="__NEXT_DATA__" type="application/json">{"page":"/"}</script></body></html>';

const DEFERRED = '<script src="/_next/static/chunks/a.js" defer=""></script><script src="/_next/static/chunks/b.js" defer=""></script>';

function exportPage(html: string, isPublic: boolean): string[] {
  const head = moveHeadElementsToHead(html);
  const styled = inlineStylesheets(head.html, () => 'body{color:red}');
  const chunks = startupChunkPaths(styled.html);
  const started = isPublic ? startScriptsAfterFirstPaint(styled.html) : { html: styled.html, scripts: 0 };
  return checkPage(started.html, { isPublic, headElementsMoved: head.moved, stylesheetsInlined: styled.inlined, scriptsAfterFirstPaint: started.scripts, startupChunks: chunks.length });
}

describe('post-export checks: a page that misses a rewrite fails the build', () => {
  it('passes a page as Next writes it today, and moves only the head elements outside <svg>', () => {
    expect(exportPage(nextPage(DEFERRED), true)).toEqual([]);
    expect(exportPage(nextPage(DEFERRED), false)).toEqual([]);
    const moved = moveHeadElementsToHead(nextPage(DEFERRED)).html;
    expect(moved).toContain('<title>Hola</title><meta name="description" content="x"/></head>');
    expect(moved).toContain('<svg><title>icono</title></svg>');
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
    expect(checkPage(started.html.replace('</div><script id', '<title>otra</title></div><script id'), { isPublic: true, headElementsMoved: 2, stylesheetsInlined: 1, scriptsAfterFirstPaint: 2, startupChunks: 2 })).toEqual([
      '1 head-only elements are still in <body>',
    ]);
  });

  it('leaves the bytes it does not rewrite as Next wrote them', () => {
    const page = nextPage(DEFERRED);
    const { html } = startScriptsAfterFirstPaint(page);
    expect(html.startsWith('<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"/>')).toBe(true);
    expect(html).toContain('<div id="__next"><title>Hola</title><meta name="description" content="x"/><h1>Hola</h1>');
  });
});
