import { lazy, Suspense, useSyncExternalStore } from 'react';
import { areToastsWanted, subscribeToToastsWanted } from '@/lib/notify';

const Toasts = lazy(() => import('./Toasts').then((module) => ({ default: module.Toasts })));

/** Mounts the toast container with the first toast, so pages that show none never load it. */
export function ToastOutlet() {
  const wanted = useSyncExternalStore(subscribeToToastsWanted, areToastsWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
