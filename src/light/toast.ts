/**
 * The light pages' toasts (react-toastify needs React, which they no longer load): top right,
 * newest on top, gone after 5 s, paused while hovered or focused and while the window has lost the
 * focus, a close button. Success speaks politely (role=status), an error at once (role=alert).
 * The look is src/theme/toasts.css (react-toastify's light theme); it slides in unless the visitor
 * asked for reduced motion.
 */

export type ToastKind = 'success' | 'error';

export const TOAST_AUTO_CLOSE_MS = 5000;
/** How long the slide out lasts (toasts.css), after which the toast leaves the page. */
const LEAVE_MS = 300;

/** The one outlet, outside the page's React root so that hydration never finds it. */
function outletOf(root: Document): HTMLElement {
  const existing = root.querySelector<HTMLElement>('body > .light-toasts');
  if (existing) return existing;
  const outlet = root.createElement('div');
  outlet.className = 'light-toasts';
  root.body.append(outlet);
  return outlet;
}

/** Shows `message` as a toast of `kind`; returns its element. */
export function showToast(root: Document, kind: ToastKind, message: string): HTMLElement {
  const view = root.defaultView;
  const toast = root.createElement('div');
  toast.className = `light-toast light-toast--${kind}`;
  toast.setAttribute('role', kind === 'success' ? 'status' : 'alert');
  const body = root.createElement('div');
  body.className = 'light-toast__body';
  body.textContent = message;
  const close = root.createElement('button');
  close.type = 'button';
  close.className = 'light-toast__close';
  close.setAttribute('aria-label', 'Cerrar');
  close.textContent = '×';
  const progress = root.createElement('div');
  progress.className = 'light-toast__progress';
  toast.append(body, close, progress);

  let remaining = TOAST_AUTO_CLOSE_MS;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Why the countdown waits: the pointer over it, the focus in it, the window without the focus. */
  const holds = new Set<string>();
  const run = () => {
    startedAt = Date.now();
    timer = setTimeout(dismiss, remaining);
    toast.removeAttribute('data-paused');
  };
  const hold = (reason: string) => {
    if (holds.size === 0 && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
      remaining -= Date.now() - startedAt;
      toast.setAttribute('data-paused', '');
    }
    holds.add(reason);
  };
  const release = (reason: string) => {
    if (holds.delete(reason) && holds.size === 0 && toast.isConnected && !toast.classList.contains('light-toast--leaving')) run();
  };
  const onBlur = () => hold('window');
  const onFocus = () => release('window');

  function dismiss() {
    clearTimeout(timer);
    view?.removeEventListener('blur', onBlur);
    view?.removeEventListener('focus', onFocus);
    toast.classList.add('light-toast--leaving');
    const reduced = view?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    setTimeout(() => toast.remove(), reduced ? 0 : LEAVE_MS);
  }

  close.addEventListener('click', dismiss);
  toast.addEventListener('mouseenter', () => hold('pointer'));
  toast.addEventListener('mouseleave', () => release('pointer'));
  toast.addEventListener('focusin', () => hold('focus'));
  toast.addEventListener('focusout', (event) => {
    if (!toast.contains(event.relatedTarget as Node | null)) release('focus');
  });
  view?.addEventListener('blur', onBlur);
  view?.addEventListener('focus', onFocus);

  outletOf(root).prepend(toast);
  run();
  return toast;
}
