import { Slide, ToastContainer } from 'react-toastify';

// react-toastify 11 injects its own stylesheet when the container mounts, so no page carries it
// until a toast is wanted.

/** The one toast container of the app: top-right, 5 s, closable, paused while hovered. */
export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      closeButton
      pauseOnHover
      pauseOnFocusLoss
      newestOnTop
      transition={Slide}
      theme="light"
    />
  );
}
