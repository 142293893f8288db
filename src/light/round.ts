/**
 * The script of the round programme pages (/academic-grants/, /devcon-grants/), loaded only on pages
 * with an element [data-light-entry="round"] (scripts/light-scripts.ts): they follow the server's round.
 */
import { enhanceRound } from './roundPage';

enhanceRound(document);
