/**
 * The applicant's correction on their detail page, /api/applicant/* answered by msw: the answers a
 * request opened, filled with what was sent, under the public form's labels and rules; the correction
 * sent with the answer; a refusal that keeps every value and puts the server's message by its field;
 * the version the correction created.
 */
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApplicantApplicationDetail } from '@/api/contracts/applicant';
import { projectGrants } from '@/forms/definitions';
import { correctableFields } from '@/forms/definitions/corrections';
import ApplicantApplicationPage from '@/pages/mi-solicitud/solicitud';
import { apiServer } from '../../support/apiServer';
import { applicantDetail } from '../../support/applicantDetail';
import { answer, json, renderPage } from '../team/harness';
import { projectGrantsSample } from '../forms/components/samples';

const REFERENCE = 'PG-000123';
const DETAIL_PATH = `/api/applicant/applications/${REFERENCE}`;
const QUESTION = 'El monto no coincide con el presupuesto y el repositorio no abre: ¿puedes corregirlos?';
const label = (name: string) => projectGrants.fields.find((field) => field.name === name)!.label;

/** Every value of the current version, as the public form holds them (only some matter here). */
const values = { firstName: 'Ana', projectName: 'Monedero comunitario', projectRepo: 'https://github.com/ana/monedero-viejo', requestedAmount: 'USD 5,000', applyingAs: '' };

function detailWith(changes: Partial<ApplicantApplicationDetail> = {}): ApplicantApplicationDetail {
  return applicantDetail({
    reference: REFERENCE,
    status: 'information_requested',
    statusLabel: 'Información solicitada',
    steps: [
      { status: 'received', label: 'Recibida', at: '2026-11-20T15:04:00Z' },
      { status: 'information_requested', label: 'Información solicitada', at: '2026-11-22T09:30:00Z' },
    ],
    nextStep: null,
    answers: [
      {
        title: 'Your project',
        answers: [
          { name: 'projectName', label: label('projectName'), value: 'Monedero comunitario' },
          { name: 'projectRepo', label: label('projectRepo'), value: values.projectRepo },
        ],
      },
      { title: 'Funding', answers: [{ name: 'requestedAmount', label: label('requestedAmount'), value: values.requestedAmount }] },
    ],
    correctionValues: values,
    informationRequests: [{ id: '7', question: QUESTION, askedAt: '2026-11-22T09:30:00Z', correction: { fields: ['projectRepo', 'requestedAmount'], wholeApplication: false }, responses: [] }],
    ...changes,
  });
}

function openDetail(...details: ApplicantApplicationDetail[]) {
  answer('get', '/api/applicant/session', json({ signedIn: true, email: 'ana@ejemplo.org' }));
  let served = 0;
  answer('get', DETAIL_PATH, () => HttpResponse.json(details[Math.min(served++, details.length - 1)]));
  return renderPage(ApplicantApplicationPage, `/mi-solicitud/solicitud/?ref=${REFERENCE}`);
}

/** The multipart bodies the response route received, as text (undici cannot parse jsdom's parts). */
function responses(reply: () => Response) {
  const bodies: string[] = [];
  apiServer.use(
    http.post(`*${DETAIL_PATH}/requests/7/response`, async ({ request }) => {
      bodies.push(await request.text());
      return reply();
    }),
  );
  return bodies;
}

const partOf = (body: string, name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^]*?)\\r\\n--`).exec(body)?.[1];

describe('a correction the team asked for', () => {
  it('shows only the opened answers, filled with what was sent, under the public form’s labels, and names them by the question', async () => {
    openDetail(detailWith());
    const form = await screen.findByRole('form', { name: 'Corregir la solicitud y responder' });
    expect(within(form).getByRole('textbox', { name: /^Project repository/ })).toHaveValue('https://github.com/ana/monedero-viejo');
    expect(within(form).getByRole('textbox', { name: /^Requested amount/ })).toHaveValue('USD 5,000');
    // Its help text, as on the public form.
    expect(within(form).getByText('The amount and its currency.')).toBeVisible();
    // Nothing else of the application can be changed here.
    expect(within(form).queryByRole('textbox', { name: /^Project name/ })).toBeNull();
    expect(within(form).getByRole('textbox', { name: /Tu respuesta/ })).toHaveValue('');
    const questions = screen.getByRole('region', { name: 'Preguntas del equipo' });
    expect(questions).toHaveTextContent('Respuestas abiertas para corregir: Project repository · Requested amount');
    expect(screen.queryByRole('button', { name: 'Enviar mi respuesta' })).toBeNull();
  });

  it('checks the opened answers with the form’s own rules and messages before sending', async () => {
    const bodies = responses(() => HttpResponse.json({}, { status: 500 }));
    const { user } = openDetail(detailWith());
    const amount = await screen.findByRole('textbox', { name: /^Requested amount/ });
    await user.clear(amount);
    await user.type(screen.getByRole('textbox', { name: /Tu respuesta/ }), 'Corregí el monto.');
    await user.click(screen.getByRole('button', { name: 'Enviar la corrección y mi respuesta' }));
    expect(await screen.findByText('Requested amount is required.')).toBeVisible();
    expect(amount).toHaveFocus();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.type(amount, 'USD 5,000 per month for six months');
    await user.tab();
    expect(await screen.findByText('Requested amount cannot exceed 20 characters.')).toBeVisible();
    expect(bodies).toHaveLength(0);
  });

  it('keeps every value when the server refuses the correction, and shows its message by the field', async () => {
    const bodies = responses(() => HttpResponse.json({ error: 'Project repository: Enter a full address.', fields: { projectRepo: 'Enter a full address.' } }, { status: 400 }));
    const { user } = openDetail(detailWith());
    const repository = await screen.findByRole('textbox', { name: /^Project repository/ });
    await user.clear(repository);
    await user.type(repository, 'github.com/ana/monedero');
    await user.type(screen.getByRole('textbox', { name: /Tu respuesta/ }), 'Ahí va el repositorio bueno.');
    await user.click(screen.getByRole('button', { name: 'Enviar la corrección y mi respuesta' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Project repository: Enter a full address.');
    const fieldError = await screen.findByText('Enter a full address.');
    expect(repository).toHaveAccessibleDescription(expect.stringContaining('Enter a full address.'));
    expect(fieldError).toBeVisible();
    expect(bodies).toHaveLength(1);
    expect(JSON.parse(partOf(bodies[0]!, 'corrections')!)).toEqual({ projectRepo: 'github.com/ana/monedero', requestedAmount: 'USD 5,000' });
    expect(partOf(bodies[0]!, 'text')).toBe('Ahí va el repositorio bueno.');
    expect(repository).toHaveValue('github.com/ana/monedero');
    expect(screen.getByRole('textbox', { name: /^Requested amount/ })).toHaveValue('USD 5,000');
    expect(screen.getByRole('textbox', { name: /Tu respuesta/ })).toHaveValue('Ahí va el repositorio bueno.');
  });

  it('sends the correction with the answer and says which version it created', async () => {
    const bodies = responses(() =>
      HttpResponse.json({ response: { text: 'Listo.', fileName: null, at: '2026-11-23T08:00:00Z' }, status: 'in_review', statusLabel: 'En revisión', version: 2, revised: true }, { status: 201 }),
    );
    const corrected = detailWith({
      status: 'in_review',
      statusLabel: 'En revisión',
      version: 2,
      correctionValues: null,
      informationRequests: [{ ...detailWith().informationRequests[0]!, responses: [{ text: 'Listo.', fileName: null, at: '2026-11-23T08:00:00Z' }] }],
    });
    const { user } = openDetail(detailWith(), corrected);
    const amount = await screen.findByRole('textbox', { name: /^Requested amount/ });
    await user.clear(amount);
    await user.type(amount, 'USD 30,000');
    await user.type(screen.getByRole('textbox', { name: /Tu respuesta/ }), 'Listo.');
    await user.click(screen.getByRole('button', { name: 'Enviar la corrección y mi respuesta' }));

    const done = await screen.findByText(/enviaste la versión 2 de tu solicitud/);
    await waitFor(() => expect(done.closest('[role="status"]')).toHaveFocus());
    expect(JSON.parse(partOf(bodies[0]!, 'corrections')!)).toEqual({ projectRepo: values.projectRepo, requestedAmount: 'USD 30,000' });
    expect(screen.queryByRole('form', { name: 'Corregir la solicitud y responder' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Lo que enviaste' })).toHaveTextContent('Una copia de tu solicitud en su versión 2, con tus correcciones.');
  });

  it('opens every answer but the email and the file for "toda la solicitud", each kind with its own field (text, long text, choices)', async () => {
    const whole = { fields: correctableFields(projectGrants).map((field) => field.name), wholeApplication: true };
    openDetail(detailWith({ correctionValues: projectGrantsSample, informationRequests: [{ id: '7', question: QUESTION, askedAt: '2026-11-22T09:30:00Z', correction: whole, responses: [] }] }));
    const form = await screen.findByRole('form', { name: 'Corregir la solicitud y responder' });
    expect(screen.getByRole('region', { name: 'Preguntas del equipo' })).toHaveTextContent('Respuestas abiertas para corregir: toda la solicitud');
    expect(within(form).getByRole('textbox', { name: /^Project name/ })).toHaveValue(projectGrantsSample.projectName);
    expect(within(form).getByRole('textbox', { name: /^Project description/ })).toHaveValue(projectGrantsSample.projectDescription);
    expect(within(form).getByRole('combobox', { name: /^Country/ })).toBeInTheDocument();
    expect(within(form).queryByRole('textbox', { name: /^Email/ })).toBeNull();
    expect(form.querySelector('#field-uploadProposal')).toBeNull();
    // The sections of the public form, in its order.
    expect(within(form).getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual(projectGrants.sections.filter((section) => section.id !== 'submission').map((section) => section.title));
  });

  it('offers the plain answer form for a question that opened nothing', async () => {
    openDetail(detailWith({ correctionValues: null, informationRequests: [{ id: '7', question: QUESTION, askedAt: '2026-11-22T09:30:00Z', correction: null, responses: [] }] }));
    expect(await screen.findByRole('button', { name: 'Enviar mi respuesta' })).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Corregir la solicitud y responder' })).toBeNull();
  });
});
