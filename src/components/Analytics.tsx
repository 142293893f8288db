import { useEffect } from 'react';
import { useRouter } from 'next/router';
import { analytics } from '@/config/site';

type MatomoQueue = Array<Array<string | number>>;

declare global {
  interface Window {
    _paq?: MatomoQueue;
  }
}

/**
 * Page-view tracking with a Matomo-compatible tracker, started with the app only when its URL and
 * site id are configured: otherwise nothing is loaded and nothing is sent.
 */
export function Analytics() {
  const router = useRouter();

  useEffect(() => {
    if (!analytics.url || !analytics.siteId) return;
    const base = analytics.url.endsWith('/') ? analytics.url : `${analytics.url}/`;
    const queue = (window._paq ??= []);
    queue.push(['setTrackerUrl', `${base}matomo.php`], ['setSiteId', analytics.siteId], ['enableLinkTracking'], ['trackPageView']);
    const script = document.createElement('script');
    script.async = true;
    script.src = `${base}matomo.js`;
    document.head.appendChild(script);

    function trackRoute(url: string) {
      queue.push(['setCustomUrl', url], ['setDocumentTitle', document.title], ['trackPageView']);
    }
    router.events.on('routeChangeComplete', trackRoute);
    return () => router.events.off('routeChangeComplete', trackRoute);
  }, [router.events]);

  return null;
}
