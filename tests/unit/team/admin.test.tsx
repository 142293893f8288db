import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import AuditPage from '@/pages/equipo/auditoria';
import MembersPage from '@/pages/equipo/miembros';
import SessionsPage from '@/pages/equipo/sesiones';
import { navigate } from '@/team/navigate';
import { admin, answer, json, renderPage, reviewer, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

beforeEach(() => vi.mocked(navigate).mockClear());

const members = {
  members: [
    { email: 'ana@ejemplo.org', role: 'admin', createdAt: '2026-11-01T10:00:00Z', revokedAt: null, passkeys: 2 },
    { email: 'rita@ejemplo.org', role: 'reviewer', createdAt: '2026-11-02T10:00:00Z', revokedAt: null, passkeys: 1 },
    { email: 'old@ejemplo.org', role: 'finance', createdAt: '2026-10-02T10:00:00Z', revokedAt: '2026-10-20T10:00:00Z', passkeys: 1 },
  ],
};

describe('members (/equipo/miembros/, admin)', () => {
  it('lists the members with role and state', async () => {
    signedInAs(admin);
    answer('get', '/api/team/members', json(members));
    renderPage(MembersPage, '/equipo/miembros/');
    const table = await screen.findByRole('table', { name: 'Miembros: 3' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['administración', 'revisión', 'finanzas']);
    expect(rows[2]).toHaveTextContent('Revocado el');
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('invites a member and shows the enrolment link to copy', async () => {
    signedInAs(admin);
    answer('get', '/api/team/members', json(members));
    const invites = answer('post', '/api/team/members/invite', json({ link: 'http://localhost:3000/equipo/inscripcion/#t=NEW', expiresAt: '2026-11-24T10:00:00Z' }));
    const { user } = renderPage(MembersPage, '/equipo/miembros/');
    await user.type(await screen.findByLabelText('Correo electrónico'), 'nuevo@ejemplo.org');
    // Each role says what it may do as the server allows it: reviewers recommend, only administración decides.
    expect(within(screen.getByLabelText('Rol')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Revisión: lee las solicitudes, puntúa las que tiene asignadas y recomienda; la decisión es de administración',
      'Finanzas: lee las solicitudes y sus datos de pago, y registra los pagos',
      'Administración: lo mismo que revisión, y además decide, asigna revisores, abre y cierra las convocatorias, crea las becas, emite el ID de seguridad (Security Grantee ID) y gestiona miembros y auditoría',
    ]);
    await user.selectOptions(screen.getByLabelText('Rol'), 'finance');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByLabelText('Enlace de inscripción')).toHaveValue('http://localhost:3000/equipo/inscripcion/#t=NEW');
    expect(invites[0]?.body).toEqual({ email: 'nuevo@ejemplo.org', role: 'finance' });
  });

  it('revokes a member after confirming in a dialog', async () => {
    signedInAs(admin);
    answer('get', '/api/team/members', json(members));
    const revokes = answer('post', '/api/team/members/revoke', () => new Response(null, { status: 204 }));
    const { user } = renderPage(MembersPage, '/equipo/miembros/');
    await user.click(await screen.findByRole('button', { name: 'Revocar a rita@ejemplo.org' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Revocar el acceso de rita@ejemplo.org?' });
    // The focus moves into the dialog (jsdom has no layout, so the trap cannot pick the Cancel button as a browser does).
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: 'Sí, revocar' }));
    expect(await screen.findByText('Revocamos el acceso de rita@ejemplo.org y cerramos todas sus sesiones.')).toBeInTheDocument();
    expect(revokes[0]?.body).toEqual({ email: 'rita@ejemplo.org' });
  });

  it('a refused revocation says so in the page’s own words, whatever the server sent, and takes the focus', async () => {
    signedInAs(admin);
    answer('get', '/api/team/members', json(members));
    answer('post', '/api/team/members/revoke', json({ error: 'internal detail' }, 500));
    const { user } = renderPage(MembersPage, '/equipo/miembros/');
    await user.click(await screen.findByRole('button', { name: 'Revocar a rita@ejemplo.org' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, revocar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos revocar el acceso de rita@ejemplo.org. Inténtalo de nuevo.');
    expect(alert).not.toHaveTextContent('internal detail');
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('a revocation answered 401 (the session ended) goes to sign in and says nothing', async () => {
    signedInAs(admin);
    answer('get', '/api/team/members', json(members));
    answer('post', '/api/team/members/revoke', json({ error: 'Tu sesión terminó.' }, 401));
    const { user } = renderPage(MembersPage, '/equipo/miembros/');
    await user.click(await screen.findByRole('button', { name: 'Revocar a rita@ejemplo.org' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, revocar' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/equipo\/\?volver=/)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells a reviewer the page is not for their role, without asking for the members', async () => {
    signedInAs(reviewer);
    const requests = answer('get', '/api/team/members', json(members));
    renderPage(MembersPage, '/equipo/miembros/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu rol no tiene permiso para ver esta sección.');
    expect(requests).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Miembros' })).not.toBeInTheDocument();
  });

  it('shows the server’s 403 as the same permission message', async () => {
    signedInAs(admin);
    answer('get', '/api/team/members', json({ error: 'No.' }, 403));
    renderPage(MembersPage, '/equipo/miembros/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu rol no tiene permiso para ver esta sección.');
  });
});

describe('audit log (/equipo/auditoria/, admin)', () => {
  it('lists who did what and when, in words', async () => {
    signedInAs(admin);
    answer(
      'get',
      '/api/team/audit',
      json({
        items: [
          { at: '2026-11-22T10:00:00Z', actor: 'ana@ejemplo.org', action: 'export', target: 'project-grants' },
          { at: '2026-11-22T09:00:00Z', actor: 'cli', action: 'invite', target: 'rita@ejemplo.org' },
          { at: '2026-11-22T08:00:00Z', actor: 'Solicitante', action: 'applicant-withdraw', target: 'PG-000041' },
        ],
        total: 3,
        page: 1,
        pageSize: 50,
      }),
    );
    renderPage(AuditPage, '/equipo/auditoria/');
    const table = await screen.findByRole('table', { name: 'Registro de auditoría: 3 entradas, página 1 de 1' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/ana@ejemplo\.org.*Exportó un CSV.*project-grants/);
    expect(rows[1]).toHaveTextContent(/Línea de comandos.*Invitó a un miembro.*rita@ejemplo\.org/);
    // The stored actor of the portal stays 'Solicitante'; the page names the applicant as the rest of the team area does.
    expect(within(rows[2]!).getAllByRole('cell')[1]).toHaveTextContent(/^Persona solicitante$/);
  });

  it('is empty before anything happened', async () => {
    signedInAs(admin);
    answer('get', '/api/team/audit', json({ items: [], total: 0, page: 1, pageSize: 50 }));
    renderPage(AuditPage, '/equipo/auditoria/');
    expect(await screen.findByText('El registro está vacío.')).toBeInTheDocument();
  });
});

describe('sessions (/equipo/sesiones/)', () => {
  const sessions = {
    sessions: [
      { id: 's1', createdAt: '2026-11-22T10:00:00Z', lastSeenAt: '2026-11-22T10:20:00Z', current: true },
      { id: 's2', createdAt: '2026-11-21T08:00:00Z', lastSeenAt: '2026-11-21T08:05:00Z', current: false },
    ],
  };

  it('lists the member’s sessions and ends another one', async () => {
    signedInAs(reviewer);
    answer('get', '/api/team/sessions', json(sessions));
    const ends = answer('post', '/api/team/sessions/end', () => new Response(null, { status: 204 }));
    const { user } = renderPage(SessionsPage, '/equipo/sesiones/');
    const table = await screen.findByRole('table', { name: /Tus sesiones abiertas/ });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.click(within(table).getByRole('button', { name: /^Cerrar sesión iniciada/ }));
    expect(await screen.findByText('La sesión quedó cerrada.')).toBeInTheDocument();
    expect(ends[0]?.body).toEqual({ id: 's2' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('ending the current session goes to the sign-in page', async () => {
    signedInAs(reviewer);
    answer('get', '/api/team/sessions', json(sessions));
    answer('post', '/api/team/sessions/end', () => new Response(null, { status: 204 }));
    const { user } = renderPage(SessionsPage, '/equipo/sesiones/');
    await user.click(await screen.findByRole('button', { name: /^Cerrar esta sesión/ }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/equipo/'));
  });

  it('signing out from the header ends the session and goes to the sign-in page', async () => {
    signedInAs(reviewer);
    answer('get', '/api/team/sessions', json(sessions));
    const signOuts = answer('post', '/api/team/signout', () => new Response(null, { status: 204 }));
    const { user } = renderPage(SessionsPage, '/equipo/sesiones/');
    await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/equipo/'));
    expect(signOuts).toHaveLength(1);
  });
});
