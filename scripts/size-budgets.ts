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
  /** The six application forms (React, the field kit, validation, drafts): today's largest (173.1 kB, grantee finance), rounded up. */
  form: 175,
  /** /becas-otorgadas/: React for the live list and its filters. */
  'public-app': 135,
  /** The applicant's portal. */
  applicant: 120,
  /** The team's area: each page loads what it shows first, the rest when asked. */
  team: 120,
};
