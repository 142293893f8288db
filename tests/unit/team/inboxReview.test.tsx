import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import InboxPage from '@/pages/equipo/solicitudes';
import type { ApplicationPage } from '@/team/api';
import { admin, answer, finance, json, noRounds, renderPage, reviewer, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

const threeApplications: ApplicationPage = {
  items: [
    { id: 'PG-000123', reference: 'PG-000123', form: 'project-grants', name: 'Ana Pérez', organisation: 'Nodo Sur', submittedAt: '2026-11-20T15:04:00Z', hasFile: true, status: 'received', assignee: null, reviewers: [], aggregate: { score: null, reviewsDone: 0, reviewsAssigned: 0, spread: null, disagreement: false }, blind: false },
    { id: 'PG-000124', reference: 'PG-000124', form: 'project-grants', name: 'Luis Gómez', organisation: '', submittedAt: '2026-11-21T09:30:00Z', hasFile: false, status: 'in_review', assignee: { id: 'm-2', email: 'rita@ejemplo.org' }, reviewers: [{ id: 'm-2', email: 'rita@ejemplo.org' }], aggregate: { score: null, reviewsDone: 0, reviewsAssigned: 0, spread: null, disagreement: false }, blind: false },
    { id: 'PG-000125', reference: 'PG-000125', form: 'project-grants', name: 'Camila Rojas', organisation: '', submittedAt: '2026-11-22T09:30:00Z', hasFile: false, status: 'approved', assignee: null, reviewers: [], aggregate: { score: null, reviewsDone: 0, reviewsAssigned: 0, spread: null, disagreement: false }, blind: false },
  ],
  total: 3,
  page: 1,
  pageSize: 20,
};

const assignees = {
  members: [
    { id: 'm-1', email: 'ana@ejemplo.org', role: 'admin' },
    { id: 'm-2', email: 'rita@ejemplo.org', role: 'reviewer' },
  ],
};

const table = () => screen.findByRole('table', { name: /Solicitudes de Project Grants/ });

describe('inbox review workflow: status, assignee, bulk status change', () => {
  beforeEach(() => {
    answer('get', '/api/team/assignees', json(assignees));
    noRounds();
  });

  it('shows each application’s status by its Spanish label and who it is assigned to', async () => {
    signedInAs(reviewer);
    answer('get', '/api/team/applications', json(threeApplications));
    renderPage(InboxPage, '/equipo/solicitudes/');
    const [header, first, second, third] = within(await table()).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Referencia', 'Nombre', 'Organización', 'Estado', 'Revisan', 'Puntaje', 'Revisiones', 'Dispersión', 'Enviada', 'Archivo']);
    expect(first).toHaveTextContent(/Recibida.*Sin asignar/);
    expect(second).toHaveTextContent(/En revisión.*rita@ejemplo\.org/);
    expect(third).toHaveTextContent('Aprobada');
  });

  it('filters by status and by assignee (mine, nobody’s, or a member’s), kept in the address', async () => {
    signedInAs(reviewer);
    const requests = answer('get', '/api/team/applications', json(threeApplications));
    const { user } = renderPage(InboxPage, '/equipo/solicitudes/');
    await table();
    const assignee = screen.getByLabelText('Asignación');
    expect(within(assignee).getAllByRole('option').map((option) => option.textContent)).toEqual(['Todas', 'Asignadas a mí', 'Sin asignar', 'ana@ejemplo.org', 'rita@ejemplo.org']);
    expect(within(screen.getByLabelText('Estado')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Todos', 'Recibida', 'En revisión', 'Información solicitada', 'Aprobada', 'Rechazada', 'Retirada']);

    await user.selectOptions(screen.getByLabelText('Estado'), 'En revisión');
    await user.selectOptions(assignee, 'Asignadas a mí');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtro' }));
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?form=project-grants&status=in_review&assignee=me'));
    expect(window.location.search).toBe('?form=project-grants&status=in_review&assignee=me');

    await user.selectOptions(screen.getByLabelText('Asignación'), 'Sin asignar');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtro' }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('assignee')).toBe('none'));

    await user.selectOptions(screen.getByLabelText('Asignación'), 'ana@ejemplo.org');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtro' }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('assignee')).toBe('m-1'));
    // The CSV holds what the screen shows: every filter goes with it.
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/team/export?form=project-grants&status=in_review&assignee=m-1');
  });

  it('reads the status and assignee filters from a shared address', async () => {
    signedInAs(admin);
    const requests = answer('get', '/api/team/applications', json(threeApplications));
    renderPage(InboxPage, '/equipo/solicitudes/?form=project-grants&status=approved&assignee=none');
    await table();
    expect(requests[0]?.url.search).toBe('?form=project-grants&status=approved&assignee=none');
    expect(screen.getByLabelText('Estado')).toHaveValue('approved');
    expect(screen.getByLabelText('Asignación')).toHaveValue('none');
  });

  it('changes the status of the selected applications at once and says which changed and which did not, and why', async () => {
    signedInAs(reviewer);
    const lists = answer('get', '/api/team/applications', json(threeApplications));
    const changes = answer('post', '/api/team/applications/status', json({ changed: ['PG-000123'], unchanged: [{ reference: 'PG-000125', reason: 'No se puede pasar de Aprobada a En revisión.' }] }));
    const { user } = renderPage(InboxPage, '/equipo/solicitudes/');
    await table();
    expect(screen.queryByRole('form', { name: 'Acciones con las seleccionadas' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar PG-000123' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar PG-000125' }));
    // The bulk actions load when first asked for.
    const bar = await screen.findByRole('form', { name: 'Acciones con las seleccionadas' });
    expect(bar).toHaveTextContent('2 solicitudes seleccionadas');
    expect(within(bar).getByRole('button', { name: 'Cambiar estado' })).toBeDisabled();
    await user.selectOptions(within(bar).getByLabelText('Nuevo estado'), 'En revisión');
    await user.click(within(bar).getByRole('button', { name: 'Cambiar estado' }));

    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]?.body).toEqual({ references: ['PG-000123', 'PG-000125'], status: 'in_review' });
    const outcome = await screen.findByText(/Cambiamos el estado de 1 solicitud: PG-000123\./);
    expect(outcome.parentElement).toHaveTextContent('Sin cambios:PG-000125: No se puede pasar de Aprobada a En revisión.');
    // The list is fetched again to show the new statuses, and the selection is cleared.
    await waitFor(() => expect(lists).toHaveLength(2));
    await table();
    expect(screen.getByRole('checkbox', { name: 'Seleccionar PG-000123' })).not.toBeChecked();
    expect(screen.queryByRole('form', { name: 'Acciones con las seleccionadas' })).not.toBeInTheDocument();
  });

  it('selects every application of the page with one checkbox', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications', json(threeApplications));
    const { user } = renderPage(InboxPage, '/equipo/solicitudes/');
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las de esta página' }));
    expect(await screen.findByRole('form', { name: 'Acciones con las seleccionadas' })).toHaveTextContent('3 solicitudes seleccionadas');
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las de esta página' }));
    expect(screen.queryByRole('form', { name: 'Acciones con las seleccionadas' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a bulk change and keeps the selection', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications', json(threeApplications));
    answer('post', '/api/team/applications/status', json({ error: 'Elige entre 1 y 100 solicitudes.' }, 400));
    const { user } = renderPage(InboxPage, '/equipo/solicitudes/');
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar PG-000124' }));
    await user.selectOptions(await screen.findByLabelText('Nuevo estado'), 'Retirada');
    await user.click(screen.getByRole('button', { name: 'Cambiar estado' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Elige entre 1 y 100 solicitudes.');
    expect(screen.getByRole('checkbox', { name: 'Seleccionar PG-000124' })).toBeChecked();
  });

  it('the finance role reads statuses but selects nothing: no checkboxes, no bulk bar', async () => {
    signedInAs(finance);
    answer('get', '/api/team/applications', json(threeApplications));
    renderPage(InboxPage, '/equipo/solicitudes/');
    const list = await table();
    expect(list).toHaveTextContent('En revisión');
    expect(within(list).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(screen.getByLabelText('Asignación')).queryByRole('option', { name: 'Asignadas a mí' })).not.toBeInTheDocument();
  });

  it('grantee finance records have no status: no status filter or column in that tab', async () => {
    signedInAs(finance);
    answer('get', '/api/team/applications', json({ items: [{ id: 'GF-000004', reference: 'GF-000004', form: 'grantee-finance', name: 'Ana Pérez', organisation: '', submittedAt: '2026-11-22T09:30:00Z', hasFile: false }], total: 1, page: 1, pageSize: 20 }));
    renderPage(InboxPage, '/equipo/solicitudes/?form=grantee-finance&status=approved');
    const list = await screen.findByRole('table', { name: /Solicitudes de Grantee Finance/ });
    expect(within(list).queryByRole('columnheader', { name: 'Estado' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Estado')).not.toBeInTheDocument();
    expect(window.location.search).toBe('?form=grantee-finance');
  });
});
