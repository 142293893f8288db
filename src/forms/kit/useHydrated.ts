import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the exported HTML and during hydration, true after: the heavy, client-only parts of a
 * form (react-select, the drop zone, the captcha) render their stand-ins until then and load lazily.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
