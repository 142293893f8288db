/**
 * Page-view tracking with a Matomo-compatible tracker. The page carries the tracker's address and
 * site id (src/components/Analytics.tsx) only when both are configured: otherwise nothing is loaded
 * and nothing is sent. Every page is a full load, so one page view per load.
 */

type MatomoQueue = Array<Array<string | number>>;

declare global {
  interface Window {
    _paq?: MatomoQueue;
  }
}

const started = new WeakSet<Document>();

export function enhanceAnalytics(root: Document): void {
  const marker = root.querySelector<HTMLElement>('[data-light="analytics"]');
  const url = marker?.dataset.trackerUrl;
  const siteId = marker?.dataset.siteId;
  const view = root.defaultView;
  if (!url || !siteId || !view || started.has(root)) return;
  started.add(root);
  const base = url.endsWith('/') ? url : `${url}/`;
  const queue = (view._paq ??= []);
  queue.push(['setTrackerUrl', `${base}matomo.php`], ['setSiteId', siteId], ['enableLinkTracking'], ['trackPageView']);
  const script = root.createElement('script');
  script.async = true;
  script.src = `${base}matomo.js`;
  root.head.appendChild(script);
}
