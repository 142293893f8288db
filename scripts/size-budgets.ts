/**
 * How much JavaScript each kind of page (scripts/page-kinds.ts) may load at start: gzip kB (1000
 * bytes), summed over the distinct files the exported page loads (scripts/size.ts). `npm test`
 * runs `npm run size -- --budget`, which fails naming every page over its kind's budget.
 *
 * Raise a budget only with the reason in the commit: each kilobyte is paid by a visitor on a cheap
 * phone on a slow network, in data and in battery.
 */
import type { PageKind } from './page-kinds';

export const SIZE_BUDGET_KB: Readonly<Record<PageKind, number>> = {
  /** Text, links, a menu, tabs, a FAQ and the newsletter box: their own small scripts, no framework runtime (issue 53). */
  content: 15,
  /**
   * The six application forms (React, the field kit, validation, drafts) and the site's own script for
   * the shell they share with the content pages: the largest (169.5 kB, grantee finance), rounded up.
   */
  form: 172,
  /** /becas-otorgadas/: React for the live list and its filters (129.4 kB), rounded up. */
  'public-app': 132,
  /**
   * The applicant's portal: 127.6–131.5 kB, rounded up. Issue 53 asks for 120; Next's client, React,
   * Turbopack's runtime, the build's manifests and the shell's light script come to about 122 kB before
   * any code of the portal's (docs/testing.md). A ratchet: lower it as the pages lose weight.
   */
  applicant: 134,
  /**
   * The team's area: each page loads what it shows first, the rest when asked (124.3–125.3 kB, rounded up).
   * Issue 53 asks for 120 (not reached yet): the same runtime comes to about 118 kB here (no light
   * script); a ratchet, as above.
   */
  team: 127,
};
