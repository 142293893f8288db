import { useEffect, useRef, useState } from 'react';
import { embeddedPosts } from '@/config/site';
import styles from './SocialEmbeds.module.css';

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

/** Loads the provider's script once for every embed on the page; a failed load may be retried later. */
function loadWidgetScript(): Promise<TwitterWidgets> {
  if (window.twttr?.widgets) return Promise.resolve(window.twttr);
  widgetScript ??= new Promise<TwitterWidgets>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = WIDGET_SCRIPT;
    script.async = true;
    script.onload = () => (window.twttr?.widgets ? resolve(window.twttr) : reject(new Error('widget script loaded without twttr')));
    script.onerror = () => {
      widgetScript = null;
      reject(new Error('widget script unavailable'));
    };
    document.head.appendChild(script);
  });
  return widgetScript;
}

function postId(url: string): string | null {
  return /\/status\/(\d+)/.exec(url)?.[1] ?? null;
}

function EmbeddedPost({ url, load }: { url: string; load: Promise<TwitterWidgets> | null }) {
  const target = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    const id = postId(url);
    if (!load || !id) return;
    let cancelled = false;
    load
      .then((twttr) => (target.current && !cancelled ? twttr.widgets.createTweet(id, target.current, { lang: 'es', dnt: true }) : undefined))
      .then((element) => {
        if (element && !cancelled) setRendered(true);
      })
      // The plain link stays in place: that is the fallback.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [url, load]);

  return (
    <div className={styles.post}>
      <div ref={target} />
      {rendered ? null : (
        <a href={url} className={styles.fallback}>
          Ver publicación en X
        </a>
      )}
    </div>
  );
}

/**
 * The two posts above the footer. The provider's script is requested only when this block comes
 * near the viewport, so it costs nothing to visitors who never scroll that far.
 */
export function SocialEmbeds() {
  const region = useRef<HTMLElement>(null);
  const [load, setLoad] = useState<Promise<TwitterWidgets> | null>(null);

  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          const loading = loadWidgetScript();
          loading.catch(() => undefined);
          setLoad(loading);
        }
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <section ref={region} aria-label="Publicaciones en redes sociales" className={styles.region}>
      {embeddedPosts.map((url) => (
        <EmbeddedPost key={url} url={url} load={load} />
      ))}
    </section>
  );
}
