/**
 * The posts above the footer. The markup has each post as a plain link ("Ver publicación en X");
 * after the first paint (on a short page the block is near at once, and the provider's script
 * must not compete with the page's own first paint), when the block comes within 400 px of the
 * viewport, the provider's script is loaded (once for
 * the page) and each post rendered in its place, the link removed only once the post is there.
 * If the script cannot load, the links stay: that is the fallback.
 */

import { afterFirstPaint } from './afterFirstPaint';

const WIDGET_SCRIPT = 'https://platform.twitter.com/widgets.js';

type TwitterWidgets = {
  widgets: { createTweet: (id: string, target: HTMLElement, options?: Record<string, unknown>) => Promise<HTMLElement | undefined> };
};

declare global {
  interface Window {
    twttr?: TwitterWidgets;
  }
}

let widgetScript: Promise<TwitterWidgets> | null = null;

/** Loads the provider's script once for every post on the page; a failed load may be retried later. */
function loadWidgetScript(root: Document): Promise<TwitterWidgets> {
  const view = root.defaultView;
  if (view?.twttr?.widgets) return Promise.resolve(view.twttr);
  widgetScript ??= new Promise<TwitterWidgets>((resolve, reject) => {
    const script = root.createElement('script');
    script.src = WIDGET_SCRIPT;
    script.async = true;
    script.onload = () => (view?.twttr?.widgets ? resolve(view.twttr) : reject(new Error('widget script loaded without twttr')));
    script.onerror = () => {
      widgetScript = null;
      reject(new Error('widget script unavailable'));
    };
    root.head.appendChild(script);
  });
  return widgetScript;
}

function postId(url: string): string | null {
  return /\/status\/(\d+)/.exec(url)?.[1] ?? null;
}

function renderPost(post: HTMLElement, twttr: TwitterWidgets): void {
  const target = post.querySelector<HTMLElement>('[data-post-target]');
  const fallback = post.querySelector<HTMLAnchorElement>('a[data-post-fallback]');
  const id = fallback ? postId(fallback.href) : null;
  if (!target || !fallback || !id) return;
  twttr.widgets
    .createTweet(id, target, { lang: 'es', dnt: true })
    .then((element) => {
      if (element) fallback.remove();
    })
    .catch(() => undefined);
}

const observed = new WeakSet<HTMLElement>();

export function enhanceSocialPosts(root: Document): void {
  for (const region of root.querySelectorAll<HTMLElement>('[data-light="social-posts"]')) {
    if (observed.has(region)) continue;
    observed.add(region);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        loadWidgetScript(root)
          .then((twttr) => {
            for (const post of region.querySelectorAll<HTMLElement>('[data-post]')) renderPost(post, twttr);
          })
          // The plain links stay in place.
          .catch(() => undefined);
      },
      { rootMargin: '400px 0px' },
    );
    const view = root.defaultView;
    if (view) afterFirstPaint(view, () => observer.observe(region));
  }
}
