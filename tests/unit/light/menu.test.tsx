import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MobileMenu } from '@/components/shell/MobileMenu';
import { enhanceMenu } from '@/light/menu';

/**
 * jsdom has neither invoker commands nor showModal(): these tests drive the script's fallback for
 * such browsers, with showModal()/close() standing in for the browser's own (they set and clear
 * `open` and fire 'close'). The native path (no script at all) is tested in a browser, tests/e2e/shell.spec.ts.
 */
const showModal = vi.fn(function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
});
const close = vi.fn(function (this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
});
beforeEach(() => {
  Object.defineProperty(HTMLDialogElement.prototype, 'showModal', { configurable: true, value: showModal });
  Object.defineProperty(HTMLDialogElement.prototype, 'close', { configurable: true, value: close });
});
afterEach(() => {
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
  vi.clearAllMocks();
});

function renderMenu() {
  render(<MobileMenu path="/about/" />);
  enhanceMenu(document);
  return { openButton: screen.getByRole('button', { name: 'Abrir menú' }), dialog: document.getElementById('mobile-menu') as HTMLDialogElement };
}

describe('the mobile menu (src/light/menu.ts)', () => {
  it('is closed at first, with its opening button saying so and naming the drawer', () => {
    const { openButton, dialog } = renderMenu();
    expect(dialog.open).toBe(false);
    expect(openButton).toHaveAttribute('aria-expanded', 'false');
    expect(openButton).toHaveAttribute('aria-controls', 'mobile-menu');
    expect(openButton).toHaveAttribute('commandfor', 'mobile-menu');
    expect(openButton).toHaveAttribute('command', 'show-modal');
  });

  it('opens and closes from its buttons in a browser without invoker commands, aria-expanded following', async () => {
    const user = userEvent.setup();
    const { openButton, dialog } = renderMenu();
    await user.click(openButton);
    expect(dialog.open).toBe(true);
    await waitFor(() => expect(openButton).toHaveAttribute('aria-expanded', 'true'));
    const menu = screen.getByRole('dialog', { name: 'Menú' });
    expect(menu).toContainElement(screen.getAllByRole('link', { name: 'Becas' }).find((link) => menu.contains(link)) ?? null);
    await user.click(screen.getByRole('button', { name: 'Cerrar menú' }));
    expect(dialog.open).toBe(false);
    await waitFor(() => expect(openButton).toHaveAttribute('aria-expanded', 'false'));
  });

  it('marks the current section in the drawer and links with plain addresses', async () => {
    const user = userEvent.setup();
    const { openButton } = renderMenu();
    await user.click(openButton);
    const menu = screen.getByRole('dialog', { name: 'Menú' });
    const current = Array.from(menu.querySelectorAll('a[aria-current="page"]')).map((link) => link.textContent);
    expect(current).toEqual(['Becas']);
    expect(menu.querySelector('a[href="/about/"]')).not.toBeNull();
  });

  it('keeps Tab and Shift+Tab inside the open drawer', async () => {
    const user = userEvent.setup();
    const { openButton } = renderMenu();
    await user.click(openButton);
    const menu = screen.getByRole('dialog', { name: 'Menú' });
    const focusable = Array.from(menu.querySelectorAll<HTMLElement>('a[href], button'));
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    last.focus();
    await user.tab();
    expect(first).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
  });

  it('does the work once however often it runs', async () => {
    const user = userEvent.setup();
    const { openButton, dialog } = renderMenu();
    enhanceMenu(document);
    await user.click(openButton);
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(true);
  });
});
