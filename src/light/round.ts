/**
 * The script of the round programme pages (/academic-grants/, /devcon-grants/), loaded only on pages
 * with an element [data-light-entry="round"] (scripts/light-scripts.ts). Filled by the round pages' work.
 */
export {};
