/** The Spanish catch-all for a failed submission. */
export const GENERIC_ERROR_MESSAGE = 'Algo salió mal durante el envío, inténtalo de nuevo.';

// react-toastify is loaded with the first toast rather than with every page: most visits show none.
// Its container mounts then too (ToastOutlet); toasts sent before it is mounted wait in its queue.
const toastModule = () => import('react-toastify');

let toastsWanted = false;
const wantListeners = new Set<() => void>();

/** Whether any toast has been asked for yet (ToastOutlet mounts the container from then on). */
export function areToastsWanted(): boolean {
  return toastsWanted;
}

export function subscribeToToastsWanted(listener: () => void): () => void {
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
}

async function show(kind: 'success' | 'error', message: string) {
  if (!toastsWanted) {
    toastsWanted = true;
    wantListeners.forEach((listener) => listener());
  }
  return (await toastModule()).toast[kind](message);
}

/** Toasts of the whole site go through here, so their look and timing stay one decision. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};
