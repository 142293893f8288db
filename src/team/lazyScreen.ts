import { lazy, type ComponentType } from 'react';

/**
 * A team screen in a chunk of its own. A TeamPage draws its screen only once the session probe has
 * said who is signed in, so none of the screen's code is needed for the first paint (the frame, the
 * title and "Cargando…"): the page's First Load JS is the frame alone. TeamPage starts the download
 * at mount, beside the probe (`preload`), so the screen is usually there when the answer is.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): { Screen: ComponentType<P>; preload: () => void } {
  let started: Promise<ComponentType<P>> | null = null;
  const start = () => (started ??= load());
  return {
    Screen: lazy(() => start().then((component) => ({ default: component }))),
    preload: () => void start(),
  };
}
