/** The Spanish catch-all for a failed submission (spec section 8). */
export const GENERIC_ERROR_MESSAGE = 'Algo salió mal durante el envío, inténtalo de nuevo.';

// react-toastify is loaded with the first toast rather than with every page: most visits show none.
const toastModule = () => import('react-toastify');

/** Toasts of the whole site go through here, so their look and timing stay one decision. */
export const notify = {
  success: async (message: string) => (await toastModule()).toast.success(message),
  error: async (message: string) => (await toastModule()).toast.error(message),
};
