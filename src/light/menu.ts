/**
 * The mobile menu: a native modal <dialog> opened and closed by HTML invoker commands
 * (`<button commandfor="mobile-menu" command="show-modal">`, `command="close"`), which work with
 * scripts off in current browsers; the browser makes the page inert, closes on Escape and gives
 * focus back. This adds what the markup cannot say:
 *  - in a browser without invoker commands, the buttons' clicks call showModal() and close();
 *  - the opening buttons' aria-expanded follows the dialog;
 *  - Tab and Shift+Tab cycle inside the drawer instead of leaving for the browser's own controls.
 */

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

const enhanced = new WeakSet<HTMLDialogElement>();

function keepFocusInside(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = dialog.ownerDocument.activeElement;
  if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

export function enhanceMenu(root: Document): void {
  for (const dialog of root.querySelectorAll<HTMLDialogElement>('dialog[data-light="menu"]')) {
    if (enhanced.has(dialog) || !dialog.id) continue;
    enhanced.add(dialog);
    const buttons = Array.from(root.querySelectorAll<HTMLButtonElement>('button[commandfor]')).filter((button) => button.getAttribute('commandfor') === dialog.id);
    const openers = buttons.filter((button) => button.getAttribute('command') === 'show-modal');
    const showExpanded = (): void => {
      for (const opener of openers) opener.setAttribute('aria-expanded', String(dialog.open));
    };
    new MutationObserver(showExpanded).observe(dialog, { attributes: true, attributeFilter: ['open'] });
    showExpanded();
    dialog.addEventListener('keydown', (event) => keepFocusInside(dialog, event));
    dialog.addEventListener('close', () => {
      const active = root.activeElement;
      if (!active || active === root.body) openers[0]?.focus();
    });
    const view = root.defaultView;
    if (view && 'command' in view.HTMLButtonElement.prototype) continue;
    for (const button of buttons) {
      const command = button.getAttribute('command');
      button.addEventListener('click', () => {
        if (command === 'show-modal' && !dialog.open) dialog.showModal();
        else if (command === 'close' && dialog.open) dialog.close();
      });
    }
  }
}
