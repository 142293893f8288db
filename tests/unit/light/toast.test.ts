import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, TOAST_AUTO_CLOSE_MS } from '@/light/toast';

/** The light pages' toasts: what a visitor sees of them and for how long. */
describe('showToast', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  const user = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

  it('announces a success politely and an error at once, each with a close button', () => {
    showToast(document, 'success', '¡Gracias por registrarte!');
    showToast(document, 'error', 'Algo salió mal durante el envío, inténtalo de nuevo.');
    expect(screen.getByRole('status')).toHaveTextContent('¡Gracias por registrarte!');
    expect(screen.getByRole('alert')).toHaveTextContent('Algo salió mal durante el envío, inténtalo de nuevo.');
    expect(screen.getAllByRole('button', { name: 'Cerrar' })).toHaveLength(2);
  });

  it('puts the newest toast on top, in one outlet outside the page', () => {
    const page = document.createElement('div');
    page.id = '__next';
    document.body.append(page);
    showToast(document, 'success', 'primero');
    showToast(document, 'error', 'segundo');
    const outlets = document.querySelectorAll('.light-toasts');
    expect(outlets).toHaveLength(1);
    expect(page.contains(outlets[0]!)).toBe(false);
    expect([...outlets[0]!.children].map((toast) => toast.textContent?.replace('×', ''))).toEqual(['segundo', 'primero']);
  });

  it('goes away after 5 s by itself', () => {
    showToast(document, 'success', 'Listo');
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 100);
    expect(screen.getByText('Listo')).toBeInTheDocument();
    vi.advanceTimersByTime(500);
    expect(screen.queryByText('Listo')).not.toBeInTheDocument();
  });

  it('closes at once with its close button', async () => {
    showToast(document, 'error', 'Cerrable');
    await user().click(screen.getByRole('button', { name: 'Cerrar' }));
    vi.advanceTimersByTime(400);
    expect(screen.queryByText('Cerrable')).not.toBeInTheDocument();
  });

  it('waits while the pointer is over it, then finishes the time it had left', async () => {
    const toast = showToast(document, 'success', 'Léeme');
    const visitor = user();
    vi.advanceTimersByTime(2000);
    await visitor.hover(toast);
    vi.advanceTimersByTime(10_000);
    expect(screen.getByText('Léeme')).toBeInTheDocument();
    await visitor.unhover(toast);
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 2000 - 100);
    expect(screen.getByText('Léeme')).toBeInTheDocument();
    vi.advanceTimersByTime(500);
    expect(screen.queryByText('Léeme')).not.toBeInTheDocument();
  });

  it('waits while the keyboard focus is in it', async () => {
    showToast(document, 'success', 'Con foco');
    await user().tab();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    vi.advanceTimersByTime(10_000);
    expect(screen.getByText('Con foco')).toBeInTheDocument();
    (document.activeElement as HTMLElement).blur();
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS + 500);
    expect(screen.queryByText('Con foco')).not.toBeInTheDocument();
  });

  it('waits while the window has lost the focus', () => {
    showToast(document, 'success', 'En otra pestaña');
    window.dispatchEvent(new Event('blur'));
    vi.advanceTimersByTime(10_000);
    expect(screen.getByText('En otra pestaña')).toBeInTheDocument();
    window.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS + 500);
    expect(screen.queryByText('En otra pestaña')).not.toBeInTheDocument();
  });
});
