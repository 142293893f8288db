import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhanceAnalytics } from '@/light/analytics';

afterEach(() => {
  delete window._paq;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  vi.resetModules();
});

const trackerScripts = () => Array.from(document.head.querySelectorAll<HTMLScriptElement>('script')).map((script) => script.src);

describe('page views (src/light/analytics.ts)', () => {
  it('loads and sends nothing when the tracker is not configured (the page carries no tracker)', async () => {
    const { Analytics } = await import('@/components/Analytics');
    render(<Analytics />);
    expect(document.querySelector('[data-light="analytics"]')).toBeNull();
    enhanceAnalytics(document);
    expect(window._paq).toBeUndefined();
    expect(trackerScripts()).toEqual([]);
  });

  it('counts one page view per load with the tracker and site id the page carries', async () => {
    vi.stubEnv('NEXT_PUBLIC_ANALYTICS_URL', 'https://stats.example.org');
    vi.stubEnv('NEXT_PUBLIC_ANALYTICS_SITE_ID', '7');
    const { Analytics } = await import('@/components/Analytics');
    render(<Analytics />);
    enhanceAnalytics(document);
    enhanceAnalytics(document);
    expect(window._paq).toEqual([['setTrackerUrl', 'https://stats.example.org/matomo.php'], ['setSiteId', '7'], ['enableLinkTracking'], ['trackPageView']]);
    expect(trackerScripts()).toEqual(['https://stats.example.org/matomo.js']);
    vi.unstubAllEnvs();
  });
});
