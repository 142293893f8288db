import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import MyReviewsPage from '@/pages/equipo/mis-revisiones';
import InboxPage from '@/pages/equipo/solicitudes';
import ApplicationPage from '@/pages/equipo/solicitud';
import type { ApplicationAnswer, ApplicationDetail, ApplicationPage as InboxAnswer, ReviewerScores, ScoringPart, TeamMember } from '@/team/api';
import { admin, answer, applicationDetail, json, noRounds, renderPage, reviewer, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

const meanings = (what: string) => [`Insuficiente: ${what}`, `Débil: ${what}`, `Aceptable: ${what}`, `Bueno: ${what}`, `Excelente: ${what}`];

const rubric: ScoringPart['rubric'] = {
  criteria: [
    { key: 'relevance', label: 'Relevancia para el ecosistema', description: 'Cuánto aporta.', weight: 2, meanings: meanings('aporte') },
    { key: 'feasibility', label: 'Factibilidad', description: 'Si el plan es realista.', weight: 1, meanings: meanings('plan') },
  ],
  blind: false,
  reasons: {
    approved: [{ key: 'meets-criteria', label: 'Cumple los criterios de selección' }],
    rejected: [
      { key: 'out-of-scope', label: 'Fuera del alcance del programa' },
      { key: 'incomplete', label: 'Información incompleta' },
    ],
  },
  disagreementThreshold: 1.5,
};

const rita = { id: 'm-2', email: 'rita@ejemplo.org' };
const rosa = { id: 'm-3', email: 'rosa@ejemplo.org' };
const review = (member: typeof rita, score: number, total: number): ReviewerScores => ({
  member,
  scores: [
    { criterion: 'relevance', score, comment: member === rosa ? 'Muy relevante.' : null },
    { criterion: 'feasibility', score, comment: null },
  ],
  recommendation: score >= 4 ? 'approve' : 'reject',
  total,
  submittedAt: '2026-11-22T10:00:00Z',
  updatedAt: '2026-11-22T10:00:00Z',
  version: 1,
});

function scoring(changes: Partial<ScoringPart> = {}): ScoringPart {
  return {
    rubric,
    mine: { assignment: { assignedAt: '2026-11-21T10:00:00Z', declaration: 'none', declaredAt: '2026-11-21T11:00:00Z' }, scores: null },
    canScore: true,
    others: null,
    aggregate: null,
    assignments: null,
    ...changes,
  };
}

function detailWith(changes: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return applicationDetail({
    sections: [{ title: 'Contact information', answers: [{ name: 'projectName', label: 'Project name', value: 'Puente' }] }],
    assignee: rita,
    reviewers: [rita, rosa],
    scoring: scoring(),
    ...changes,
  });
}

/** The application page with the detail the server answers now (changed by the test's posts). */
function openWith(member: TeamMember, first: ApplicationAnswer) {
  signedInAs(member);
  const state = { current: first };
  answer('get', '/api/team/applications/PG-000123', () => Response.json(state.current));
  return { ...renderPage(ApplicationPage, '/equipo/solicitud/?id=PG-000123'), state };
}

const focusLandsOn = (element: HTMLElement) => waitFor(() => expect(document.activeElement).toBe(element));

beforeEach(() => {
  answer('get', '/api/team/assignees', json({ members: [{ id: 'm-1', email: 'ana@ejemplo.org', role: 'admin' }, { ...rita, role: 'reviewer' }, { ...rosa, role: 'reviewer' }] }));
  noRounds();
});

describe('declaring a conflict of interest', () => {
  it('shows no answers before the declaration; "Sin conflicto" opens the application and says so', async () => {
    const { user, state } = openWith(reviewer, { id: 'PG-000123', reference: 'PG-000123', access: 'declare', programme: 'Project Grants' });
    const declarations = answer('post', '/api/team/applications/PG-000123/declaration', () => {
      state.current = detailWith();
      return Response.json({ declaration: 'none', declaredAt: '2026-11-22T10:00:00Z' });
    });
    await user.click(await screen.findByRole('radio', { name: 'Sin conflicto' }));
    expect(screen.queryByText('Puente')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar la declaración' }));
    expect(declarations[0]?.body).toEqual({ conflict: false });
    await focusLandsOn(await screen.findByText('Registramos que no tienes conflicto de interés. Ya puedes leer la solicitud y puntuarla.'));
    expect(screen.getByText('Puente')).toBeInTheDocument();
  });

  it('"Tengo un conflicto" asks for a reason, then shows only the reference', async () => {
    const { user, state } = openWith(reviewer, { id: 'PG-000123', reference: 'PG-000123', access: 'declare', programme: 'Project Grants' });
    const declarations = answer('post', '/api/team/applications/PG-000123/declaration', () => {
      state.current = { id: 'PG-000123', reference: 'PG-000123', access: 'recused' };
      return Response.json({ declaration: 'conflict', declaredAt: '2026-11-22T10:00:00Z' });
    });
    await user.click(await screen.findByRole('radio', { name: 'Tengo un conflicto' }));
    await user.click(screen.getByRole('button', { name: 'Enviar la declaración' }));
    await focusLandsOn(screen.getByLabelText('Motivo del conflicto'));
    expect(declarations).toHaveLength(0);
    await user.type(screen.getByLabelText('Motivo del conflicto'), 'Trabajé con el equipo.');
    await user.click(screen.getByRole('button', { name: 'Enviar la declaración' }));
    expect(declarations[0]?.body).toEqual({ conflict: true, reason: 'Trabajé con el equipo.' });
    expect(await screen.findByText(/Declaraste un conflicto de interés con esta solicitud/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Solicitud PG-000123' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Puntaje' })).not.toBeInTheDocument();
  });
});

describe('scoring against the rubric', () => {
  it('offers every criterion with its description and the meaning of each score; hides the others’ scores until mine is sent', async () => {
    const { user, state } = openWith(reviewer, detailWith());
    const panel = await screen.findByRole('region', { name: 'Puntaje' });
    const relevance = within(panel).getByRole('group', { name: 'Relevancia para el ecosistema' });
    expect(relevance).toHaveAccessibleDescription('Cuánto aporta. (peso 2)');
    expect(within(relevance).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['1 · Insuficiente: aporte', '2 · Débil: aporte', '3 · Aceptable: aporte', '4 · Bueno: aporte', '5 · Excelente: aporte']);
    expect(within(panel).getByText('Verás los puntajes de las demás personas después de enviar el tuyo.')).toBeInTheDocument();
    expect(within(panel).queryByText('rosa@ejemplo.org')).not.toBeInTheDocument();

    const sent = answer('post', '/api/team/applications/PG-000123/scores', () => {
      state.current = detailWith({
        scoring: scoring({ mine: { ...scoring().mine, scores: review(rita, 2, 2) }, others: [review(rosa, 5, 5)], aggregate: { score: 3.5, reviewsDone: 2, reviewsAssigned: 2, spread: 3, disagreement: true } }),
      });
      return Response.json({ mine: review(rita, 2, 2), aggregate: { score: 3.5, reviewsDone: 2, reviewsAssigned: 2, spread: 3, disagreement: true } });
    });
    await user.click(within(panel).getByRole('button', { name: 'Enviar mi puntaje' }));
    await focusLandsOn(await within(panel).findByText('Falta puntuar: «Relevancia para el ecosistema», «Factibilidad». Falta también la recomendación general.'));
    expect(sent).toHaveLength(0);

    await user.click(within(relevance).getByRole('radio', { name: /^2/ }));
    await user.click(within(within(panel).getByRole('group', { name: 'Factibilidad' })).getByRole('radio', { name: /^2/ }));
    await user.type(within(within(panel).getByRole('group', { name: 'Factibilidad' })).getByLabelText('Comentario (opcional)'), 'Plan corto.');
    await user.click(within(panel).getByRole('radio', { name: 'Rechazar' }));
    await user.click(within(panel).getByRole('button', { name: 'Enviar mi puntaje' }));
    expect(sent[0]?.body).toEqual({
      scores: [
        { criterion: 'relevance', score: 2 },
        { criterion: 'feasibility', score: 2, comment: 'Plan corto.' },
      ],
      recommendation: 'reject',
    });
    await focusLandsOn(await within(panel).findByText('Enviamos tu puntaje. Ahora ves los de las demás personas.'));
    // One decimal comma, as money and sizes; "Desacuerdo" explained in words, not only in a tooltip.
    expect(panel).toHaveTextContent('Puntaje3,5 de 5Revisiones2 de 2Dispersión3AlertaDesacuerdo: los totales difieren en 1,5 puntos o más.');
    expect(within(panel).getByRole('article', { name: 'rosa@ejemplo.org' })).toHaveTextContent('rosa@ejemplo.org: 5 de 5 · Aprobar');
    expect(within(panel).getByRole('article', { name: 'rosa@ejemplo.org' })).toHaveTextContent('Relevancia para el ecosistema: 5 — Muy relevante.');
    expect(within(panel).getByRole('button', { name: 'Guardar los cambios' })).toBeInTheDocument();
  });

  it('after the decision a reviewer reads their scores and changes nothing', async () => {
    openWith(reviewer, detailWith({ status: 'approved', scoring: scoring({ canScore: false, mine: { ...scoring().mine, scores: review(rita, 4, 4) }, others: [], aggregate: { score: 4, reviewsDone: 1, reviewsAssigned: 2, spread: 0, disagreement: false } }) }));
    const panel = await screen.findByRole('region', { name: 'Puntaje' });
    expect(within(panel).getByRole('article', { name: 'Tu puntaje' })).toHaveTextContent('Tu puntaje: 4 de 5 · Aprobar');
    expect(within(panel).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(panel).getByText('Ya hay una decisión: tu puntaje no se puede cambiar.')).toBeInTheDocument();
  });
});

describe('the admin: reviewers, declarations, the decision with a reason', () => {
  const adminScoring = scoring({
    mine: { assignment: null, scores: null },
    canScore: false,
    others: [review(rosa, 5, 5)],
    aggregate: { score: 5, reviewsDone: 1, reviewsAssigned: 1, spread: 0, disagreement: false },
    assignments: [
      { member: rita, assignedAt: '2026-11-21T10:00:00Z', declaration: 'conflict', declaredAt: '2026-11-21T11:00:00Z', conflictReason: 'Es mi socia.', submitted: false },
      { member: rosa, assignedAt: '2026-11-21T10:00:00Z', declaration: 'none', declaredAt: '2026-11-21T11:00:00Z', conflictReason: null, submitted: true },
    ],
  });

  it('sees every declaration and sets the reviewers', async () => {
    const { user } = openWith(admin, detailWith({ scoring: adminScoring }));
    const declarations = await screen.findByRole('list', { name: 'Declaraciones de quienes revisan' });
    expect(within(declarations).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['rita@ejemplo.org: Conflicto: Es mi socia.', 'rosa@ejemplo.org: Sin conflicto · puntaje enviado']);
    const saved = answer('post', '/api/team/applications/PG-000123/reviewers', json({ assignments: adminScoring.assignments!.slice(1).concat([{ member: { id: 'm-1', email: 'ana@ejemplo.org' }, assignedAt: '2026-11-22T10:00:00Z', declaration: null, declaredAt: null, conflictReason: null, submitted: false }]), aggregate: adminScoring.aggregate! }));
    const save = screen.getByRole('button', { name: 'Guardar revisores' });
    expect(save).toBeDisabled();
    await user.click(await screen.findByRole('checkbox', { name: 'ana@ejemplo.org' }));
    await user.click(screen.getByRole('checkbox', { name: 'rita@ejemplo.org' }));
    await user.click(save);
    expect(saved[0]?.body).toEqual({ memberIds: ['m-3', 'm-1'] });
    await focusLandsOn(await screen.findByText('Revisan la solicitud: rosa@ejemplo.org, ana@ejemplo.org.'));
  });

  it('decides with a reason from the programme’s list and a message; the history shows the reason', async () => {
    const { user, state } = openWith(admin, detailWith({ scoring: adminScoring }));
    const decisions = answer('post', '/api/team/applications/PG-000123/decision', () => {
      state.current = detailWith({
        status: 'rejected',
        statusChangedAt: '2026-11-23T10:00:00Z',
        scoring: { ...adminScoring, canScore: false },
        history: [
          { from: null, to: 'received', by: null, at: '2026-11-20T15:04:00Z' },
          { from: 'in_review', to: 'rejected', by: 'ana@ejemplo.org', at: '2026-11-23T10:00:00Z', reason: { key: 'out-of-scope', label: 'Fuera del alcance del programa' } },
        ],
        decisionMessage: { at: '2026-11-23T10:00:00Z', text: 'Prueba la convocatoria de eventos.' },
      });
      return Response.json({ status: 'rejected', reason: { key: 'out-of-scope', label: 'Fuera del alcance del programa' }, applicantMessage: 'Prueba la convocatoria de eventos.', decidedAt: '2026-11-23T10:00:00Z' });
    });
    const panel = await screen.findByRole('region', { name: 'Decisión' });
    expect(within(panel).getByLabelText('Motivo')).toBeDisabled();
    await user.click(within(panel).getByRole('radio', { name: 'Rechazar' }));
    expect(within(within(panel).getByLabelText('Motivo')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Elige un motivo', 'Fuera del alcance del programa', 'Información incompleta']);
    await user.click(within(panel).getByRole('button', { name: 'Registrar la decisión' }));
    await focusLandsOn(await within(panel).findByText('Elige el motivo de la decisión.'));
    expect(decisions).toHaveLength(0);
    await user.selectOptions(within(panel).getByLabelText('Motivo'), 'Fuera del alcance del programa');
    await user.type(within(panel).getByLabelText('Mensaje para la persona solicitante (opcional)'), 'Prueba la convocatoria de eventos.');
    await user.click(within(panel).getByRole('button', { name: 'Registrar la decisión' }));
    expect(decisions[0]?.body).toEqual({ status: 'rejected', reason: 'out-of-scope', applicantMessage: 'Prueba la convocatoria de eventos.' });
    await focusLandsOn(await screen.findByText('La solicitud quedó rechazada (motivo: Fuera del alcance del programa). Ahora revisa y envía el correo de decisión.'));
    expect(within(screen.getByRole('region', { name: 'Historial' })).getAllByRole('listitem')[1]).toHaveTextContent('Motivo: Fuera del alcance del programa');
    // The decision email starts from the message given with the decision.
    expect(screen.getByLabelText('Mensaje para la persona solicitante (opcional)', { selector: '#mensaje-solicitante' })).toHaveValue('Prueba la convocatoria de eventos.');
  });

  it('approves with the grant’s amount: the hint of every amount field, «12.000» refused before sending, the canonical amount sent, the outcome in one sentence', async () => {
    const { user, state } = openWith(admin, detailWith({ scoring: adminScoring }));
    answer('get', '/api/team/applications/PG-000123/grant', () => Response.json({ error: 'No encontramos esa beca.' }, { status: 404 }));
    const decisions = answer('post', '/api/team/applications/PG-000123/decision', () => {
      state.current = detailWith({ status: 'approved', statusChangedAt: '2026-11-23T10:00:00Z', scoring: { ...adminScoring, canScore: false } });
      return Response.json({ status: 'approved', reason: { key: 'meets-criteria', label: 'Cumple los criterios de selección' }, decidedAt: '2026-11-23T10:00:00Z' });
    });
    const panel = await screen.findByRole('region', { name: 'Decisión' });
    await user.click(within(panel).getByRole('radio', { name: 'Aprobar' }));
    await user.selectOptions(within(panel).getByLabelText('Motivo'), 'Cumple los criterios de selección');
    const amount = within(panel).getByLabelText('Monto de la beca (opcional)');
    expect(amount).toHaveAccessibleDescription(/Por ejemplo 12000 o 12\.000,00: el punto separa los miles y la coma, los decimales\.$/);
    await user.type(amount, '12.000');
    await user.click(within(panel).getByRole('button', { name: 'Registrar la decisión' }));
    expect(within(panel).getByText('¿12.000 = doce mil? Escribe 12000 o 12.000,00; si son decimales, escribe 12,00.')).toBeVisible();
    await focusLandsOn(amount);
    expect(decisions).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '12000');
    await user.click(within(panel).getByRole('button', { name: 'Registrar la decisión' }));
    expect(decisions[0]?.body).toEqual({ status: 'approved', reason: 'meets-criteria', grant: { amount: '12000.00', currency: 'USD' } });
    // One space between the sentences, the status in lower case.
    await focusLandsOn(
      await screen.findByText('La solicitud quedó aprobada (motivo: Cumple los criterios de selección). Creamos la beca de USD 12.000,00. Ahora revisa y envía el correo de decisión.'),
    );
  });

  it('a reviewer gets no decision panel', async () => {
    openWith(reviewer, detailWith());
    await screen.findByRole('region', { name: 'Puntaje' });
    expect(screen.queryByRole('region', { name: 'Decisión' })).not.toBeInTheDocument();
  });
});

describe('the inbox: scores, review filters, sort, round-robin, CSV', () => {
  const aggregate = { score: 3.5, reviewsDone: 2, reviewsAssigned: 3, spread: 3, disagreement: true };
  const page: InboxAnswer = {
    items: [
      { id: 'PG-000124', reference: 'PG-000124', form: 'project-grants', name: 'Luis Gómez', organisation: '', submittedAt: '2026-11-21T09:30:00Z', hasFile: false, status: 'in_review', assignee: rita, reviewers: [rita, rosa], aggregate, blind: false },
      { id: 'PG-000125', reference: 'PG-000125', form: 'project-grants', name: 'Oculto', organisation: 'Oculto', submittedAt: '2026-11-22T09:30:00Z', hasFile: false, status: 'received', assignee: null, reviewers: [], aggregate: { score: null, reviewsDone: 0, reviewsAssigned: 0, spread: null, disagreement: false }, blind: true },
    ],
    total: 2,
    page: 1,
    pageSize: 20,
  };

  it('shows score, reviews done of assigned, spread and the Desacuerdo badge', async () => {
    signedInAs(reviewer);
    answer('get', '/api/team/applications', json(page));
    renderPage(InboxPage, '/equipo/solicitudes/');
    const rows = within(await screen.findByRole('table', { name: /Solicitudes de Project Grants/ })).getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell').slice(5, 9).map((cell) => cell.textContent)).toEqual(['rita@ejemplo.org, rosa@ejemplo.org', '3,5 Desacuerdo', '2 de 3', '3']);
    expect(within(rows[2]!).getAllByRole('cell').slice(5, 9).map((cell) => cell.textContent)).toEqual(['Sin asignar', '—', '0 de 0', '—']);
  });

  it('filters "Me toca revisar", "Falta mi puntaje", "Desacuerdo", sorts by score, and the CSV takes all of it', async () => {
    signedInAs(reviewer);
    const requests = answer('get', '/api/team/applications', json(page));
    const { user } = renderPage(InboxPage, '/equipo/solicitudes/');
    await screen.findByRole('table', { name: /Solicitudes de Project Grants/ });
    await user.click(screen.getByRole('checkbox', { name: 'Me toca revisar' }));
    await user.click(screen.getByRole('checkbox', { name: 'Desacuerdo' }));
    await user.selectOptions(screen.getByLabelText('Orden'), 'Puntaje: mayor primero');
    await user.selectOptions(screen.getByLabelText('Estado'), 'En revisión');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtro' }));
    await waitFor(() => expect(requests.at(-1)?.url.search).toBe('?form=project-grants&status=in_review&review=mine%2Cdisagreement&sort=score-desc'));
    expect(window.location.search).toBe('?form=project-grants&status=in_review&review=mine%2Cdisagreement&sort=score-desc');
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/team/export?form=project-grants&status=in_review&review=mine%2Cdisagreement&sort=score-desc');
    await user.click(screen.getByRole('checkbox', { name: 'Falta mi puntaje' }));
    await user.click(screen.getByRole('button', { name: 'Aplicar filtro' }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('review')).toBe('mine,disagreement,missing-my-score'));
  });

  it('reads the review filters and the order from a shared address', async () => {
    signedInAs(reviewer);
    const requests = answer('get', '/api/team/applications', json(page));
    renderPage(InboxPage, '/equipo/solicitudes/?form=project-grants&review=missing-my-score&sort=score-asc');
    await screen.findByRole('table', { name: /Solicitudes de Project Grants/ });
    expect(requests[0]?.url.search).toBe('?form=project-grants&review=missing-my-score&sort=score-asc');
    expect(screen.getByRole('checkbox', { name: 'Falta mi puntaje' })).toBeChecked();
    expect(screen.getByLabelText('Orden')).toHaveValue('score-asc');
  });

  it('an admin assigns the selected applications round-robin over the chosen reviewers, and lands on the outcome', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications', json(page));
    const rounds = answer('post', '/api/team/applications/reviewers/round-robin', json({ results: [{ reference: 'PG-000124', assigned: [rosa] }, { reference: 'PG-000125', assigned: [rita] }] }));
    const { user } = renderPage(InboxPage, '/equipo/solicitudes/');
    await user.click(await screen.findByRole('checkbox', { name: 'Seleccionar todas las de esta página' }));
    const bar = await screen.findByRole('form', { name: 'Asignar revisores por turnos' });
    expect(within(bar).getByRole('button', { name: 'Asignar por turnos' })).toBeDisabled();
    await user.click(within(bar).getByRole('checkbox', { name: 'rita@ejemplo.org' }));
    await user.click(within(bar).getByRole('checkbox', { name: 'rosa@ejemplo.org' }));
    await user.click(within(bar).getByRole('button', { name: 'Asignar por turnos' }));
    expect(rounds[0]?.body).toEqual({ references: ['PG-000124', 'PG-000125'], memberIds: ['m-2', 'm-3'], perApplication: 1 });
    const outcome = await screen.findByText('Asignamos revisores por turnos:');
    await focusLandsOn(outcome.closest('[role="status"]') as HTMLElement);
    expect(outcome.closest('[role="status"]')).toHaveTextContent('PG-000124: rosa@ejemplo.orgPG-000125: rita@ejemplo.org');
  });

  it('a reviewer gets no round-robin bar, and the bulk status bar offers no approval or rejection', async () => {
    signedInAs(reviewer);
    answer('get', '/api/team/applications', json(page));
    const { user } = renderPage(InboxPage, '/equipo/solicitudes/');
    await user.click(await screen.findByRole('checkbox', { name: 'Seleccionar PG-000124' }));
    const statusChoice = await screen.findByLabelText('Nuevo estado');
    expect(screen.queryByRole('form', { name: 'Asignar revisores por turnos' })).not.toBeInTheDocument();
    expect(within(statusChoice).getAllByRole('option').map((option) => option.textContent)).toEqual(['Elige un estado', 'Recibida', 'En revisión', 'Información solicitada', 'Retirada']);
  });
});

describe('my reviews (/equipo/mis-revisiones/)', () => {
  it('lists pending and scored applications, oldest first as the server sends them, and the recused ones by reference', async () => {
    signedInAs(reviewer);
    const head = { form: 'project-grants' as const, programme: 'Project Grants', status: 'in_review' as const, submittedAt: '2026-11-20T15:04:00Z' };
    answer(
      'get',
      '/api/team/my-reviews',
      json({
        pending: [
          { id: 'PG-000120', reference: 'PG-000120', ...head, assignedAt: '2026-11-20T16:00:00Z', declaration: null, scoredAt: null, aggregate: { score: null, reviewsDone: 0, reviewsAssigned: 2, spread: null, disagreement: false } },
          { id: 'PG-000121', reference: 'PG-000121', ...head, assignedAt: '2026-11-21T16:00:00Z', declaration: 'none', scoredAt: null, aggregate: { score: null, reviewsDone: 0, reviewsAssigned: 2, spread: null, disagreement: false } },
        ],
        scored: [{ id: 'PG-000110', reference: 'PG-000110', ...head, assignedAt: '2026-11-10T16:00:00Z', declaration: 'none', scoredAt: '2026-11-11T16:00:00Z', aggregate: { score: 3.5, reviewsDone: 2, reviewsAssigned: 2, spread: 3, disagreement: true } }],
        recused: [{ id: 'PG-000100', reference: 'PG-000100', form: 'project-grants' }],
      }),
    );
    renderPage(MyReviewsPage, '/equipo/mis-revisiones/');
    const pending = await screen.findByRole('table', { name: 'Pendientes, la más antigua primero' });
    expect(within(pending).getAllByRole('link').map((link) => link.textContent)).toEqual(['PG-000120', 'PG-000121']);
    expect(within(pending).getAllByRole('row')[1]).toHaveTextContent('Falta declarar el conflicto de interés');
    expect(within(pending).getAllByRole('row')[2]).toHaveTextContent('Sin conflicto: falta tu puntaje');
    const scored = screen.getByRole('table', { name: 'Puntuadas, la más antigua primero' });
    // On a phone the tables stack, each cell labelled with its column.
    expect(within(pending).getAllByRole('cell').slice(0, 6).map((cell) => cell.getAttribute('data-label'))).toEqual(['Referencia', 'Programa', 'Estado', 'Asignada', 'Declaración', 'Revisiones']);
    expect(within(scored).getAllByRole('cell').slice(0, 6).map((cell) => cell.getAttribute('data-label'))).toEqual(['Referencia', 'Programa', 'Estado', 'Asignada', 'Puntaje', 'Revisiones']);
    expect(within(scored).getAllByRole('row')[1]).toHaveTextContent(/PG-000110.*3,5 Desacuerdo.*2 de 2/);
    expect(screen.getByText(/^Declaraste un conflicto de interés en estas solicitudes, así que no las revisas: PG-000100.*\.$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mis revisiones' })).toHaveAttribute('aria-current', 'page');
  });
});
