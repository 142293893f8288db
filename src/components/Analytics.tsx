import { analytics } from '@/config/site';

/**
 * Where the page-view tracker is (a Matomo-compatible one), for src/light/analytics.ts: rendered
 * only when its URL and site id are both configured, so that otherwise nothing is loaded or sent.
 */
export function Analytics() {
  if (!analytics.url || !analytics.siteId) return null;
  return <div hidden data-light="analytics" data-tracker-url={analytics.url} data-site-id={analytics.siteId} />;
}
