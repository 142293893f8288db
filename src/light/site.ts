/** Runs on every public page: each enhancer finds its own markup and does nothing without it. */
import { enhanceNewsletter } from './newsletter';

enhanceNewsletter(document);
