/**
 * Runs `start` once the browser reports the page's first contentful paint (Paint Timing), at once
 * where that cannot be told: no Paint Timing, or a page opened out of sight (it paints only when
 * shown). For work that must never compete with the first paint, such as a third party's script.
 */
export function afterFirstPaint(view: Window & typeof globalThis, start: () => void): void {
  const types = view.PerformanceObserver?.supportedEntryTypes;
  if (view.document.visibilityState !== 'visible' || !types?.includes('paint')) {
    start();
    return;
  }
  const observer = new view.PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
}
