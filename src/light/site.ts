/**
 * The script of every public page (bundled by scripts/light-scripts.ts, loaded as a module from
 * <head>): it runs the shell's enhancers, each of which finds its own markup and does nothing
 * where there is none. On the React pages it runs on the same static shell, which React leaves alone.
 */
import { enhanceAnalytics } from './analytics';
import { enhanceMenu } from './menu';
import { enhanceNewsletter } from './newsletter';
import { enhanceRouteTabs } from './routeTabs';
import { enhanceSidebar } from './sidebar';
import { enhanceSocialPosts } from './socialPosts';
import { enhanceTabs } from './tabs';

enhanceMenu(document);
enhanceNewsletter(document);
enhanceSocialPosts(document);
enhanceAnalytics(document);
enhanceTabs(document);
enhanceSidebar(document);
enhanceRouteTabs(document);
