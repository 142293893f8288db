/**
 * Every box that scrolls on the team's and the applicant's pages can be reached by keyboard and is
 * named (axe's scrollable-region-focusable): tables go through ScrollingTable, and no stylesheet or
 * component of those pages makes another box scroll, except the programme tabs, whose tabs take the focus.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src/team', 'src/applicant'];
/** Scrolling boxes that are reachable without being a focusable region: each with its reason. */
const ALLOWED = new Map([
  ['src/team/team.module.css .tableWrap', 'ScrollingTable: role="region", tabIndex=0, named by the caption'],
  ['src/team/team.module.css .tabList', 'a tablist: its tabs take the focus and scroll it into view'],
]);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Each rule (selector) of a stylesheet that makes its box scroll. */
function scrollingRules(css: string): string[] {
  const found: string[] = [];
  for (const match of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (/overflow(-x|-y)?\s*:\s*(auto|scroll)/.test(match[2] ?? '')) found.push((match[1] ?? '').trim());
  }
  return found;
}

describe("the team's and the applicant's scrolling boxes", () => {
  it('are the allowed ones only', () => {
    const seen: string[] = [];
    for (const file of ROOTS.flatMap(filesUnder)) {
      const text = fs.readFileSync(file, 'utf8');
      if (file.endsWith('.css')) seen.push(...scrollingRules(text).map((selector) => `${file} ${selector}`));
      // Inline styles or style props that scroll (overflow: 'auto', overflowX="scroll").
      else if (/overflow[XY]?\s*[:=]\s*\{?\s*['"](auto|scroll)['"]/.test(text)) seen.push(`${file} (inline)`);
    }
    expect(seen.sort()).toEqual([...ALLOWED.keys()].sort());
  });

  it('put every table in ScrollingTable, the one user of the scrolling box', () => {
    const bare = ROOTS.flatMap(filesUnder).filter((file) => file.endsWith('.tsx') && !file.endsWith('ScrollingTable.tsx') && /<table[\s>]|\.tableWrap\b/.test(fs.readFileSync(file, 'utf8')));
    expect(bare).toEqual([]);
  });
});
