/**
 * The audit's reference: a bare Next pages-router page, built in the same run with the same
 * node_modules, that carries a page's visible text as plain paragraphs, with no styles, fonts or
 * components of ours. Lighthouse scores move by several points between runs on this shared machine,
 * so a route's score is read against what Next and React alone cost in the same run.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { precompress } from './postexport';
import { projectDir } from './export-files';

/** Built inside the project, so that Next and React resolve from its node_modules; removed after. */
export const referenceDir = path.join(projectDir, '.audit-reference');

/** Elements whose content a reader never sees as text. */
const UNSEEN = new Set(['head', 'script', 'style', 'template', 'noscript']);

/** The text a reader sees on a page, piece by piece: no head, scripts, styles, templates or noscript. */
export function visibleText(html: string): string[] {
  const pieces: string[] = [];
  const visit = (node: DefaultTreeAdapterTypes.Node): void => {
    if (node.nodeName === '#text') {
      const text = (node as DefaultTreeAdapterTypes.TextNode).value.replace(/\s+/g, ' ').trim();
      if (text !== '') pieces.push(text);
    } else if ('childNodes' in node && !UNSEEN.has(node.nodeName)) {
      node.childNodes.forEach(visit);
    }
  };
  visit(parse(html));
  return pieces;
}

/** The reference page's source: the first piece as the heading, the others as paragraphs. */
export function referencePageSource(pieces: readonly string[]): string {
  const [heading = '', ...paragraphs] = pieces;
  return [
    "import { createElement } from 'react';",
    `const heading = ${JSON.stringify(heading)};`,
    `const paragraphs = ${JSON.stringify(paragraphs)};`,
    'export default function Reference() {',
    "  return createElement('main', { lang: 'es' }, createElement('h1', null, heading), paragraphs.map((text, index) => createElement('p', { key: index }, text)));",
    '}',
    '',
  ].join('\n');
}

/** Builds the reference page from a page file of the export; returns its export folder, precompressed as ours is. */
export function buildReferencePage(htmlFile: string): string {
  fs.rmSync(referenceDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(referenceDir, 'pages'), { recursive: true });
  fs.writeFileSync(path.join(referenceDir, 'next.config.js'), "module.exports = { output: 'export', trailingSlash: true };\n");
  fs.writeFileSync(path.join(referenceDir, 'pages/index.js'), referencePageSource(visibleText(fs.readFileSync(htmlFile, 'utf8'))));
  execFileSync(path.join(projectDir, 'node_modules/.bin/next'), ['build', referenceDir], {
    cwd: projectDir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const out = path.join(referenceDir, 'out');
  precompress(out);
  return out;
}
