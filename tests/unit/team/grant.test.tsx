/**
 * "Beca" on the team's application page, /api/team/* answered by msw: creating the grant
 * (admin), the milestones editor's running sum and its refusal to send what does not add up, a
 * refused save keeping every value, "Aceptar" / "Pedir cambios" on a report (a comment required
 * for changes), the payments as a reviewer reads them, and focus on each action's outcome.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TeamGrant } from '@/api/contracts/grants';
import ApplicationPage from '@/pages/equipo/solicitud';
import type { ApplicationDetail } from '@/team/api';
import { admin, answer, finance, json, renderPage, reviewer, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

const ID = 'PG-000123';
const GRANT_PATH = `/api/team/applications/${ID}/grant`;

const approved = {
  id: ID,
  reference: ID,
  form: 'project-grants',
  programme: 'Project Grants',
  submittedAt: '2026-11-20T15:04:00Z',
  sections: [],
  file: null,
  status: 'approved',
  statusChangedAt: '2026-11-25T12:00:00Z',
  assignee: null,
  history: [],
  notes: [],
  decisionEmails: [],
} as unknown as ApplicationDetail;

function grantWith(changes: Partial<TeamGrant> = {}): TeamGrant {
  return {
    id: '5',
    reference: ID,
    amount: '10000.00',
    currency: 'USD',
    state: 'active',
    stateLabel: 'Activa',
    cancelReason: null,
    createdAt: '2026-11-25T12:00:00Z',
    createdBy: admin.email,
    paid: '0.00',
    outstanding: '10000.00',
    today: '2026-11-26',
    milestones: [],
    payments: [],
    ...changes,
  };
}

const delivered: TeamGrant['milestones'][number] = {
  id: '11',
  position: 1,
  title: 'Primera versión',
  doneCriteria: 'El monedero publicado con pruebas.',
  dueDate: '2026-12-20',
  amount: '4000.00',
  state: 'delivered',
  stateLabel: 'Entregado',
  acceptedAt: null,
  reports: [
    {
      version: 1,
      body: 'Primer intento.',
      links: [],
      file: null,
      submittedAt: '2026-12-01T10:00:00Z',
      decision: 'changes_requested',
      comment: 'Faltan las pruebas.',
      reviewedAt: '2026-12-02T09:00:00Z',
      reviewedBy: reviewer.email,
    },
    {
      version: 2,
      body: 'Con las pruebas.',
      links: ['https://github.com/ejemplo/monedero'],
      file: { name: 'avance.pdf', mediaType: 'application/pdf', size: 2048 },
      submittedAt: '2026-12-03T10:00:00Z',
      decision: null,
      comment: null,
      reviewedAt: null,
      reviewedBy: null,
    },
  ],
};

const second: TeamGrant['milestones'][number] = { ...delivered, id: '12', position: 2, title: 'Auditoría', dueDate: '2026-11-20', amount: '6000.00', state: 'overdue', stateLabel: 'Vencido', reports: [] };

function openAs(member: typeof admin, grant: TeamGrant | number, application: ApplicationDetail = approved) {
  signedInAs(member);
  answer('get', `/api/team/applications/${ID}`, json(application));
  answer('get', '/api/team/assignees', json({ members: [] }));
  const reads = answer('get', GRANT_PATH, typeof grant === 'number' ? json({ error: 'No hay beca.' }, grant) : json(grant));
  return { ...renderPage(ApplicationPage, `/equipo/solicitud/?id=${ID}`), reads };
}

const section = () => screen.findByRole('region', { name: 'Beca' });

describe('creating the grant', () => {
  it('refuses an amount with too many decimals without sending it, then creates the grant and moves the focus to the outcome', async () => {
    const posts = answer('post', GRANT_PATH, json(grantWith(), 201));
    const { user } = openAs(admin, 404);
    const region = await section();
    const amount = await within(region).findByLabelText('Monto aprobado');
    await user.type(amount, '10000.123');
    await user.click(within(region).getByRole('button', { name: 'Crear la beca' }));
    expect(within(region).getByText('El monto admite como máximo 2 decimales en USD.')).toBeVisible();
    expect(amount).toHaveFocus();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '10000');
    await user.click(within(region).getByRole('button', { name: 'Crear la beca' }));
    const done = await within(region).findByText('Creamos la beca de USD 10.000,00. Ahora define sus hitos.');
    await waitFor(() => expect(done).toHaveFocus());
    // The canonical decimal string the contract takes, not the text as typed.
    expect(posts.map((post) => post.body)).toEqual([{ amount: '10000.00', currency: 'USD' }]);
    expect(within(region).getByText('Por pagar').nextElementSibling).toHaveTextContent('USD 10.000,00');
    expect(within(region).getByRole('button', { name: 'Definir los hitos' })).toBeVisible();
  });

  it('refuses «12.000», which reads two ways, saying how it read it; takes «12.000,00» as the pages show it and sends 12000.00', async () => {
    const posts = answer('post', GRANT_PATH, json(grantWith({ amount: '12000.00', outstanding: '12000.00' }), 201));
    const { user } = openAs(admin, 404);
    const region = await section();
    const amount = await within(region).findByLabelText('Monto aprobado');
    expect(amount).toHaveAccessibleDescription('Por ejemplo 12000 o 12.000,00: el punto separa los miles y la coma, los decimales.');
    await user.type(amount, '12.000');
    await user.click(within(region).getByRole('button', { name: 'Crear la beca' }));
    expect(within(region).getByText('¿12.000 = doce mil? Escribe 12000 o 12.000,00; si son decimales, escribe 12,00.')).toBeVisible();
    expect(amount).toHaveFocus();
    expect(posts).toHaveLength(0);

    await user.type(amount, ',00');
    expect(within(region).getByText('Se guardará como USD 12.000,00.')).toBeVisible();
    await user.click(within(region).getByRole('button', { name: 'Crear la beca' }));
    expect(await within(region).findByText('Creamos la beca de USD 12.000,00. Ahora define sus hitos.')).toBeVisible();
    expect(posts.map((post) => post.body)).toEqual([{ amount: '12000.00', currency: 'USD' }]);
  });

  it('is not offered to a reviewer', async () => {
    openAs(reviewer, 404);
    const region = await section();
    expect(await within(region).findByText('Todavía no se registró la beca de esta solicitud.')).toBeVisible();
    expect(within(region).queryByRole('button', { name: 'Crear la beca' })).toBeNull();
  });

  it('has no section on an application still in review', async () => {
    const { reads } = openAs(admin, 404, { ...approved, status: 'in_review' } as ApplicationDetail);
    expect(await screen.findByRole('heading', { level: 1, name: `Solicitud ${ID}` })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Beca' })).toBeNull();
    expect(reads).toHaveLength(0);
  });
});

describe('the milestones editor', () => {
  it('shows the running sum against the approved amount and sends nothing until it adds up', async () => {
    const saved = grantWith({
      milestones: [
        { ...delivered, id: '21', reports: [], state: 'pending', stateLabel: 'Pendiente', title: 'Primera versión', amount: '4000.00', dueDate: '2026-12-20' },
        { ...second, id: '22', reports: [], state: 'pending', stateLabel: 'Pendiente', title: 'Auditoría', amount: '6000.00', dueDate: '2027-01-31' },
      ],
    });
    const posts = answer('post', `${GRANT_PATH}/milestones`, json(saved));
    const { user } = openAs(admin, grantWith());
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Definir los hitos' }));
    const editor = within(region).getByRole('form', { name: 'Hitos de la beca' });
    const first = within(editor).getByRole('group', { name: 'Hito 1' });
    await waitFor(() => expect(within(first).getByLabelText('Título')).toHaveFocus());
    await user.type(within(first).getByLabelText('Título'), 'Primera versión');
    await user.type(within(first).getByLabelText('Criterio de cumplimiento'), 'El monedero publicado con pruebas.');
    await user.type(within(first).getByLabelText('Fecha límite'), '2026-12-20');
    expect(within(first).getByLabelText('Monto (USD)')).toHaveAccessibleDescription('Por ejemplo 12000 o 12.000,00: el punto separa los miles y la coma, los decimales.');
    await user.type(within(first).getByLabelText('Monto (USD)'), '4000');
    // Leaving the editor is not "Cancelar", read next to a grant that can be «Cancelada».
    expect(within(editor).getByRole('button', { name: 'Descartar cambios' })).toBeVisible();
    expect(within(editor).queryByRole('button', { name: 'Cancelar' })).toBeNull();
    await user.click(within(editor).getByRole('button', { name: 'Agregar un hito' }));
    const next = within(editor).getByRole('group', { name: 'Hito 2' });
    await user.type(within(next).getByLabelText('Título'), 'Auditoría');
    await user.type(within(next).getByLabelText('Criterio de cumplimiento'), 'El informe de auditoría publicado.');
    await user.type(within(next).getByLabelText('Fecha límite'), '2027-01-31');
    await user.type(within(next).getByLabelText('Monto (USD)'), '5000');
    expect(within(editor).getByText(/^Suma de los hitos:/)).toHaveTextContent('Suma de los hitos: USD 9.000,00 de USD 10.000,00 aprobados (faltan USD 1.000,00).');

    await user.click(within(editor).getByRole('button', { name: 'Guardar los hitos' }));
    const refusal = await within(editor).findByRole('alert');
    expect(refusal).toHaveTextContent('Los montos suman USD 9.000,00 y la beca es de USD 10.000,00: faltan USD 1.000,00.');
    await waitFor(() => expect(refusal).toHaveFocus());
    expect(posts).toHaveLength(0);

    await user.clear(within(next).getByLabelText('Monto (USD)'));
    await user.type(within(next).getByLabelText('Monto (USD)'), '6000');
    expect(within(editor).getByText(/^Suma de los hitos:/)).toHaveTextContent('(cuadra).');
    await user.click(within(editor).getByRole('button', { name: 'Guardar los hitos' }));
    const done = await within(region).findByText('Guardamos los 2 hitos de la beca.');
    await waitFor(() => expect(done).toHaveFocus());
    expect(posts.map((post) => post.body)).toEqual([
      {
        milestones: [
          { title: 'Primera versión', doneCriteria: 'El monedero publicado con pruebas.', dueDate: '2026-12-20', amount: '4000.00' },
          { title: 'Auditoría', doneCriteria: 'El informe de auditoría publicado.', dueDate: '2027-01-31', amount: '6000.00' },
        ],
      },
    ]);
    const list = within(region).getByRole('list', { name: 'Hitos de la beca' });
    expect(within(list).getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual(['Hito 1: Primera versiónPendiente', 'Hito 2: AuditoríaPendiente']);
  });

  it('shows saved amounts as the pages write them, one ether amount that would read two ways with a zero more, and saves them back as the same amounts', async () => {
    const ether = grantWith({
      amount: '1502.125',
      currency: 'ETH',
      outstanding: '1502.125',
      milestones: [
        { ...delivered, reports: [], state: 'pending', stateLabel: 'Pendiente', amount: '2.125' },
        { ...second, reports: [], state: 'pending', stateLabel: 'Pendiente', amount: '1500', dueDate: '2027-01-31' },
      ],
    });
    const posts = answer('post', `${GRANT_PATH}/milestones`, json(ether));
    const { user } = openAs(admin, ether);
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Editar los hitos' }));
    const editor = within(region).getByRole('form', { name: 'Hitos de la beca' });
    const [first, next] = [within(editor).getByRole('group', { name: 'Hito 1' }), within(editor).getByRole('group', { name: 'Hito 2' })];
    expect(within(first).getByLabelText('Monto (ETH)')).toHaveValue('2,1250');
    expect(within(first).getByText('Se guardará como ETH 2,125.')).toBeVisible();
    expect(within(next).getByLabelText('Monto (ETH)')).toHaveValue('1.500,0');
    expect(within(next).getByText('Se guardará como ETH 1.500.')).toBeVisible();
    expect(within(editor).getByText(/^Suma de los hitos:/)).toHaveTextContent('(cuadra).');
    await user.click(within(editor).getByRole('button', { name: 'Guardar los hitos' }));
    await within(region).findByText('Guardamos los 2 hitos de la beca.');
    expect(posts.map((post) => (post.body as { milestones: { amount: string }[] }).milestones.map((milestone) => milestone.amount))).toEqual([['2.1250', '1500']]);
  });

  it('marks a missing field on its row, and keeps every value when the server refuses the list', async () => {
    const posts = answer('post', `${GRANT_PATH}/milestones`, json({ error: 'La fecha límite no puede ser anterior a la creación de la beca.' }, 400));
    const { user } = openAs(admin, grantWith());
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Definir los hitos' }));
    const row = within(region).getByRole('group', { name: 'Hito 1' });
    await user.type(within(row).getByLabelText('Título'), 'Todo el proyecto');
    await user.type(within(row).getByLabelText('Monto (USD)'), '10000');
    await user.type(within(row).getByLabelText('Fecha límite'), '2026-12-31');
    await user.click(within(region).getByRole('button', { name: 'Guardar los hitos' }));
    expect(within(row).getByText('Escribe el criterio de cumplimiento.')).toBeVisible();
    expect(within(row).getByLabelText('Criterio de cumplimiento')).toHaveFocus();
    expect(posts).toHaveLength(0);

    await user.type(within(row).getByLabelText('Criterio de cumplimiento'), 'Todo entregado.');
    await user.click(within(region).getByRole('button', { name: 'Guardar los hitos' }));
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('La fecha límite no puede ser anterior a la creación de la beca.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(posts).toHaveLength(1);
    expect(within(row).getByLabelText('Título')).toHaveValue('Todo el proyecto');
    expect(within(row).getByLabelText('Criterio de cumplimiento')).toHaveValue('Todo entregado.');
    expect(within(row).getByLabelText('Fecha límite')).toHaveValue('2026-12-31');
    expect(within(row).getByLabelText('Monto (USD)')).toHaveValue('10000');
  });
});

describe('reviewing a report', () => {
  it('shows every version; "Pedir cambios" needs a comment; the decision is sent with the version and the outcome takes the focus', async () => {
    const afterReview = grantWith({
      milestones: [
        { ...delivered, state: 'changes_requested', stateLabel: 'Con cambios pedidos', reports: [delivered.reports[0]!, { ...delivered.reports[1]!, decision: 'changes_requested', comment: 'Falta la auditoría.', reviewedAt: '2026-12-04T09:00:00Z', reviewedBy: reviewer.email }] },
        second,
      ],
    });
    const posts = answer('post', `${GRANT_PATH}/milestones/11/review`, json(afterReview));
    const { user } = openAs(reviewer, grantWith({ milestones: [delivered, second] }));
    const region = await section();
    const versions = await within(region).findByRole('list', { name: 'Informes del hito 1' });
    expect(versions).toHaveTextContent('Versión 1');
    expect(versions).toHaveTextContent(`Cambios pedidos el`);
    expect(versions).toHaveTextContent('Faltan las pruebas.');
    expect(versions).toHaveTextContent('Versión 2');
    expect(within(versions).getByRole('link', { name: 'Descargar avance.pdf' })).toHaveAttribute('href', `${GRANT_PATH}/milestones/11/reports/2/file`);
    expect(within(region).getByRole('heading', { level: 4, name: /Hito 2: Auditoría/ })).toHaveTextContent('Vencido');

    const review = within(region).getByRole('group', { name: 'Revisar la versión 2 del hito 1' });
    await user.click(within(review).getByRole('button', { name: 'Pedir cambios' }));
    const comment = within(review).getByLabelText(/Comentario para la persona beneficiaria/);
    expect(within(review).getByText('Escribe qué cambios pides: la persona beneficiaria lo recibe por correo.')).toBeVisible();
    expect(comment).toHaveFocus();
    expect(posts).toHaveLength(0);

    await user.type(comment, 'Falta la auditoría.');
    await user.click(within(review).getByRole('button', { name: 'Pedir cambios' }));
    const done = await within(region).findByText('Pediste cambios en el hito 1. Le avisamos por correo a la persona beneficiaria con tu comentario.');
    await waitFor(() => expect(done).toHaveFocus());
    expect(posts.map((post) => post.body)).toEqual([{ version: 2, decision: 'changes_requested', comment: 'Falta la auditoría.' }]);
    expect(within(region).getByRole('heading', { level: 4, name: /Hito 1: Primera versión/ })).toHaveTextContent('Con cambios pedidos');
    expect(within(region).queryByRole('group', { name: /Revisar la versión/ })).toBeNull();
  });

  it('accepts without a comment', async () => {
    const accepted = grantWith({ milestones: [{ ...delivered, state: 'accepted', stateLabel: 'Aceptado', reports: [delivered.reports[0]!, { ...delivered.reports[1]!, decision: 'accepted', reviewedAt: '2026-12-04T09:00:00Z', reviewedBy: admin.email }] }, second] });
    const posts = answer('post', `${GRANT_PATH}/milestones/11/review`, json(accepted));
    const { user } = openAs(admin, grantWith({ milestones: [delivered, second] }));
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(within(region).getByText('Aceptaste el informe del hito 1. Le avisamos por correo a la persona beneficiaria.')).toHaveFocus());
    expect(posts.map((post) => post.body)).toEqual([{ version: 2, decision: 'accepted' }]);
    expect(within(region).getByRole('heading', { level: 4, name: /Hito 1/ })).toHaveTextContent('Aceptado');
  });

  it('offers no review to finance', async () => {
    openAs(finance, grantWith({ milestones: [delivered, second] }));
    const region = await section();
    expect(await within(region).findByRole('list', { name: 'Informes del hito 1' })).toBeVisible();
    expect(within(region).queryByRole('button', { name: 'Aceptar' })).toBeNull();
    expect(within(region).queryByRole('button', { name: /hitos/ })).toBeNull();
  });
});

describe('payments on the grant', () => {
  it('lists them; a reviewer sees that a bank reference is for finance only', async () => {
    const hash = `0x${'cd'.repeat(32)}`;
    openAs(
      reviewer,
      grantWith({
        paid: '5000.00',
        outstanding: '5000.00',
        milestones: [{ ...delivered, state: 'accepted', stateLabel: 'Aceptado' }, second],
        payments: [
          { id: '1', milestoneId: null, amount: '1000.00', currency: 'USD', grantAmount: '1000.00', rate: null, paidOn: '2026-11-28', method: 'bank_transfer', reference: null },
          { id: '2', milestoneId: '11', amount: '1.5', currency: 'ETH', grantAmount: '4000.00', rate: '2666.67 USD/ETH', paidOn: '2026-12-05', method: 'eth', reference: hash },
        ],
      }),
    );
    const region = await section();
    const rows = within(await within(region).findByRole('table', { name: 'Pagos de la beca' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['28 nov 2026', 'Anticipo', 'USD 1.000,00', 'USD 1.000,00', 'Transferencia bancaria', 'Solo la ve finanzas'],
      ['5 dic 2026', 'Hito 1: Primera versión', 'ETH 1,5', 'USD 4.000,00 (tipo de cambio: 2666.67 USD/ETH)', 'ETH', hash],
    ]);
    expect(within(region).getByText('Pagado').nextElementSibling).toHaveTextContent('USD 5.000,00');
  });

  it('keeps them in a scrolling box the keyboard reaches, named like the table', async () => {
    openAs(finance, grantWith({ payments: [{ id: '1', milestoneId: null, amount: '1000.00', currency: 'USD', grantAmount: '1000.00', rate: null, paidOn: '2026-11-28', method: 'bank_transfer', reference: 'TRX-1' }] }));
    const region = await section();
    const table = await within(region).findByRole('table', { name: 'Pagos de la beca' });
    const box = within(region).getByRole('region', { name: 'Pagos de la beca' });
    expect(box).toContainElement(table);
    box.focus();
    expect(box).toHaveFocus();
  });
});
