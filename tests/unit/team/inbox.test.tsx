import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import InboxPage from '@/pages/equipo/solicitudes';
import type { ApplicationPage } from '@/team/api';
import { navigate } from '@/team/navigate';
import { admin, answer, finance, json, never, noRounds, renderPage, reviewer, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

const twoApplications: ApplicationPage = {
  items: [
    { id: 'PG-000123', reference: 'PG-000123', form: 'project-grants', name: 'Ana Pérez', organisation: 'Nodo Sur', submittedAt: '2026-11-20T15:04:00Z', hasFile: true, status: null, assignee: null, reviewers: [], aggregate: null, blind: false },
    { id: 'PG-000124', reference: 'PG-000124', form: 'project-grants', name: 'Luis Gómez', organisation: '', submittedAt: '2026-11-21T09:30:00Z', hasFile: false, status: null, assignee: null, reviewers: [], aggregate: null, blind: false },
  ],
  total: 45,
  page: 1,
  pageSize: 20,
};

const table = () => screen.findByRole('table', { name: /Solicitudes de Project Grants/ });

describe('inbox (/equipo/solicitudes/)', () => {
  beforeEach(() => {
    answer('get', '/api/team/assignees', json({ members: [] }));
    noRounds();
  });

  it('shows a loading state while the list is on its way', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications', never);
    renderPage(InboxPage, '/equipo/solicitudes/');
    expect(await screen.findByText('Cargando solicitudes…')).toHaveAttribute('role', 'status');
  });

  it('lists reference, name, organisation, submission time and file indicator, linking each to its detail page', async () => {
    signedInAs(admin);
    const requests = answer('get', '/api/team/applications', json(twoApplications));
    renderPage(InboxPage, '/equipo/solicitudes/');
    const list = await table();
    expect(list).toHaveAccessibleName('Solicitudes de Project Grants: 45 en total, página 1 de 3');
    const [, first, second] = within(list).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'PG-000123' })).toHaveAttribute('href', '/equipo/solicitud/?id=PG-000123');
    expect(first).toHaveTextContent(/Ana Pérez.*Nodo Sur.*2026.*Con archivo/);
    expect(second).toHaveTextContent(/Luis Gómez.*—.*Sin archivo/);
    expect(requests[0]?.url.search).toBe('?form=project-grants');
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/team/export?form=project-grants');
  });

  it('labels each cell with its column on a phone, where the table stacks (the label is the cell\'s data-label)', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications', json(twoApplications));
    renderPage(InboxPage, '/equipo/solicitudes/');
    const list = await table();
    const [heading, first] = within(list).getAllByRole('row');
    const headings = within(heading!).getAllByRole('columnheader').map((cell) => cell.textContent);
    // The first column is the selection box: its cell has no label.
    expect(within(first!).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'))).toEqual([null, ...headings.slice(1)]);
    expect(headings.slice(1)).toEqual(['Referencia', 'Nombre', 'Organización', 'Estado', 'Revisan', 'Puntaje', 'Revisiones', 'Dispersión', 'Enviada', 'Archivo']);
  });

  it('says so when a programme has no applications yet', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications', json({ items: [], total: 0, page: 1, pageSize: 20 }));
    renderPage(InboxPage, '/equipo/solicitudes/?form=office-hours');
    expect(await screen.findByText('Todavía no hay solicitudes de Office Hours.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Office Hours' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows under the list how applicants rated the process, per programme', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications', json(twoApplications));
    answer(
      'get',
      '/api/team/satisfaction',
      json({
        programmes: [
          { form: 'project-grants', programme: 'Project Grants', average: 4.25, count: 8 },
          { form: 'office-hours', programme: 'Office Hours', average: null, count: 0 },
        ],
      }),
    );
    renderPage(InboxPage, '/equipo/solicitudes/');
    const ratings = await screen.findByRole('table', { name: /¿Cómo fue tu experiencia con el proceso\?/ });
    const [heading, first, second] = within(ratings).getAllByRole('row');
    expect(within(heading!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Programa', 'Promedio', 'Respuestas']);
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Project Grants', '4,3 de 5', '8']);
    expect(within(second!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Office Hours', '—', '0']);
  });

  it('explains a failed load in an alert', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications', json({ error: 'boom' }, 500));
    renderPage(InboxPage, '/equipo/solicitudes/');
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar la información');
  });

  it('sends a visitor without a session to sign in, to come back here afterwards', async () => {
    signedInAs(null);
    renderPage(InboxPage, '/equipo/solicitudes/?form=small-grants');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/equipo/?volver=%2Fequipo%2Fsolicitudes%2F%3Fform%3Dsmall-grants'));
    expect(screen.getByText('Tu sesión terminó. Te llevamos a la página de ingreso…')).toBeInTheDocument();
  });

  it('tells a member whose role may not read the list (403) that they lack the permission', async () => {
    signedInAs(reviewer);
    answer('get', '/api/team/applications', json({ error: 'No.' }, 403));
    renderPage(InboxPage, '/equipo/solicitudes/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu rol no tiene permiso para ver esta sección.');
  });

  it('has one tab per programme; a reviewer gets no grantee finance tab', async () => {
    signedInAs(reviewer);
    answer('get', '/api/team/applications', json(twoApplications));
    renderPage(InboxPage, '/equipo/solicitudes/');
    await table();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Project Grants', 'Small Grants', 'Academic Grants', 'Devcon Grants', 'Office Hours']);
  });

  it('only the finance role has the grantee finance tab: an admin does not', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications', json(twoApplications));
    renderPage(InboxPage, '/equipo/solicitudes/');
    await table();
    expect(screen.queryByRole('tab', { name: 'Grantee Finance' })).not.toBeInTheDocument();
  });

  it('the finance role has the grantee finance tab', async () => {
    signedInAs(finance);
    answer('get', '/api/team/applications', json(twoApplications));
    renderPage(InboxPage, '/equipo/solicitudes/');
    await table();
    expect(screen.getByRole('tab', { name: 'Grantee Finance' })).toBeInTheDocument();
  });

  it('filters by programme, dates and full text, pages, and exports the current filter', async () => {
    signedInAs(admin);
    const requests = answer('get', '/api/team/applications', json(twoApplications));
    const { user } = renderPage(InboxPage, '/equipo/solicitudes/');
    await table();
    await user.click(screen.getByRole('tab', { name: 'Small Grants' }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('form')).toBe('small-grants'));
    await user.type(screen.getByLabelText('Buscar en las respuestas'), 'puente');
    await user.type(screen.getByLabelText('Enviadas desde'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtro' }));
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?form=small-grants&from=2026-11-01&q=puente'));
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/team/export?form=small-grants&from=2026-11-01&q=puente');
    await user.click(await screen.findByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?form=small-grants&from=2026-11-01&q=puente&page=2'));
    // The filter is kept in the address, so a reload or the back button returns to the same list.
    expect(window.location.search).toBe('?form=small-grants&from=2026-11-01&q=puente&page=2');
  });
});
