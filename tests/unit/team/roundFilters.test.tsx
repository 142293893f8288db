/**
 * Lists by round (issue 50): the inbox opens on each programme's current round, keeps the round in its address
 * and its CSV link, and offers "Todas las convocatorias"; "Mis revisiones" and Pagos filter by round too.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamRound, TeamRoundList } from '@/api/contracts/rounds';
import InboxPage from '@/pages/equipo/solicitudes';
import MyReviewsPage from '@/pages/equipo/mis-revisiones';
import PaymentsPage from '@/pages/equipo/pagos';
import type { ApplicationPage } from '@/team/api';
import { admin, answer, finance, json, renderPage, reviewer, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

const round = (id: string, programme: TeamRound['programme'], name: string, state: TeamRound['state'], opensLocal: string): TeamRound => ({
  id,
  programme,
  name,
  state,
  opensAt: `${opensLocal}:00Z`,
  closesAt: null,
  opensLocal,
  closesLocal: null,
  timezone: 'AoE',
  graceHours: 0,
  budget: null,
  cap: null,
  counts: { received: 0, inReview: 0, decided: 0 },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

const rounds: TeamRoundList = {
  now: '2026-11-29T08:00:00Z',
  programmes: [
    {
      programme: 'project-grants',
      name: 'Project Grants',
      alwaysOpen: false,
      rounds: [round('1', 'project-grants', 'Project Grants 2025', 'closed', '2025-01-01T00:00'), round('2', 'project-grants', 'Project Grants 2026', 'open', '2026-01-01T00:00'), round('3', 'project-grants', 'Project Grants 2027', 'upcoming', '2027-01-01T00:00')],
    },
    // Between rounds: the last that opened is the one still being reviewed.
    { programme: 'small-grants', name: 'Small Grants', alwaysOpen: false, rounds: [round('4', 'small-grants', 'Small Grants 2025', 'closed', '2025-03-01T00:00'), round('5', 'small-grants', 'Small Grants 2026', 'closed', '2026-03-01T00:00')] },
    { programme: 'academic-grants', name: 'Academic Grants', alwaysOpen: false, rounds: [] },
  ],
};

const empty: ApplicationPage = { items: [], total: 0, page: 1, pageSize: 20 };

beforeEach(() => {
  answer('get', '/api/team/assignees', json({ members: [] }));
  answer('get', '/api/team/satisfaction', json({ programmes: [] }));
});

describe('the inbox by round', () => {
  it('opens on the programme’s current round, in the address, the request and the CSV link; "Todas las convocatorias" lists every round', async () => {
    signedInAs(admin);
    answer('get', '/api/team/rounds', json(rounds));
    const requests = answer('get', '/api/team/applications', json(empty));
    const { user } = renderPage(InboxPage, '/equipo/solicitudes/');
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?form=project-grants&round=2'));
    expect(window.location.search).toBe('?form=project-grants&round=2');
    const select = await screen.findByLabelText('Convocatoria');
    expect(select).toHaveDisplayValue('Project Grants 2026 (abierta)');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Project Grants 2026 (abierta)', 'Project Grants 2027 (próxima)', 'Project Grants 2025 (cerrada)', 'Todas las convocatorias']);
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/team/export?form=project-grants&round=2');
    expect(await screen.findByText('Todavía no hay solicitudes de Project Grants en esta convocatoria.')).toBeInTheDocument();

    await user.selectOptions(select, 'Todas las convocatorias');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtro' }));
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?form=project-grants&round=all'));
    expect(window.location.search).toBe('?form=project-grants&round=all');
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/team/export?form=project-grants&round=all');
  });

  it('another programme’s tab opens on its own current round (between rounds, the last that opened); one with no round lists all', async () => {
    signedInAs(admin);
    answer('get', '/api/team/rounds', json(rounds));
    const requests = answer('get', '/api/team/applications', json(empty));
    const { user } = renderPage(InboxPage, '/equipo/solicitudes/?form=project-grants&round=1');
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?form=project-grants&round=1'));
    await user.click(screen.getByRole('tab', { name: 'Small Grants' }));
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?form=small-grants&round=5'));
    expect(await screen.findByLabelText('Convocatoria')).toHaveDisplayValue('Small Grants 2026 (cerrada)');
    await user.click(screen.getByRole('tab', { name: 'Academic Grants' }));
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?form=academic-grants'));
    expect(await screen.findByLabelText('Convocatoria')).toHaveDisplayValue('Todas las convocatorias');
  });

  it('a shared address’s round is the one listed and shown; "Quitar filtros" keeps it', async () => {
    signedInAs(reviewer);
    answer('get', '/api/team/rounds', json(rounds));
    const requests = answer('get', '/api/team/applications', json(empty));
    const { user } = renderPage(InboxPage, '/equipo/solicitudes/?form=project-grants&round=1&q=puente');
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?form=project-grants&round=1&q=puente'));
    expect(await screen.findByLabelText('Convocatoria')).toHaveDisplayValue('Project Grants 2025 (cerrada)');
    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?form=project-grants&round=1'));
  });

  it('when the rounds cannot be read, the inbox still lists every application', async () => {
    signedInAs(admin);
    answer('get', '/api/team/rounds', json({ error: 'No.' }, 500));
    const requests = answer('get', '/api/team/applications', json(empty));
    renderPage(InboxPage, '/equipo/solicitudes/');
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?form=project-grants'));
  });
});

describe('"Mis revisiones" and Pagos by round', () => {
  it('"Mis revisiones" opens on the current rounds, then lists the round chosen or every round, kept in the address', async () => {
    signedInAs(reviewer);
    answer('get', '/api/team/rounds', json(rounds));
    const requests = answer('get', '/api/team/my-reviews', json({ pending: [], scored: [], recused: [] }));
    const { user } = renderPage(MyReviewsPage, '/equipo/mis-revisiones/');
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?round=current'));
    const select = await screen.findByLabelText('Convocatoria');
    expect(select).toHaveDisplayValue('Convocatorias actuales');
    expect(window.location.search).toBe('');
    expect(within(select).getAllByRole('group').map((group) => group.getAttribute('label'))).toEqual(['Project Grants', 'Small Grants', 'Academic Grants']);
    await user.selectOptions(select, 'Small Grants 2025 (cerrada)');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?round=4'));
    expect(window.location.search).toBe('?round=4');
    await user.selectOptions(select, 'Todas las convocatorias');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe(''));
    expect(window.location.search).toBe('?round=all');
  });

  it('"Mis revisiones" opened from a shared address lists every round when it says so', async () => {
    signedInAs(reviewer);
    answer('get', '/api/team/rounds', json(rounds));
    const requests = answer('get', '/api/team/my-reviews', json({ pending: [], scored: [], recused: [] }));
    renderPage(MyReviewsPage, '/equipo/mis-revisiones/?round=all');
    expect(await screen.findByLabelText('Convocatoria')).toHaveDisplayValue('Todas las convocatorias');
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe(''));
  });

  it('Pagos opens on the current rounds, and filters the payments and their CSV by round', async () => {
    signedInAs(finance);
    answer('get', '/api/team/rounds', json(rounds));
    answer('get', '/api/team/payments/due', json({ due: [] }));
    const requests = answer('get', '/api/team/payments', json({ payments: [] }));
    const { user } = renderPage(PaymentsPage, '/equipo/pagos/');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.url.search).toBe('?round=current');
    expect(await screen.findByLabelText('Convocatoria')).toHaveDisplayValue('Convocatorias actuales');
    expect(screen.getByRole('link', { name: 'Descargar CSV de estos pagos' })).toHaveAttribute('href', '/api/team/payments.csv?round=current');
    expect(await screen.findByText('No hay pagos en ese rango de las convocatorias actuales.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Convocatoria'), 'Project Grants 2026 (abierta)');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?round=2'));
    expect(screen.getByRole('link', { name: 'Descargar CSV de estos pagos' })).toHaveAttribute('href', '/api/team/payments.csv?round=2');
    expect(await screen.findByText('No hay pagos en ese rango de esa convocatoria.')).toBeInTheDocument();
  });
});
