import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocialEmbeds } from '@/components/shell/SocialEmbeds';
import { embeddedPosts } from '@/config/site';
import { enhanceSocialPosts } from '@/light/socialPosts';

/** Stands in for the browser's IntersectionObserver: the test says when the block comes near. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  comeNear() {
    this.callback(this.observed.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry), this as unknown as IntersectionObserver);
  }
}

const postIdOf = (url: string): string => /\/status\/(\d+)/.exec(url)?.[1] ?? '';
const fallbackLinks = () => screen.queryAllByRole('link', { name: 'Ver publicación en X' });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.twttr;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('the social posts (src/light/socialPosts.ts)', () => {
  it('shows each post as a link first and loads nothing until the block comes within 400 px', () => {
    render(<SocialEmbeds />);
    enhanceSocialPosts(document);
    expect(fallbackLinks().map((link) => link.getAttribute('href'))).toEqual([...embeddedPosts]);
    const [observer] = FakeIntersectionObserver.instances;
    expect(observer?.options?.rootMargin).toBe('400px 0px');
    expect(observer?.observed).toEqual([screen.getByRole('region', { name: 'Publicaciones en redes sociales' })]);
    expect(document.head.querySelector('script[src="https://platform.twitter.com/widgets.js"]')).toBeNull();
  });

  it('starts watching the block only once the first paint is reported, so the provider never competes with it', () => {
    let paint: PerformanceObserverCallback | null = null;
    class FakePerformanceObserver {
      static supportedEntryTypes = ['paint'];
      disconnected = false;
      constructor(callback: PerformanceObserverCallback) {
        paint = callback;
      }
      observe() {}
      disconnect() {
        this.disconnected = true;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    render(<SocialEmbeds />);
    enhanceSocialPosts(document);
    const [observer] = FakeIntersectionObserver.instances;
    expect(observer?.observed).toEqual([]);
    const entries = (name: string) => ({ getEntriesByName: (asked: string) => (asked === name ? [{ name }] : []) }) as unknown as PerformanceObserverEntryList;
    paint!(entries('first-paint'), {} as PerformanceObserver);
    expect(observer?.observed).toEqual([]);
    paint!(entries('first-contentful-paint'), {} as PerformanceObserver);
    expect(observer?.observed).toEqual([screen.getByRole('region', { name: 'Publicaciones en redes sociales' })]);
  });

  it('renders each post in place of its link once the block is near, and removes a link only when its post is there', async () => {
    const createTweet = vi.fn(async (id: string, target: HTMLElement) => {
      if (id !== postIdOf(embeddedPosts[0]!)) return undefined;
      const tweet = document.createElement('div');
      tweet.dataset.testid = 'tweet';
      target.append(tweet);
      return tweet;
    });
    window.twttr = { widgets: { createTweet } };
    render(<SocialEmbeds />);
    enhanceSocialPosts(document);
    FakeIntersectionObserver.instances[0]!.comeNear();
    await flush();
    expect(createTweet.mock.calls.map(([id]) => id)).toEqual(embeddedPosts.map(postIdOf));
    expect(FakeIntersectionObserver.instances[0]!.disconnected).toBe(true);
    // The first post rendered: its link went. The second did not: its link stays.
    expect(fallbackLinks().map((link) => link.getAttribute('href'))).toEqual([embeddedPosts[1]]);
  });

  it('loads the widget script once, and leaves the links when it cannot load', async () => {
    render(<SocialEmbeds />);
    enhanceSocialPosts(document);
    enhanceSocialPosts(document);
    expect(FakeIntersectionObserver.instances).toHaveLength(1);
    FakeIntersectionObserver.instances[0]!.comeNear();
    const scripts = document.head.querySelectorAll<HTMLScriptElement>('script[src="https://platform.twitter.com/widgets.js"]');
    expect(scripts).toHaveLength(1);
    scripts[0]!.dispatchEvent(new Event('error'));
    await flush();
    expect(fallbackLinks()).toHaveLength(2);
  });
});
