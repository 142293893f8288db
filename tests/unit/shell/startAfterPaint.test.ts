import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START_AFTER_FIRST_PAINT, startScriptsAfterFirstPaint, startupChunkPaths } from '../../../scripts/postexport';

const PAGE =
  '<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"/><style>body{}</style>' +
  '<script src="/_next/static/chunks/a.js" defer=""></script><script src="/_next/static/chunks/b.js" defer=""></script></head>' +
  '<body><div id="__next"><h1>Hola</h1></div><script id="__NEXT_DATA__" type="application/json">{"page":"/"}</script>' +
  '<script src="/_next/static/BUILD/_buildManifest.js" defer=""></script></body></html>';

describe('start-up scripts run after the first paint (post-export)', () => {
  it('runs every start-up script from one loader after the page, in page order, and fetches none before it', () => {
    const { html, scripts } = startScriptsAfterFirstPaint(PAGE);
    expect(scripts).toBe(3);
    expect(html).not.toMatch(/<script src=/);
    expect(html).not.toMatch(/rel="preload"/);
    // The loader comes last in <body>, after the page's markup and its data.
    expect(html).toMatch(
      /<script id="__NEXT_DATA__"[^>]*>[^<]*<\/script><script>\(function\(srcs\)[^<]*\)\(\["\/_next\/static\/chunks\/a\.js","\/_next\/static\/chunks\/b\.js","\/_next\/static\/BUILD\/_buildManifest\.js"\]\)<\/script><\/body><\/html>$/,
    );
    expect(html).toContain('<h1>Hola</h1>');
    // The chunks marked for eager compilation are still found in the rewritten page.
    expect(startupChunkPaths(html)).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/b.js']);
  });

  it('leaves a page without start-up scripts as it is', () => {
    const page = '<html><head></head><body><p>x</p></body></html>';
    expect(startScriptsAfterFirstPaint(page)).toEqual({ html: page, scripts: 0 });
  });
});

type PaintCallback = (list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void;

describe('the loader in the page', () => {
  let paintCallback: PaintCallback | null;
  let disconnected: boolean;
  let visibility: DocumentVisibilityState;

  class FakePerformanceObserver {
    static supportedEntryTypes: readonly string[] = ['paint', 'navigation'];
    constructor(callback: PaintCallback) {
      paintCallback = callback;
    }
    observe(): void {}
    disconnect(): void {
      disconnected = true;
    }
  }

  const loadedScripts = (): Array<{ src: string; async: boolean }> =>
    [...document.body.querySelectorAll('script')].map((script) => ({ src: script.getAttribute('src') ?? '', async: script.async }));

  // The loader ships as text inside each page: run that very text.
  const runLoader = (): void => {
    new Function(`(${START_AFTER_FIRST_PAINT})(["/a.js","/b.js"])`)();
  };

  const paint = (name: string): void => {
    paintCallback?.({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) }, { disconnect: () => (disconnected = true) });
  };

  beforeEach(() => {
    document.body.innerHTML = '';
    paintCallback = null;
    disconnected = false;
    visibility = 'visible';
    vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the first contentful paint, then adds the scripts once, in order, to run in order', () => {
    runLoader();
    expect(loadedScripts()).toEqual([]);
    paint('first-paint');
    expect(loadedScripts()).toEqual([]);
    paint('first-contentful-paint');
    expect(loadedScripts()).toEqual([
      { src: '/a.js', async: false },
      { src: '/b.js', async: false },
    ]);
    expect(disconnected).toBe(true);
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(5000);
    expect(loadedScripts()).toHaveLength(2);
  });

  it('starts at once in a page loaded out of sight, which paints nothing until shown', () => {
    visibility = 'hidden';
    runLoader();
    expect(loadedScripts().map((script) => script.src)).toEqual(['/a.js', '/b.js']);
  });

  it('starts when the page is hidden before it painted', () => {
    runLoader();
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(loadedScripts()).toHaveLength(2);
  });

  it('starts at once where the browser has no Paint Timing', () => {
    vi.stubGlobal('PerformanceObserver', class extends FakePerformanceObserver {
      static override supportedEntryTypes: readonly string[] = ['navigation'];
    });
    runLoader();
    expect(loadedScripts()).toHaveLength(2);
  });

  it('starts three seconds after load if no paint was reported', () => {
    runLoader();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(2999);
    expect(loadedScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(loadedScripts()).toHaveLength(2);
  });
});
