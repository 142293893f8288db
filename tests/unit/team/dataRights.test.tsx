import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import DataRightsPage from '@/pages/equipo/datos';
import { navigate } from '@/team/navigate';
import { admin, answer, json, renderPage, reviewer, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

beforeEach(() => vi.mocked(navigate).mockClear());

const found = {
  counts: { submissions: 2, files: 1, statusHistory: 3, notes: 1, decisionEmails: 0, grantees: 1, financeVersions: 1, newsletter: 1, emails: 5, webhooks: 0, auditMentions: 2 },
  references: ['PG-000007', 'OH-000009', 'GF-000002'],
};

describe('data rights (/equipo/datos/, admin)', () => {
  it('finds what is held for an address: counts by kind and the references', async () => {
    signedInAs(admin);
    const finds = answer('post', '/api/team/data-rights/find', json(found));
    const { user } = renderPage(DataRightsPage, '/equipo/datos/');
    await user.type(await screen.findByLabelText('Correo electrónico de quien lo pide'), 'lucia@example.org');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const table = await screen.findByRole('table', { name: '15 registros' });
    expect(within(table).getByRole('row', { name: 'Solicitudes 2' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Menciones en el registro de auditoría.* 2$/ })).toBeInTheDocument();
    expect(screen.getByText('Referencias: PG-000007, OH-000009, GF-000002')).toBeInTheDocument();
    expect(finds[0]?.body).toEqual({ email: 'lucia@example.org' });
    // The address stays out of every URL.
    expect(finds[0]?.url.search).toBe('');
  });

  it('erases only once the address is typed again, then reports how many records went', async () => {
    signedInAs(admin);
    answer('post', '/api/team/data-rights/find', json(found));
    const erasures = answer('post', '/api/team/data-rights/erase', json({ counts: found.counts }));
    const { user } = renderPage(DataRightsPage, '/equipo/datos/');
    await user.type(await screen.findByLabelText('Correo electrónico de quien lo pide'), 'lucia@example.org');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const erase = await screen.findByRole('button', { name: 'Borrar 15 registros' });
    expect(erase).toBeDisabled();
    await user.type(screen.getByLabelText('Escribe de nuevo el correo para confirmar'), 'LUCIA@example.org');
    expect(erase).toBeEnabled();
    await user.click(erase);
    expect(await screen.findByRole('status')).toHaveTextContent('Borramos 15 registros. El registro de auditoría guarda solo cuántos, sin el correo.');
    expect(erasures[0]?.body).toEqual({ email: 'lucia@example.org', confirm: 'LUCIA@example.org' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a list that fails to load while the admin types says so without taking the focus from the field', async () => {
    signedInAs(admin);
    let fail: () => void = () => undefined;
    const failed = new Promise<void>((resolve) => (fail = resolve));
    answer('get', '/api/team/data-rights/erasure-requests', async () => {
      await failed;
      return json({ error: 'Error interno: inténtalo de nuevo más tarde.' }, 500)();
    });
    const { user } = renderPage(DataRightsPage, '/equipo/datos/');
    const field = await screen.findByLabelText('Correo electrónico de quien lo pide');
    await user.type(field, 'lucia@');
    fail();
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar la información.');
    await user.keyboard('example.org');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('lucia@example.org');
  });

  it('is not shown to a reviewer', async () => {
    signedInAs(reviewer);
    renderPage(DataRightsPage, '/equipo/datos/');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByLabelText('Correo electrónico de quien lo pide')).not.toBeInTheDocument();
  });
});
