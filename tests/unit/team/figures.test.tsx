/**
 * Cifras (issue 51): the figures' tables with their captions, each figure a link to the inbox filtered to the
 * applications behind it, a CSV link per table, the filters by programme and round; admins and reviewers only.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TeamRound, TeamRoundList } from '@/api/contracts/rounds';
import type { Figures } from '@/api/contracts/teamFigures';
import FiguresPage from '@/pages/equipo/cifras';
import { admin, answer, finance, json, renderPage, reviewer, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

const round: TeamRound = {
  id: '7',
  programme: 'project-grants',
  name: 'Project Grants 2026',
  state: 'open',
  opensAt: '2026-01-01T00:00:00Z',
  closesAt: null,
  opensLocal: '2026-01-01T00:00',
  closesLocal: null,
  timezone: 'AoE',
  graceHours: 0,
  budget: null,
  cap: null,
  counts: { received: 5, inReview: 1, decided: 2 },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const rounds: TeamRoundList = { now: '2026-04-01T12:00:00Z', programmes: [{ programme: 'project-grants', name: 'Project Grants', alwaysOpen: false, rounds: [round] }] };

const group = { programme: 'project-grants' as const, programmeName: 'Project Grants', round: { id: '7', name: 'Project Grants 2026' } };
const inbox = { form: 'project-grants' as const, round: '7' };
const figures: Figures = {
  today: '2026-04-01',
  weeks: [{ ...group, week: '2026-W10', weekStart: '2026-03-02', received: 2, inbox: { ...inbox, from: '2026-03-02', to: '2026-03-08' } }],
  review: [
    {
      ...group,
      received: 5,
      decided: 2,
      approved: 1,
      rejected: 1,
      decidedShare: 0.4,
      approvalRate: 0.5,
      firstAction: { count: 4, medianHours: 8, p90Hours: 17 },
      decision: { count: 2, medianHours: 36, p90Hours: 45.6 },
      ratings: 3,
      averageRating: 3.67,
      inbox: { received: inbox, approved: { ...inbox, status: 'approved' }, rejected: { ...inbox, status: 'rejected' } },
    },
  ],
  money: [{ ...group, currency: 'USD', grants: 1, approved: '1000.00', paid: '300.00', outstanding: '700.00', inbox: { ...inbox, status: 'approved' } }],
  grants: [{ ...group, overdueMilestones: 1, overdueGrants: 1, reportsWaiting: 1, oldestReportAt: '2026-03-25T00:00:00.000Z', oldestWaitDays: 7.5, inbox: { ...inbox, status: 'approved' } }],
  reviewers: [{ ...group, member: { id: '12', email: 'rita@ejemplo.org' }, assigned: 3, scored: 1, waiting: 1, inbox: { ...inbox, assignee: '12' } }],
  ratings: [{ ...group, reference: 'PG-000004', rating: 5, comment: 'Muy claro todo', ratedAt: '2026-03-06T10:00:00.000Z' }],
  ratingsTotal: 1,
};

function show(member: typeof admin) {
  signedInAs(member);
  answer('get', '/api/team/rounds', json(rounds));
  const requests = answer('get', '/api/team/figures', json(figures));
  renderPage(FiguresPage, '/equipo/cifras/');
  return requests;
}

const table = (name: string | RegExp) => screen.findByRole('table', { name });
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const hrefOf = (link: HTMLElement) => {
  const url = new URL(link.getAttribute('href')!, 'http://localhost');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
};


describe('Cifras (/equipo/cifras/)', () => {
  it('shows the review of each programme and round, each figure a link to the inbox filtered to its applications', async () => {
    show(admin);
    expect(await screen.findByRole('link', { name: 'Cifras' })).toHaveAttribute('aria-current', 'page');
    const review = await table('Revisión por programa y convocatoria');
    const [row] = within(review).getAllByRole('row').slice(1);
    expect(cellsOf(row!).map((text) => text?.replace(/ \(.*: ver en Solicitudes\)/, ''))).toEqual([
      'Project Grants',
      'Project Grants 2026',
      '5',
      '2 (40 %)',
      '1',
      '1',
      '50 %',
      '8 h · 17 h',
      '36 h · 45,6 h',
      '3,67 de 5 (3)',
    ]);
    expect(hrefOf(within(row!).getByRole('link', { name: /^1 \(aprobadas/ }))).toEqual({ path: '/equipo/solicitudes/', query: { form: 'project-grants', round: '7', status: 'approved' } });
    expect(hrefOf(within(row!).getByRole('link', { name: /^5 \(recibidas/ }))).toEqual({ path: '/equipo/solicitudes/', query: { form: 'project-grants', round: '7' } });

    const weeks = await table('Solicitudes recibidas por semana');
    expect(hrefOf(within(weeks).getByRole('link', { name: /^2 \(recibidas la semana 2026-W10/ }))).toEqual({
      path: '/equipo/solicitudes/',
      query: { form: 'project-grants', round: '7', from: '2026-03-02', to: '2026-03-08' },
    });
    const money = await table('Montos por moneda');
    expect(cellsOf(within(money).getAllByRole('row')[1]!).slice(3)).toEqual(['USD 1.000,00', 'USD 300,00', 'USD 700,00']);
    const load = await table('Carga de cada persona');
    expect(hrefOf(within(load).getByRole('link', { name: /asignadas a rita@ejemplo.org/ })).query).toEqual({ form: 'project-grants', round: '7', assignee: '12' });
    const ratings = await table('Valoraciones con sus comentarios');
    expect(within(ratings).getByRole('link', { name: 'PG-000004' })).toHaveAttribute('href', '/equipo/solicitud/?id=PG-000004');
    expect(within(ratings).getByRole('cell', { name: 'Muy claro todo' })).toBeInTheDocument();
  });

  it('offers the CSV of every table, with the filter applied', async () => {
    const requests = show(admin);
    await table('Revisión por programa y convocatoria');
    const csv = screen.getAllByRole('link', { name: /^Descargar CSV/ });
    expect(csv.map((link) => link.getAttribute('href'))).toEqual(
      ['review', 'weeks', 'money', 'grants', 'reviewers', 'ratings'].map((name) => `/api/team/figures.csv?table=${name}`),
    );
    expect(screen.getByRole('link', { name: 'Descargar CSV de montos' })).toHaveAttribute('download');

    await screen.findByRole('option', { name: 'Project Grants 2026 (abierta)' });
    const user = (await import('@testing-library/user-event')).default.setup();
    await user.selectOptions(screen.getByLabelText('Programa'), 'project-grants');
    await user.selectOptions(screen.getByLabelText('Convocatoria'), '7');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?programme=project-grants&round=7'));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Descargar CSV de revisión' })).toHaveAttribute('href', '/api/team/figures.csv?table=review&programme=project-grants&round=7'));
  });

  it('a reviewer reads the same page; finance is told its role may not', async () => {
    show(reviewer);
    expect(await table('Revisión por programa y convocatoria')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Guardar|Editar/ })).not.toBeInTheDocument();
  });

  it('finance gets no figures and no Cifras in its navigation', async () => {
    const requests = show(finance);
    expect(await screen.findByText(/^Tu rol no tiene permiso para ver esta sección./)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cifras' })).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
