import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import SessionsPage from '@/pages/equipo/sesiones';
import { answer, finance, json, renderPage, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

describe("the team's header (TeamShell)", () => {
  it('opens the links from "Menú", shows only those of the role, and closes on Escape with the focus back on the button', async () => {
    signedInAs(finance);
    answer('get', '/api/team/sessions', json({ sessions: [] }));
    const { user } = renderPage(SessionsPage, '/equipo/sesiones/');
    const toggle = await screen.findByRole('button', { name: 'Menú' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const links = screen.getByRole('navigation', { name: 'Área del equipo' });
    expect(links).toHaveAttribute('data-open');
    expect([...links.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['Solicitudes', 'Convocatorias', 'Mis sesiones', 'Pagos']);
    expect(screen.getByRole('link', { name: 'Mis sesiones' })).toHaveAttribute('aria-current', 'page');
    screen.getByRole('link', { name: 'Pagos' }).focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(links).not.toHaveAttribute('data-open');
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
