/**
 * Corrections on the team's application page, /api/team/* answered by msw: "Pedir información"
 * choosing the answers it opens (by section, or the whole application) and its preview saying which;
 * the "Cambios" view of each version's changed answers before and after, with who asked and when; a
 * score given on an earlier version marked "puntuado sobre la versión 1" and confirmed as it is.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ApplicationPage from '@/pages/equipo/solicitud';
import type { ApplicationAnswer, ApplicationDetail, ApplicationVersions, ReviewerScores, ScoringPart, TeamMember } from '@/team/api';
import type { ApplicationWithApplicantSide } from '@/team/applicantApi';
import { answer, applicationDetail, json, never, noRounds, renderPage, reviewer, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

const sections: ApplicationDetail['sections'] = [
  {
    title: 'About you',
    answers: [
      { name: 'firstName', label: 'First name', value: 'Ana' },
      { name: 'email', label: 'Email', value: 'ana@ejemplo.org' },
    ],
  },
  {
    title: 'Your project',
    answers: [
      { name: 'projectName', label: 'Project name', value: 'Puente' },
      { name: 'projectRepo', label: 'Project repository', value: 'https://github.com/ana/puente' },
    ],
  },
  { title: 'Funding', answers: [{ name: 'requestedAmount', label: 'Requested amount', value: 'USD 30,000' }] },
];

function detailWith(changes: Partial<ApplicationWithApplicantSide> = {}): ApplicationWithApplicantSide {
  return { ...applicationDetail({ sections, version: 1 }), informationRequests: [], satisfaction: null, decisionMessage: null, withdrawal: null, ...changes };
}

function openWith(member: TeamMember, ...details: ApplicationAnswer[]) {
  signedInAs(member);
  let served = 0;
  const loads = answer('get', '/api/team/applications/PG-000123', () => Response.json(details[Math.min(served++, details.length - 1)]));
  return { ...renderPage(ApplicationPage, '/equipo/solicitud/?id=PG-000123'), loads };
}

beforeEach(() => {
  answer('get', '/api/team/assignees', json({ members: [] }));
  noRounds();
});

describe('asking for a correction', () => {
  it('chooses answers by section with the keyboard, previews which ones it opens, and sends them with the question', async () => {
    const previews = answer('post', '/api/team/applications/PG-000123/information-request/preview', json({ subject: 'Necesitamos más información (PG-000123)', body: 'Hola Ana:\n\n¿Puedes corregir el monto y el repositorio?' }));
    const sends = answer('post', '/api/team/applications/PG-000123/information-request/send', json({ status: 'information_requested', statusLabel: 'Información solicitada', request: {} }));
    const { user } = openWith(reviewer, detailWith());
    const panel = await screen.findByRole('region', { name: 'Pedir información' });
    await user.type(within(panel).getByLabelText('Pregunta para la persona solicitante'), '¿Puedes corregir el monto y el repositorio?');

    // The disclosure opens from the keyboard; the answers sit under their sections; the email is not among them.
    const summary = within(panel).getByText(/Abrir respuestas para corregir/);
    summary.focus();
    await user.keyboard('{Enter}');
    const chooser = within(panel).getByRole('group', { name: 'Respuestas que la persona podrá corregir' });
    expect(within(chooser).getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual(['About you', 'Your project', 'Funding']);
    expect(within(chooser).queryByRole('checkbox', { name: 'Email' })).toBeNull();
    const funding = within(chooser).getByRole('group', { name: 'Funding' });
    // Chosen out of order, sent in the form's order.
    within(funding).getByRole('checkbox', { name: 'Requested amount' }).focus();
    await user.keyboard(' ');
    await user.click(within(chooser).getByRole('checkbox', { name: 'Project repository' }));
    expect(summary).toHaveTextContent('elegidas: 2 respuestas');

    await user.click(within(panel).getByRole('button', { name: 'Ver el correo con la pregunta' }));
    const preview = await within(panel).findByRole('region', { name: 'Vista previa del correo con la pregunta' });
    expect(preview).toHaveTextContent('Se abren para corregir: Project repository · Requested amount.');
    expect(previews.map((request) => request.body)).toEqual([{ question: '¿Puedes corregir el monto y el repositorio?', openFields: ['projectRepo', 'requestedAmount'] }]);

    await user.click(within(preview).getByRole('button', { name: 'Enviar la pregunta' }));
    expect(await within(panel).findByText(/La persona ya puede corregir las respuestas abiertas/)).toBeVisible();
    expect(sends.map((request) => request.body)).toEqual([{ question: '¿Puedes corregir el monto y el repositorio?', openFields: ['projectRepo', 'requestedAmount'] }]);
  });

  it('opens the whole application with "Toda la solicitud", and a question alone opens nothing', async () => {
    const previews = answer('post', '/api/team/applications/PG-000123/information-request/preview', json({ subject: 'S', body: 'B' }));
    const { user } = openWith(reviewer, detailWith());
    const panel = await screen.findByRole('region', { name: 'Pedir información' });
    await user.type(within(panel).getByLabelText('Pregunta para la persona solicitante'), '¿Y el presupuesto?');
    await user.click(within(panel).getByRole('button', { name: 'Ver el correo con la pregunta' }));
    expect(await within(panel).findByText('Solo la pregunta: no se abre ninguna respuesta para corregir.')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Volver a editar' }));

    await user.click(within(panel).getByText(/Abrir respuestas para corregir/));
    await user.click(within(panel).getByRole('checkbox', { name: 'Toda la solicitud' }));
    expect(within(panel).queryByRole('checkbox', { name: 'Project name' })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Ver el correo con la pregunta' }));
    expect(await within(panel).findByText(/^Se abre toda la solicitud para corregir/)).toBeVisible();
    expect(previews.map((request) => request.body)).toEqual([{ question: '¿Y el presupuesto?' }, { question: '¿Y el presupuesto?', openFields: 'all' }]);
  });
});

const versions: ApplicationVersions = {
  current: 2,
  versions: [
    { version: 1, createdAt: '2026-11-20T15:04:00Z', requestId: null, question: null, askedBy: null, askedAt: null, changes: [] },
    {
      version: 2,
      createdAt: '2026-11-23T08:00:00Z',
      requestId: '7',
      question: '¿Puedes corregir el monto y el repositorio?',
      askedBy: 'rita@ejemplo.org',
      askedAt: '2026-11-22T09:30:00Z',
      changes: [
        { field: 'projectRepo', label: 'Project repository', before: 'https://github.com/ana/viejo', after: 'https://github.com/ana/puente' },
        { field: 'requestedAmount', label: 'Requested amount', before: 'USD 300,000', after: 'USD 30,000' },
      ],
    },
  ],
};

describe('the Cambios view', () => {
  it('shows the current version and each changed answer before and after, with who asked and when', async () => {
    const asked = answer('get', '/api/team/applications/PG-000123/versions', json(versions));
    openWith(reviewer, detailWith({ version: 2 }));
    const changes = await screen.findByRole('region', { name: 'Cambios' });
    expect(changes).toHaveTextContent('Versión actual: 2');
    const summary = await within(changes).findByText('Versión 2: 2 respuestas cambiaron respecto de la versión 1');
    const version = summary.closest('details')!;
    expect(version).toHaveAttribute('open');
    expect(version).toHaveTextContent('Pedida por rita@ejemplo.org el');
    expect(within(version).getByText('Pedida por', { exact: false }).querySelector('time')).toHaveAttribute('datetime', '2026-11-22T09:30:00Z');
    const terms = within(version).getAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual(['Project repository', 'Requested amount']);
    const amount = within(version).getAllByRole('definition').slice(2);
    expect(amount.map((item) => item.textContent)).toEqual(['AntesUSD 300,000', 'DespuésUSD 30,000']);
    expect(asked).toHaveLength(1);
  });

  it('asks for no versions while the application is as it was sent', async () => {
    const asked = answer('get', '/api/team/applications/PG-000123/versions', never);
    openWith(reviewer, detailWith({ version: 1 }));
    expect(await screen.findByRole('region', { name: 'Cambios' })).toHaveTextContent('Versión actual: 1 (tal como se envió; nadie la corrigió).');
    expect(asked).toHaveLength(0);
  });
});

const rubric: ScoringPart['rubric'] = {
  criteria: [{ key: 'relevance', label: 'Relevancia', description: 'Cuánto aporta.', weight: 1, meanings: ['1', '2', '3', '4', '5'] }],
  blind: false,
  reasons: { approved: [], rejected: [] },
  disagreementThreshold: 1.5,
};
const mine = (version: number): ReviewerScores => ({
  member: { id: 'm-2', email: 'rita@ejemplo.org' },
  scores: [{ criterion: 'relevance', score: 4, comment: null }],
  recommendation: 'approve',
  total: 4,
  submittedAt: '2026-11-22T10:00:00Z',
  updatedAt: '2026-11-22T10:00:00Z',
  version,
});
const scoredDetail = (version: number, others: ReviewerScores[] = []) =>
  detailWith({
    version: 2,
    scoring: {
      rubric,
      mine: { assignment: { assignedAt: '2026-11-21T10:00:00Z', declaration: 'none', declaredAt: '2026-11-21T11:00:00Z' }, scores: mine(version) },
      canScore: true,
      others,
      aggregate: null,
      assignments: null,
    },
  });

describe('scores given on an earlier version', () => {
  beforeEach(() => {
    answer('get', '/api/team/applications/PG-000123/versions', json(versions));
  });

  it('are marked "puntuado sobre la versión 1" and confirmed as they are on the current one', async () => {
    const rosa: ReviewerScores = { ...mine(1), member: { id: 'm-3', email: 'rosa@ejemplo.org' } };
    const confirms = answer('post', '/api/team/applications/PG-000123/scores/confirm', json({ mine: mine(2), aggregate: {} }));
    const { user, loads } = openWith(reviewer, scoredDetail(1, [rosa]), scoredDetail(2, [rosa]));
    const panel = await screen.findByRole('region', { name: 'Puntaje' });
    expect(panel).toHaveTextContent('Tu puntaje: puntuado sobre la versión 1. La solicitud va por la versión 2');
    expect(within(panel).getByRole('link', { name: 'Cambios' })).toHaveAttribute('href', '#cambios');
    expect(document.getElementById('cambios')).toHaveTextContent('Cambios');
    expect(within(panel).getByRole('article', { name: 'rosa@ejemplo.org' })).toHaveTextContent('puntuado sobre la versión 1');
    // Changing them stays possible: the form keeps the scores given.
    expect(within(panel).getByRole('button', { name: 'Guardar los cambios' })).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Confirmar mi puntaje sobre la versión 2' }));
    const done = await within(panel).findByText('Confirmaste tu puntaje sobre la versión 2, sin cambios.');
    await waitFor(() => expect(done.closest('[role="status"]')).toHaveFocus());
    expect(confirms.map((request) => request.body)).toEqual([{}]);
    expect(loads).toHaveLength(2);
    expect(panel).not.toHaveTextContent('Tu puntaje: puntuado sobre la versión');
    expect(within(panel).queryByRole('button', { name: /Confirmar mi puntaje/ })).toBeNull();
  });

  it('carry no mark once given on the current version', async () => {
    openWith(reviewer, scoredDetail(2));
    const panel = await screen.findByRole('region', { name: 'Puntaje' });
    await within(panel).findByRole('button', { name: 'Guardar los cambios' });
    expect(panel).not.toHaveTextContent('puntuado sobre la versión');
  });
});
