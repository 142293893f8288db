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
   * the shell they share with the content pages: the largest (175.7 kB, grantee finance), rounded up.
   */
  form: 178,
  /** /becas-otorgadas/: React for the live list and its filters (136.3 kB), rounded up. */
  'public-app': 138,
  /**
   * The applicant's portal: 134.5–137.9 kB, rounded up. Issue 53 asks for 120; what is left is Next's and
   * React's runtime (about 105 kB) and the public shell. A ratchet: lower it as the pages lose weight.
   */
  applicant: 140,
  /**
   * The team's area: each page loads what it shows first, the rest when asked (131.1–132.2 kB, rounded up).
   * Issue 53 asks for 120 (not reached yet); a ratchet, as above.
   */
  team: 134,
};
