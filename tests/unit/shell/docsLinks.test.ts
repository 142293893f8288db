// @vitest-environment node
/**
 * The README is the newcomer's page and docs/ holds the rest, by reader: every relative link in
 * them must lead to a file that exists (and to a heading that exists, when it names one), the README
 * stays short with its Quick start, and every variable of .env.example is documented.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');

function markdownFiles(): string[] {
  const found: string[] = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) found.push(relative);
    }
  };
  walk('docs');
  return found;
}

/** The text outside fenced code blocks, with inline code spans blanked. */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (line.startsWith('```')) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '``');
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

function anchorsOf(file: string): Set<string> {
  let fenced = false;
  const anchors = new Set<string>();
  for (const line of fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (heading && !fenced) anchors.add(slug(heading[1] ?? ''));
  }
  return anchors;
}

/** Each relative link of one Markdown file that leads nowhere, as "file: target (why)". */
export function brokenLinks(file: string, markdown: string): string[] {
  const broken: string[] = [];
  for (const line of prose(markdown)) {
    for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [filePart, anchor] = target.split('#') as [string, string | undefined];
      const resolved = filePart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), filePart));
      if (resolved.startsWith('..') || !fs.existsSync(path.join(ROOT, resolved))) {
        broken.push(`${file}: ${target} (no such file)`);
      } else if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) {
        broken.push(`${file}: ${target} (no such heading)`);
      }
    }
  }
  return broken;
}

describe('the README and docs/', () => {
  const files = markdownFiles();

  it('link only to files and headings that exist', () => {
    expect(files).toEqual(expect.arrayContaining(['docs/deploying.md', 'docs/operating.md', 'docs/architecture.md', 'docs/testing.md']));
    const broken = files.flatMap((file) => brokenLinks(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(broken).toEqual([]);
  });

  it('report a link to a missing file or heading', () => {
    expect(brokenLinks('README.md', 'See [the guide](docs/no-such-guide.md).')).toEqual(['README.md: docs/no-such-guide.md (no such file)']);
    expect(brokenLinks('docs/operating.md', '[keys](deploying.md#no-such-heading) [ok](deploying.md#backups)')).toEqual([
      'docs/operating.md: deploying.md#no-such-heading (no such heading)',
    ]);
    expect(brokenLinks('README.md', '`[code](nowhere.md)` and [web](https://example.org/)')).toEqual([]);
  });

  it('keep the README to at most 150 lines, with the two Quick start commands', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
    const quickStart = readme.slice(readme.indexOf('## Quick start'));
    expect(quickStart).toContain('npm install && npm start');
    expect(quickStart).toMatch(/^npm test /m);
    const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts).toHaveProperty('start');
    expect(scripts).toHaveProperty('test');
  });

  it('document every variable of .env.example in docs/deploying.md or docs/operating.md', () => {
    const variables = [...fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8').matchAll(/^(?:# ?)?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1] ?? '');
    expect(variables.length).toBeGreaterThan(50);
    const lines = ['docs/deploying.md', 'docs/operating.md'].flatMap((file) => fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n'));
    const undocumented = variables.filter((variable) => !lines.some((line) => documents(line, variable)));
    expect(undocumented).toEqual([]);
  });
});

/**
 * Whether a line names the variable: in full, or in a table's shorthand, where `_SMALL_GRANTS_` or
 * `_CLOSES` beside a full name stands for that name with the piece replaced.
 */
function documents(line: string, variable: string): boolean {
  if (new RegExp(`\\b${variable}\\b`).test(line)) return true;
  const codes = [...line.matchAll(/`([A-Z_][A-Z0-9_]*)`/g)].map((match) => match[1] ?? '');
  const full = codes.filter((code) => !code.startsWith('_'));
  const pieces = codes.filter((code) => code.startsWith('_'));
  const cuts = (name: string): number[] => [...name.matchAll(/_/g)].map((match) => match.index ?? 0).concat(name.length);
  return full.some((name) =>
    pieces.some((piece) =>
      cuts(name).some((start) => cuts(name).some((end) => end >= start && `${name.slice(0, start)}${piece}${name.slice(end)}`.replace(/__+/g, '_').replace(/_$/, '') === variable)),
    ),
  );
}
