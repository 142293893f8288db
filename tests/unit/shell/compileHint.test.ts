import { SourceMapConsumer, SourceMapGenerator } from 'source-map-js';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, sourceMapShiftedOneLine, startupChunkPaths, withCompileHint } from '../../../scripts/postexport';

describe('compile hint on the start-up chunks (post-export)', () => {
  it('finds the chunks a page loads with <script src>, not the build manifests or inline data', () => {
    const html =
      '<head><script src="/_next/static/chunks/0-q_b3v.js" defer=""></script><script src="/_next/static/chunks/turbopack-07.js" defer=""></script>' +
      '<script src="/_next/static/BUILD/_buildManifest.js" defer=""></script><link rel="preload" href="/_next/static/chunks/x.js" as="script"/></head>' +
      '<body><script id="__NEXT_DATA__" type="application/json">{"src":"/_next/static/chunks/y.js"}</script></body>';
    expect(startupChunkPaths(html)).toEqual(['/_next/static/chunks/0-q_b3v.js', '/_next/static/chunks/turbopack-07.js']);
  });

  it('puts the hint on the first line once, however often the step runs', () => {
    const chunk = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([1]);\n//# sourceMappingURL=a.js.map';
    const hinted = withCompileHint(chunk);
    expect(hinted.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(hinted.slice(COMPILE_HINT.length)).toBe(chunk);
    expect(withCompileHint(hinted)).toBe(hinted);
  });

  it('keeps a source map pointing at the same code after the line is added, plain or indexed', () => {
    const generator = new SourceMapGenerator({ file: 'a.js' });
    generator.addMapping({ generated: { line: 1, column: 10 }, original: { line: 42, column: 2 }, source: 'src/forms/kit/Field.tsx' });
    const plain = generator.toString();
    const indexed = JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, map: JSON.parse(plain) as object }] });
    for (const map of [plain, indexed]) {
      const consumer = new SourceMapConsumer(JSON.parse(sourceMapShiftedOneLine(map)));
      expect(consumer.originalPositionFor({ line: 2, column: 10 })).toMatchObject({ source: 'src/forms/kit/Field.tsx', line: 42 });
      expect(consumer.originalPositionFor({ line: 1, column: 10 }).source).toBeNull();
    }
  });
});
