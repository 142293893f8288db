/**
 * Every stylesheet under src/ closes each block it opens. A rule left open is not an error to the
 * build: CSS nesting takes every rule after it as its descendant (`.a { … .b { … } }` reads as
 * `.a .b`), so whole parts of a page lose their styles without a word. That happened once in
 * applicant.module.css: `.correctionSectionTitle` lost its `}` in a merge, and the consent panel's
 * checkboxes, the copy of the answers and the print styles all stopped applying.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function stylesheetsUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheetsUnder(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** Each block a stylesheet opens and does not close: the line it opens on and its selector (comments and strings skipped). */
function unclosedBlocks(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (string) => string.replace(/[{}]/g, ' '));
  const open: Array<{ line: number; selector: string }> = [];
  let line = 1;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\n') line += 1;
    else if (char === '{') {
      open.push({ line, selector: text.slice(start, index).trim() });
      start = index + 1;
    } else if (char === '}') {
      if (open.pop() === undefined) return [`line ${line}: a "}" that closes nothing`];
      start = index + 1;
    } else if (char === ';') start = index + 1;
  }
  return open.map((block) => `line ${block.line}: ${block.selector}`);
}

describe('stylesheets under src/', () => {
  it('tells an unclosed rule from a nested one', () => {
    expect(unclosedBlocks('.a {\n  margin: 0;\n\n.b {\n  color: red;\n}\n')).toEqual(['line 1: .a']);
    expect(unclosedBlocks('.a {\n  margin: 0;\n  & .b { color: red; }\n}\n@media print {\n  .c { display: none; }\n}\n')).toEqual([]);
    expect(unclosedBlocks('.a::before { content: "{"; }\n/* { */\n')).toEqual([]);
  });

  it('close every block they open', () => {
    const files = stylesheetsUnder('src');
    expect(files.length).toBeGreaterThan(10);
    const unclosed = files.flatMap((file) => unclosedBlocks(fs.readFileSync(file, 'utf8')).map((block) => `${file} ${block}`));
    expect(unclosed).toEqual([]);
  });
});
