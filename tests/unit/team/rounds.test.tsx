/**
 * Convocatorias (/equipo/convocatorias/): every role reads the programmes' rounds and their counts;
 * only administración gets the buttons. A refused round keeps every value typed, "Cerrar ahora"
 * asks first, and a keyboard user reaches every control.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamRound, TeamRoundList } from '@/api/contracts/rounds';
import RoundsPage from '@/pages/equipo/convocatorias';
import { navigate } from '@/team/navigate';
import { admin, answer, finance, json, renderPage, reviewer, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

beforeEach(() => vi.mocked(navigate).mockClear());

const base = { programme: 'academic-grants', timezone: 'AoE', graceHours: 0, budget: null, cap: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' } as const;
const round = (changes: Partial<TeamRound> & Pick<TeamRound, 'id' | 'name' | 'state' | 'opensLocal' | 'closesLocal'>): TeamRound => ({
  ...base,
  opensAt: `${changes.opensLocal}:00Z`,
  closesAt: changes.closesLocal ? `${changes.closesLocal}:00Z` : null,
  counts: { received: 0, inReview: 0, decided: 0 },
  ...changes,
});

const open = round({ id: '2', name: 'Academic Grants 2027 · primera ola', state: 'open', opensLocal: '2026-11-01T00:00', closesLocal: '2027-03-15T23:59', graceHours: 12, budget: { amount: '750000.00', currency: 'USD' }, counts: { received: 14, inReview: 5, decided: 3 } });
const past = round({ id: '1', name: 'Academic Grants 2026', state: 'closed', opensLocal: '2026-01-10T00:00', closesLocal: '2026-03-01T23:59', counts: { received: 40, inReview: 0, decided: 40 } });
const next = round({ id: '3', name: 'Academic Grants 2027 · segunda ola', state: 'upcoming', opensLocal: '2027-05-01T00:00', closesLocal: '2027-06-30T23:59', counts: { received: 1, inReview: 0, decided: 1 } });
const officeHours = round({ id: '9', programme: 'office-hours', name: 'Office Hours · siempre abierta', state: 'open', opensLocal: '2026-01-01T00:00', closesLocal: null, timezone: 'UTC' });

const list: TeamRoundList = {
  now: '2026-11-29T08:00:00Z',
  programmes: [
    { programme: 'academic-grants', name: 'Academic Grants', alwaysOpen: false, rounds: [past, next, open] },
    { programme: 'office-hours', name: 'Office Hours', alwaysOpen: true, rounds: [officeHours] },
  ],
};

function show(member: typeof admin) {
  signedInAs(member);
  answer('get', '/api/team/rounds', json(list));
  return renderPage(RoundsPage, '/equipo/convocatorias/');
}

const academic = () => screen.findByRole('table', { name: 'Convocatorias de Academic Grants' });
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('Convocatorias (/equipo/convocatorias/)', () => {
  it('lists each programme with its open, upcoming and past rounds and their counts; the admin gets every change', async () => {
    show(admin);
    expect(await screen.findByRole('link', { name: 'Convocatorias' })).toHaveAttribute('aria-current', 'page');
    const rows = within(await academic()).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellsOf(row).slice(0, 2))).toEqual([
      ['Academic Grants 2027 · primera ola', 'Abierta'],
      ['Academic Grants 2027 · segunda ola', 'Próxima'],
      ['Academic Grants 2026', 'Cerrada'],
    ]);
    const [opens, closes, conditions, counts] = within(rows[0]!).getAllByRole('cell').slice(2, 6);
    expect([opens?.textContent, closes?.textContent]).toEqual(['1 nov 2026, 00:00 AoE', '15 mar 2027, 23:59 AoE']);
    // A cell's lines are one element (its single value when the table stacks at 375 px), one line each inside.
    expect(conditions!.children).toHaveLength(1);
    expect(counts!.children).toHaveLength(1);
    expect([...conditions!.firstElementChild!.children].map((line) => line.textContent)).toEqual(['Gracia: 12 h (no se publica)', 'Presupuesto: USD 750.000,00']);
    expect([...counts!.firstElementChild!.children].map((line) => line.textContent)).toEqual(['14 recibidas', '5 en revisión', '3 decididas']);
    expect(cellsOf(rows[1]!)[4]).toBe('—');
    // One application is one: "1 recibida", "1 decidida".
    expect([...within(rows[1]!).getAllByRole('cell')[5]!.firstElementChild!.children].map((line) => line.textContent)).toEqual(['1 recibida', '0 en revisión', '1 decidida']);
    expect(within(rows[0]!).getAllByRole('button').map((button) => button.textContent)).toEqual(['Revisión', 'Editar', 'Extender', 'Cerrar ahora']);
    expect(within(rows[2]!).getAllByRole('button').map((button) => button.textContent)).toEqual(['Revisión', 'Editar', 'Reabrir']);
    const always = within(screen.getByRole('table', { name: 'Convocatorias de Office Hours' })).getAllByRole('row')[1]!;
    expect(cellsOf(always)[3]).toBe('Sin fecha de cierre');
    expect(screen.getByRole('button', { name: 'Nueva convocatoria de Academic Grants' })).toBeInTheDocument();
  });

  it.each([
    ['revisión', reviewer],
    ['finanzas', finance],
  ])('%s reads the same rounds and counts, with no control to change them', async (_role, member) => {
    show(member);
    const rows = within(await academic()).getAllByRole('row').slice(1);
    expect(cellsOf(rows[0]!)[5]).toBe('14 recibidas5 en revisión3 decididas');
    expect(screen.getByText('Solo administración puede crear o cambiar convocatorias.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nueva convocatoria|Editar|Extender|Cerrar ahora|Reabrir/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Convocatorias' })).toBeInTheDocument();
  });

  it('every role opens a round’s review set-up; revisión reads it without saving, and "Cerrar la revisión" goes back to its button', async () => {
    const meanings = ['Insuficiente: nada', 'Débil: poco', 'Aceptable: algo', 'Bueno: bastante', 'Excelente: todo'];
    const setup = { criteria: [{ key: 'impacto', label: 'Impacto', description: 'Qué cambia.', weight: 1, meanings }], blind: true, reviewersPerApplication: 2, reasons: { approved: [], rejected: [] }, disagreementThreshold: 1.5 };
    answer('get', '/api/team/rounds/2/review', json({ roundId: '2', review: setup, scored: false }));
    const { user } = show(reviewer);
    const opener = within(await academic()).getByRole('button', { name: `Revisión: ${open.name}` });
    await user.click(opener);
    expect(screen.getByRole('heading', { name: `Revisión de «${open.name}»` })).toHaveFocus();
    expect(await screen.findByLabelText('Nombre')).toHaveValue('Impacto');
    expect(screen.getByLabelText('Nombre')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar la revisión' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cerrar la revisión' }));
    expect(opener).toHaveFocus();
  });

  it('a refused new round shows the server’s message and keeps every value typed', async () => {
    const { user } = show(admin);
    const creates = answer('post', '/api/team/rounds', json({ error: 'El período de gracia va de 0 a 168 horas (7 días).' }, 400));
    await user.click(await screen.findByRole('button', { name: 'Nueva convocatoria de Academic Grants' }));
    const form = screen.getByRole('form', { name: 'Nueva convocatoria de Academic Grants' });
    await waitFor(() => expect(within(form).getByRole('heading')).toHaveFocus());
    expect(within(form).getByLabelText('Zona horaria')).toHaveDisplayValue('Anywhere on Earth (AoE, UTC−12)');
    await user.type(within(form).getByLabelText('Nombre'), 'Academic Grants 2027 · tercera ola');
    await user.type(within(form).getByLabelText('Abre (fecha y hora en esa zona)'), '2027-08-01T00:00');
    await user.type(within(form).getByLabelText('Cierra (fecha y hora en esa zona)'), '2027-09-15T23:59');
    const grace = within(form).getByLabelText('Período de gracia en horas (no se publica)');
    await user.clear(grace);
    await user.type(grace, '200');
    await user.type(within(form).getByLabelText('Presupuesto (opcional)'), '500.000,00');
    await user.type(within(form).getByLabelText('Máximo de solicitudes (opcional)'), '300');
    await user.click(within(form).getByRole('button', { name: 'Crear convocatoria' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('El período de gracia va de 0 a 168 horas (7 días).');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(creates[0]?.body).toEqual({
      programme: 'academic-grants',
      name: 'Academic Grants 2027 · tercera ola',
      opensLocal: '2027-08-01T00:00',
      closesLocal: '2027-09-15T23:59',
      timezone: 'AoE',
      graceHours: 200,
      budget: { amount: '500000.00', currency: 'USD' },
      cap: 300,
    });
    expect(within(form).getByLabelText('Nombre')).toHaveValue('Academic Grants 2027 · tercera ola');
    expect(grace).toHaveValue(200);
    expect(within(form).getByLabelText('Presupuesto (opcional)')).toHaveValue('500.000,00');
    expect(within(form).getByLabelText('Máximo de solicitudes (opcional)')).toHaveValue(300);
  });

  it('"Cancelar" on a new round sends nothing and takes the focus back to the button that opened it', async () => {
    const { user } = show(admin);
    const creates = answer('post', '/api/team/rounds', json({}, 500));
    const opener = await screen.findByRole('button', { name: 'Nueva convocatoria de Office Hours' });
    await user.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Nueva convocatoria de Office Hours' });
    // An always-open programme's new round starts with no closing moment.
    expect(within(form).getByLabelText(/Sin fecha de cierre/)).toBeChecked();
    expect(within(form).queryByLabelText('Cierra (fecha y hora en esa zona)')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(opener).toHaveFocus());
    expect(screen.queryByRole('form', { name: 'Nueva convocatoria de Office Hours' })).not.toBeInTheDocument();
    expect(creates).toHaveLength(0);
  });

  it('a budget that reads two ways is refused at the field before anything is sent', async () => {
    const { user } = show(admin);
    const creates = answer('post', '/api/team/rounds', json({}, 500));
    await user.click(await screen.findByRole('button', { name: 'Nueva convocatoria de Academic Grants' }));
    const budget = screen.getByLabelText('Presupuesto (opcional)');
    await user.type(budget, '750.000');
    await user.click(screen.getByRole('button', { name: 'Crear convocatoria' }));
    await waitFor(() => expect(budget).toHaveFocus());
    expect(budget).toHaveAttribute('aria-invalid', 'true');
    expect(budget).toHaveAccessibleDescription(/750\.000/);
    expect(creates).toHaveLength(0);
  });

  it('"Cerrar ahora" asks first; "Cancelar" goes back to the button; confirming closes and says so', async () => {
    const { user } = show(admin);
    const closes = answer('post', '/api/team/rounds/2/close', json({ ...open, state: 'closed' }));
    const closeButton = await screen.findByRole('button', { name: 'Cerrar ahora: Academic Grants 2027 · primera ola' });
    await user.click(closeButton);
    const confirm = screen.getByRole('region', { name: '¿Cerrar «Academic Grants 2027 · primera ola» ahora?' });
    expect(confirm).toHaveTextContent('Durante el período de gracia (12 horas, no se publica) se siguen aceptando los envíos.');
    expect(closes).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(closeButton).toHaveFocus());
    expect(closes).toHaveLength(0);
    await user.click(closeButton);
    await user.click(screen.getByRole('button', { name: 'Sí, cerrar ahora' }));
    const notice = await screen.findByText(/^Cerramos «Academic Grants 2027 · primera ola»\./);
    await waitFor(() => expect(notice).toHaveFocus());
    expect(closes).toHaveLength(1);
  });

  it('reopens a closed round by extending it, with the new close in the round’s own timezone', async () => {
    const { user } = show(admin);
    const extends_ = answer('post', '/api/team/rounds/1/extend', json({ ...past, state: 'open', closesLocal: '2026-12-05T23:59' }));
    await user.click(await screen.findByRole('button', { name: 'Reabrir: Academic Grants 2026' }));
    const field = screen.getByLabelText('Nuevo cierre (Anywhere on Earth (AoE, UTC−12))');
    await user.clear(field);
    await user.type(field, '2026-12-05T23:59');
    await user.click(screen.getByRole('button', { name: 'Reabrir' }));
    expect(await screen.findByText('Reabrimos «Academic Grants 2026»: ahora cierra el 5 de diciembre de 2026, 23:59 AoE.')).toBeInTheDocument();
    expect(extends_[0]?.body).toEqual({ closesLocal: '2026-12-05T23:59' });
  });

  it('a keyboard user reaches and works every control: edits one round and closes another with Tab, typing and Enter only', async () => {
    const { user } = show(admin);
    const edits = answer('post', '/api/team/rounds/3', json(next));
    const closes = answer('post', '/api/team/rounds/2/close', json({ ...open, state: 'closed' }));
    await academic();
    const tabTo = async (target: HTMLElement) => {
      for (let step = 0; step < 80 && document.activeElement !== target; step += 1) await user.tab();
      expect(target).toHaveFocus();
    };
    await tabTo(screen.getByRole('button', { name: 'Editar: Academic Grants 2027 · segunda ola' }));
    await user.keyboard('{Enter}');
    const form = screen.getByRole('form', { name: 'Editar «Academic Grants 2027 · segunda ola»' });
    await waitFor(() => expect(within(form).getByRole('heading')).toHaveFocus());
    await user.tab();
    expect(within(form).getByLabelText('Nombre')).toHaveFocus();
    await user.keyboard('{End} (revisada)');
    await tabTo(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Guardamos los cambios de «Academic Grants 2027 · segunda ola (revisada)».')).toHaveFocus();
    expect(edits[0]?.body).toMatchObject({ name: 'Academic Grants 2027 · segunda ola (revisada)', opensLocal: '2027-05-01T00:00', closesLocal: '2027-06-30T23:59', timezone: 'AoE', graceHours: 0, budget: null, cap: null });

    await tabTo(await screen.findByRole('button', { name: 'Cerrar ahora: Academic Grants 2027 · primera ola' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: '¿Cerrar «Academic Grants 2027 · primera ola» ahora?' })).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sí, cerrar ahora' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/^Cerramos «Academic Grants 2027 · primera ola»\./)).toHaveFocus();
    expect(closes).toHaveLength(1);
  });
});
