/** The round programme pages' own script (pages marked [data-light-entry="round"]): they follow the server's round. */
import { enhanceRound } from './roundPage';

enhanceRound(document);
