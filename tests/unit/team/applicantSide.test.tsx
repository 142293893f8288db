import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ApplicationPage from '@/pages/equipo/solicitud';
import type { ApplicationDetail } from '@/team/api';
import type { ApplicationWithApplicantSide } from '@/team/applicantApi';
import { daysLeftText } from '@/team/ErasureRequests';
import { answer, json, renderPage, reviewer, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

function detailWith(changes: Partial<ApplicationWithApplicantSide> = {}): ApplicationWithApplicantSide {
  return {
    id: 'PG-000123',
    reference: 'PG-000123',
    form: 'project-grants',
    programme: 'Project Grants',
    submittedAt: '2026-11-20T15:04:00Z',
    sections: [],
    file: null,
    status: 'in_review',
    statusChangedAt: '2026-11-21T10:00:00Z',
    assignee: null,
    history: [{ from: null, to: 'received', by: null, at: '2026-11-20T15:04:00Z' }],
    notes: [],
    decisionEmails: [],
    grantee: null,
    informationRequests: [],
    satisfaction: null,
    decisionMessage: null,
    withdrawal: null,
    ...changes,
  } as ApplicationWithApplicantSide;
}

function open(...details: ApplicationDetail[]) {
  signedInAs(reviewer);
  let served = 0;
  answer('get', '/api/team/applications/PG-000123', () => Response.json(details[Math.min(served++, details.length - 1)]));
  return renderPage(ApplicationPage, '/equipo/solicitud/?id=PG-000123');
}

describe('the applicant’s side on the team’s application page', () => {
  beforeEach(() => {
    answer('get', '/api/team/assignees', json({ members: [] }));
  });

  it('asks for information only from the previewed email, and keeps the question when the send is refused', async () => {
    const previews = answer('post', '/api/team/applications/PG-000123/information-request/preview', json({ subject: 'Necesitamos más información (PG-000123)', body: 'Hola Ana:\n\n¿Y el presupuesto?' }));
    const sends = answer('post', '/api/team/applications/PG-000123/information-request/send', json({ error: 'La solicitud cambió de estado: vuelve a cargarla.' }, 409));
    const { user } = open(detailWith());
    const panel = await screen.findByRole('region', { name: 'Pedir información' });
    await user.click(within(panel).getByRole('button', { name: 'Ver el correo con la pregunta' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Escribe la pregunta antes de ver el correo.');
    expect(previews).toHaveLength(0);

    await user.type(within(panel).getByLabelText('Pregunta para la persona solicitante'), '¿Y el presupuesto?');
    await user.click(within(panel).getByRole('button', { name: 'Ver el correo con la pregunta' }));
    const preview = await within(panel).findByRole('region', { name: 'Vista previa del correo con la pregunta' });
    expect(preview).toHaveTextContent('Necesitamos más información (PG-000123)');
    expect(previews.map((request) => request.body)).toEqual([{ question: '¿Y el presupuesto?' }]);
    await user.click(within(preview).getByRole('button', { name: 'Enviar la pregunta' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('La solicitud cambió de estado: vuelve a cargarla.');
    expect(sends.map((request) => request.body)).toEqual([{ question: '¿Y el presupuesto?' }]);
    expect(within(panel).getByLabelText('Pregunta para la persona solicitante')).toHaveValue('¿Y el presupuesto?');
  });

  it('shows each question with the applicant’s answers and a download of their file', async () => {
    open(
      detailWith({
        status: 'in_review',
        informationRequests: [
          {
            id: '7',
            question: '¿Y el presupuesto?',
            askedAt: '2026-11-22T09:30:00Z',
            askedBy: 'rita@ejemplo.org',
            correction: null,
            responses: [{ id: '3', text: '1.500 USD al mes.', fileName: 'presupuesto.pdf', at: '2026-11-23T08:00:00Z', fileLink: '/api/team/applications/PG-000123/information-requests/7/responses/3/file' }],
          },
        ],
      }),
    );
    const thread = await screen.findByRole('region', { name: 'Preguntas a la persona solicitante' });
    expect(thread).toHaveTextContent('¿Y el presupuesto?');
    expect(thread).toHaveTextContent('1.500 USD al mes.');
    expect(within(thread).getByRole('link', { name: 'Descargar presupuesto.pdf' })).toHaveAttribute('href', '/api/team/applications/PG-000123/information-requests/7/responses/3/file');
  });

  it('sends the message to the applicant with the decision email’s preview and with the send', async () => {
    const previews = answer('post', '/api/team/applications/PG-000123/decision-email/preview', json({ to: 'ana@ejemplo.org', subject: 'Aprobada (PG-000123)', text: 'Hola Ana:\n\nMensaje del equipo:\n\nBien hecho.' }));
    const sends = answer('post', '/api/team/applications/PG-000123/decision-email/send', json({ queuedAt: '2026-11-25T12:10:00Z' }));
    const approved = detailWith({ status: 'approved', statusChangedAt: '2026-11-25T12:00:00Z' });
    const { user } = open(approved, { ...approved, decisionEmails: [{ status: 'approved', queuedAt: '2026-11-25T12:10:00Z', sentAt: null, by: 'rita@ejemplo.org' }] } as ApplicationDetail);
    await user.type(await screen.findByLabelText('Mensaje para la persona solicitante (opcional)'), '  Bien hecho.  ');
    await user.click(screen.getByRole('button', { name: 'Ver el correo de decisión' }));
    const preview = await screen.findByRole('region', { name: 'Vista previa del correo de decisión' });
    await user.click(within(preview).getByRole('button', { name: 'Enviar el correo' }));
    expect(await screen.findByText('Pusimos el correo para ana@ejemplo.org en la cola de envío.')).toBeVisible();
    expect(previews.map((request) => request.body)).toEqual([{ applicantMessage: 'Bien hecho.' }]);
    expect(sends.map((request) => request.body)).toEqual([{ subject: 'Aprobada (PG-000123)', text: 'Hola Ana:\n\nMensaje del equipo:\n\nBien hecho.', applicantMessage: 'Bien hecho.' }]);
  });

  it('shows the applicant’s rating and their reason for withdrawing', async () => {
    open(detailWith({ status: 'withdrawn', satisfaction: { rating: 4, comment: 'Claro.', at: '2026-11-26T10:00:00Z' }, withdrawal: { reason: 'Otra financiación.', at: '2026-11-24T10:00:00Z' } }));
    const said = await screen.findByRole('region', { name: 'Lo que dijo la persona solicitante' });
    expect(said).toHaveTextContent(/Experiencia con el proceso: 4 de 5/);
    expect(said).toHaveTextContent('Claro.');
    expect(said).toHaveTextContent(/Motivo: Otra financiación\./);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Pedir información' })).toBeNull());
  });
});

describe('erasure requests', () => {
  it('say how many days are left of the 15, or how long ago the deadline passed', () => {
    expect([15, 2, 1, 0, -1, -3].map(daysLeftText)).toEqual(['Quedan 15 días', 'Quedan 2 días', 'Queda 1 día', 'Vence hoy', 'Vencida hace 1 día', 'Vencida hace 3 días']);
  });
});
