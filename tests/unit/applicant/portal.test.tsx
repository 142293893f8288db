/**
 * The applicant portal's pages as the browser renders them, /api/applicant/* answered by msw: the
 * status stepper, the answer form (values kept when a send fails), the withdrawal's confirmation
 * step, the satisfaction question asked once, the link request and the expired link.
 */
import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApplicantApplicationDetail } from '@/api/contracts/applicant';
import * as contracts from '@/api/contracts/applicant';
import * as fields from '@/applicant/fields';
import { SPANISH_UPLOAD_COPY } from '@/applicant/copy';
import { LINK_SENT_MESSAGE } from '@/applicant/LinkRequest';
import { formatDateTime } from '@/applicant/format';
import ApplicantPortalPage from '@/pages/mi-solicitud';
import ApplicantSignInPage from '@/pages/mi-solicitud/entrar';
import ApplicantApplicationPage from '@/pages/mi-solicitud/solicitud';
import { apiServer } from '../../support/apiServer';
import { applicantDetail } from '../../support/applicantDetail';
import { answer, json, renderPage } from '../team/harness';

const REFERENCE = 'PG-000123';
const DETAIL_PATH = `/api/applicant/applications/${REFERENCE}`;

const detailWith = applicantDetail;

const asked = detailWith({
  status: 'information_requested',
  statusLabel: 'Información solicitada',
  steps: [
    { status: 'received', label: 'Recibida', at: '2026-11-20T15:04:00Z' },
    { status: 'in_review', label: 'En revisión', at: '2026-11-21T10:00:00Z' },
    { status: 'information_requested', label: 'Información solicitada', at: '2026-11-22T09:30:00Z' },
  ],
  informationRequests: [{ id: '7', question: '¿Puedes enviar el presupuesto por mes?', askedAt: '2026-11-22T09:30:00Z', correction: null, responses: [] }],
} as Partial<ApplicantApplicationDetail>);

const approved = detailWith({
  status: 'approved',
  statusLabel: 'Aprobada',
  steps: [
    { status: 'received', label: 'Recibida', at: '2026-11-20T15:04:00Z' },
    { status: 'in_review', label: 'En revisión', at: '2026-11-21T10:00:00Z' },
    { status: 'approved', label: 'Aprobada', at: '2026-11-25T12:00:00Z' },
  ],
  nextStep: null,
  decisionMessage: { text: 'Felicitaciones: el comité valoró el plan de pruebas.', at: '2026-11-25T12:05:00Z' },
  canWithdraw: false,
  canRate: true,
} as Partial<ApplicantApplicationDetail>);

/** The detail page signed in as ana@ejemplo.org; the detail answers with each body in turn (the last one repeats). */
function openDetail(...details: ApplicantApplicationDetail[]) {
  answer('get', '/api/applicant/session', json({ signedIn: true, email: 'ana@ejemplo.org' }));
  let served = 0;
  const loads = answer('get', DETAIL_PATH, () => HttpResponse.json(details[Math.min(served++, details.length - 1)]));
  return { ...renderPage(ApplicantApplicationPage, `/mi-solicitud/solicitud/?ref=${REFERENCE}`), loads };
}

const stepper = () => screen.findByRole('list', { name: 'Estado de la solicitud' });

describe('status stepper', () => {
  it('shows every status the application went through with its date, marks the current one, and the decision still to come', async () => {
    openDetail(asked);
    const steps = within(await stepper()).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual(['Recibida', 'En revisión', 'Información solicitada (estado actual)', 'Decisión']);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(within(steps[0]!).getByText(/2026/).closest('time')).toHaveAttribute('datetime', '2026-11-20T15:04:00Z');
    expect(steps[3]).toHaveTextContent('Pendiente');
    expect(screen.getByRole('heading', { level: 2, name: 'Estado: Información solicitada' })).toBeVisible();
  });

  it('ends at the decision once there is one, with the team’s message and no withdrawal', async () => {
    openDetail(approved);
    const steps = within(await stepper()).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[2]).toHaveTextContent('Aprobada (estado actual)');
    expect(screen.getByText('Felicitaciones: el comité valoró el plan de pruebas.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retirar mi solicitud' })).toBeNull();
  });
});

describe('volver a solicitar', () => {
  it('offers a rejected application, while the programme takes applications, a link to the form prefilled from it, and says the file is not copied', async () => {
    openDetail(detailWith({ status: 'rejected', statusLabel: 'Rechazada', canWithdraw: false, canReapply: true }));
    const link = await screen.findByRole('link', { name: 'Volver a solicitar' });
    // next/link drops the trailing slash under test; the export (trailingSlash) keeps it.
    expect(link.getAttribute('href')).toMatch(new RegExp(`^/applicants/project-grants/apply/?\\?desde=${REFERENCE}$`));
    const panel = screen.getByRole('region', { name: 'Volver a solicitar' });
    expect(panel).toHaveTextContent('Los archivos no se copian');
    expect(panel).toHaveTextContent('no se envía nada hasta que presiones el botón de envío');
  });

  it('is not offered when the server says the application cannot be sent again', async () => {
    openDetail(approved);
    await stepper();
    expect(screen.queryByRole('link', { name: 'Volver a solicitar' })).toBeNull();
  });
});

describe('answering a question', () => {
  it('keeps the text and the file when the server refuses the answer, and shows why', async () => {
    // Raw multipart bodies: undici cannot parse a part made from jsdom's File.
    const bodies: string[] = [];
    apiServer.use(
      http.post(`*${DETAIL_PATH}/requests/7/response`, async ({ request }) => {
        bodies.push(await request.text());
        return HttpResponse.json({ error: 'Ese tipo de archivo no se acepta: envía un PDF, una imagen o un documento.' }, { status: 415 });
      }),
    );
    const { user } = openDetail(asked);
    const text = await screen.findByLabelText(/Tu respuesta/);
    await user.type(text, 'Son 1.500 USD por mes durante seis meses.');
    await screen.findByText(/Elige un archivo o arrástralo aquí/, {}, { timeout: 5000 });
    await user.upload(screen.getByLabelText(/Archivo \(opcional\)/), new File(['MZ'], 'presupuesto.exe', { type: 'application/octet-stream' }));
    await user.click(screen.getByRole('button', { name: 'Enviar mi respuesta' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ese tipo de archivo no se acepta');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatch(/name="text"\r\n\r\nSon 1\.500 USD por mes durante seis meses\.\r\n/);
    // A file part (jsdom's File reaches undici without its name).
    expect(bodies[0]).toMatch(/name="file"; filename="[^"]+"/);
    expect(screen.getByLabelText(/Tu respuesta/)).toHaveValue('Son 1.500 USD por mes durante seis meses.');
    expect(screen.getByTestId('uploaded-file')).toHaveTextContent('presupuesto.exe');
    expect(screen.getByRole('button', { name: 'Enviar mi respuesta' })).toBeEnabled();
  });

  it('refuses an empty answer without sending it, and sends a good one, then shows it in place of the form', async () => {
    let sent = 0;
    apiServer.use(
      http.post(`*${DETAIL_PATH}/requests/7/response`, () => {
        sent += 1;
        return HttpResponse.json({ response: { text: 'Listo.', fileName: null, at: '2026-11-23T08:00:00Z' }, status: 'in_review', statusLabel: 'En revisión' }, { status: 201 });
      }),
    );
    const answered = detailWith({
      ...asked,
      status: 'in_review',
      statusLabel: 'En revisión',
      informationRequests: [{ ...asked.informationRequests[0]!, responses: [{ text: 'Listo.', fileName: null, at: '2026-11-23T08:00:00Z' }] }],
    } as Partial<ApplicantApplicationDetail>);
    const { user, loads } = openDetail(asked, answered);
    await user.click(await screen.findByRole('button', { name: 'Enviar mi respuesta' }));
    expect(await screen.findByText('Escribe tu respuesta.')).toBeVisible();
    expect(screen.getByLabelText(/Tu respuesta/)).toHaveFocus();
    expect(sent).toBe(0);

    await user.type(screen.getByLabelText(/Tu respuesta/), 'Listo.');
    await user.click(screen.getByRole('button', { name: 'Enviar mi respuesta' }));
    const done = await screen.findByText(/Recibimos tu respuesta/);
    await waitFor(() => expect(done.closest('[role="status"]')).toHaveFocus());
    expect(sent).toBe(1);
    expect(loads).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Enviar mi respuesta' })).toBeNull();
    expect(screen.getByText('Listo.')).toBeVisible();
  });
});

describe('text the server cannot store, and more than one file', () => {
  it('a pasted vertical tab or bidi override is refused in Spanish before anything is sent; of two files dropped at once the first is taken, with no English word', async () => {
    let sent = 0;
    apiServer.use(
      http.post(`*${DETAIL_PATH}/requests/7/response`, () => {
        sent += 1;
        return HttpResponse.json({ error: 'no' }, { status: 400 });
      }),
    );
    const { user } = openDetail(asked);
    const text = await screen.findByLabelText(/Tu respuesta/);
    for (const pasted of ['Presupuesto\u000bpegado de Word', 'factura\u202Efdp.exe']) {
      await user.clear(text);
      await user.click(text);
      await user.paste(pasted);
      await user.click(screen.getByRole('button', { name: 'Enviar mi respuesta' }));
      expect(await screen.findByText('Tu texto tiene un carácter que no podemos guardar (suele venir de copiar y pegar). Pégalo como texto sin formato e inténtalo de nuevo.')).toBeVisible();
    }
    expect(sent).toBe(0);
    expect(screen.queryByText(/Contains characters/)).toBeNull();

    await screen.findByText(/Elige un archivo o arrástralo aquí/, {}, { timeout: 5000 });
    const files = [new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' }), new File(['%PDF-1.7'], 'b.pdf', { type: 'application/pdf' })];
    // Two files reach the drop area's input at once (jsdom has no DataTransfer for a real drop): the
    // drop component takes the first and refuses the other; nothing English is shown.
    fireEvent.change(screen.getByLabelText(/Archivo \(opcional\)/), { target: { files } });
    expect(await screen.findByTestId('uploaded-file')).toHaveTextContent('a.pdf');
    expect(screen.queryByText('Too many files')).toBeNull();
    expect(SPANISH_UPLOAD_COPY.tooMany).toBe('Elige un solo archivo.');
  });

  it('a refusal for too many attempts (429) speaks of attempts, not of applications', async () => {
    answer('get', '/api/applicant/session', json({ signedIn: true, email: 'ana@ejemplo.org' }));
    // No message of its own (a proxy's or the limiter's bare 429): the page's words.
    answer('get', DETAIL_PATH, () => new HttpResponse(null, { status: 429 }));
    renderPage(ApplicantApplicationPage, `/mi-solicitud/solicitud/?ref=${REFERENCE}`);
    expect(await screen.findByText('Hiciste demasiados intentos seguidos. Espera unos minutos e inténtalo de nuevo.')).toBeVisible();
  });
});

describe('withdrawal', () => {
  it('asks for confirmation first; backing out sends nothing and returns the focus; confirming sends the reason', async () => {
    const withdrawn = detailWith({
      status: 'withdrawn',
      statusLabel: 'Retirada',
      steps: [...detailWith().steps, { status: 'withdrawn', label: 'Retirada', at: '2026-11-21T08:00:00Z' }],
      canWithdraw: false,
    } as Partial<ApplicantApplicationDetail>);
    const posts = answer('post', `${DETAIL_PATH}/withdraw`, json({ status: 'withdrawn', statusLabel: 'Retirada' }));
    const { user } = openDetail(detailWith(), withdrawn);

    await user.click(await screen.findByRole('button', { name: 'Retirar mi solicitud' }));
    const question = screen.getByRole('heading', { name: `¿Seguro que quieres retirar la solicitud ${REFERENCE}?` });
    await waitFor(() => expect(question).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'No, conservarla' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retirar mi solicitud' })).toHaveFocus());
    expect(posts).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Retirar mi solicitud' }));
    await user.type(screen.getByLabelText(/Motivo/), 'Conseguimos otra financiación.');
    await user.click(screen.getByRole('button', { name: 'Sí, retirar la solicitud' }));
    expect(await screen.findByText('Retiraste tu solicitud. El equipo ya no la revisará.')).toBeVisible();
    expect(posts.map((post) => post.body)).toEqual([{ reason: 'Conseguimos otra financiación.' }]);
    expect(screen.getByRole('heading', { level: 2, name: 'Estado: Retirada' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retirar mi solicitud' })).toBeNull();
  });

  it('shows the server’s reason when the application was decided meanwhile', async () => {
    answer('post', `${DETAIL_PATH}/withdraw`, json({ error: 'Ya hay una decisión sobre esta solicitud: no se puede retirar.' }, 409));
    const { user } = openDetail(detailWith());
    await user.click(await screen.findByRole('button', { name: 'Retirar mi solicitud' }));
    await user.click(screen.getByRole('button', { name: 'Sí, retirar la solicitud' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya hay una decisión sobre esta solicitud: no se puede retirar.');
  });
});

describe('satisfaction', () => {
  const question = '¿Cómo fue tu experiencia con el proceso?';

  it('is asked after a decision, sent once, then replaced by the answer', async () => {
    const posts = answer('post', `${DETAIL_PATH}/satisfaction`, json({ rating: 4, comment: 'Rápido y claro.', at: '2026-11-26T10:00:00Z' }, 201));
    const { user } = openDetail(approved);
    const group = await screen.findByRole('radiogroup', { name: /Cómo fue tu experiencia con el proceso/ });
    await user.click(screen.getByRole('button', { name: 'Enviar mi opinión' }));
    expect(await screen.findByText('Elige un número del 1 al 5.')).toBeVisible();
    expect(posts).toHaveLength(0);

    await user.click(within(group).getByLabelText('4 · Buena'));
    await user.type(screen.getByLabelText(/Comentario/), 'Rápido y claro.');
    await user.click(screen.getByRole('button', { name: 'Enviar mi opinión' }));
    expect(await screen.findByText(/Gracias por contarnos cómo te fue/)).toBeVisible();
    expect(posts.map((post) => post.body)).toEqual([{ rating: 4, comment: 'Rápido y claro.' }]);
    expect(screen.getByText(/Tu valoración:/)).toHaveTextContent('Tu valoración: 4 de 5.');
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('is not asked again once answered', async () => {
    openDetail(detailWith({ ...approved, canRate: false, satisfaction: { rating: 5, comment: null, at: '2026-11-26T10:00:00Z' } } as Partial<ApplicantApplicationDetail>));
    expect(await screen.findByText(/Tu valoración:/)).toHaveTextContent('Tu valoración: 5 de 5.');
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('is not asked before a decision', async () => {
    openDetail(asked);
    await stepper();
    expect(screen.queryByText(question)).toBeNull();
  });
});

describe('signing in', () => {
  it('asks a signed-out visitor for the address and says the same thing whatever it is', async () => {
    answer('get', '/api/applicant/session', json({ signedIn: false }));
    const links = answer('post', '/api/applicant/link', json({ message: 'Si hay solicitudes, enviamos un enlace.' }, 202));
    const { user } = renderPage(ApplicantPortalPage, '/mi-solicitud/');
    await user.type(await screen.findByLabelText(/Tu correo electrónico/), 'nadie@ejemplo.org');
    await user.click(screen.getByRole('button', { name: 'Enviarme el enlace' }));
    expect(await screen.findByRole('status')).toHaveTextContent(LINK_SENT_MESSAGE);
    expect(links.map((link) => link.body)).toEqual([{ email: 'nadie@ejemplo.org' }]);
  });

  it('asks nothing a signed-out visitor would be refused (no 401 for the console): the detail page offers a new link', async () => {
    // Installed first, so the session's own answer (installed after it) takes precedence.
    const refused = answer('get', '/api/applicant/*', json({ error: 'Inicia sesión.' }, 401));
    answer('get', '/api/applicant/session', json({ signedIn: false }));
    renderPage(ApplicantApplicationPage, `/mi-solicitud/solicitud/?ref=${REFERENCE}`);
    expect(await screen.findByText('Para ver tu solicitud, entra con un enlace nuevo.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Enviarme el enlace' })).toBeVisible();
    expect(screen.queryByText('Cargando la solicitud…')).not.toBeInTheDocument();
    expect(refused.map((request) => request.url.pathname)).toEqual([]);
  });

  it('lists the signed-in applicant’s applications with reference, programme, title, date and status', async () => {
    answer('get', '/api/applicant/session', json({ signedIn: true, email: 'ana@ejemplo.org' }));
    answer('get', '/api/applicant/applications', json({ items: [{ reference: REFERENCE, form: 'project-grants', programme: 'Project Grants', title: 'Monedero comunitario', submittedAt: '2026-11-20T15:04:00Z', status: 'in_review', statusLabel: 'En revisión' }] }));
    renderPage(ApplicantPortalPage, '/mi-solicitud/');
    const card = (await screen.findByRole('link', { name: 'Monedero comunitario' })).closest('li')!;
    expect(within(card).getByRole('link')).toHaveAttribute('href', `/mi-solicitud/solicitud/?ref=${REFERENCE}`);
    expect(card).toHaveTextContent(/Referencia\s*PG-000123\s*Programa\s*Project Grants\s*Enviada\s*20 de noviembre de 2026\s*Estado\s*En revisión/);
    expect(screen.getByText('ana@ejemplo.org')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  });

  it('tells someone with no applications under this address how to try another one', async () => {
    answer('get', '/api/applicant/session', json({ signedIn: true, email: 'ana@ejemplo.org' }));
    answer('get', '/api/applicant/applications', json({ items: [] }));
    renderPage(ApplicantPortalPage, '/mi-solicitud/');
    expect(await screen.findByText('No encontramos solicitudes enviadas con este correo. Si usaste otra dirección, cierra sesión y pide un enlace con esa.')).toBeVisible();
  });

  it('sends a page opened without a reference back to the list, in plain words', async () => {
    answer('get', '/api/applicant/session', json({ signedIn: true, email: 'ana@ejemplo.org' }));
    renderPage(ApplicantApplicationPage, '/mi-solicitud/solicitud/');
    const notice = await screen.findByText(/El enlace está incompleto\./);
    expect(notice).toHaveTextContent('El enlace está incompleto. Vuelve a tus solicitudes y elige una.');
    expect(within(notice).getByRole('link', { name: 'Vuelve a tus solicitudes' })).toHaveAttribute('href', '/mi-solicitud/');
  });

  it('offers a new link at once, asking the server nothing, when the link arrives without its token', async () => {
    const sessions = answer('post', '/api/applicant/session', json({ error: 'x' }, 400));
    renderPage(ApplicantSignInPage, '/mi-solicitud/entrar/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Este enlace ya no sirve' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enviarme el enlace' })).toBeVisible();
    expect(sessions).toEqual([]);
  });

  it('offers a new link when the emailed one was used or expired, and takes the token off the address', async () => {
    const sessions = answer('post', '/api/applicant/session', json({ error: 'Este enlace ya se usó o venció.' }, 410));
    renderPage(ApplicantSignInPage, '/mi-solicitud/entrar/#AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Este enlace ya no sirve' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enviarme el enlace' })).toBeVisible();
    // No promise of seconds: links go through the outbox, and after three in 15 minutes none is sent.
    expect(screen.getByText(/Cada enlace sirve una sola vez/)).toHaveTextContent(
      'Cada enlace sirve una sola vez y vence a los 30 minutos. Pide uno nuevo; suele llegar en pocos minutos. Si ya pediste varios, espera 15 minutos.',
    );
    expect(sessions.map((session) => session.body)).toEqual([{ token: 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE' }]);
    expect(window.location.hash).toBe('');
  });
});

describe('the portal’s fields', () => {
  it('hold the server’s caps', () => {
    expect(fields.RESPONSE_MAX_LENGTH).toBe(contracts.RESPONSE_TEXT_MAX);
    expect(fields.REASON_MAX_LENGTH).toBe(contracts.WITHDRAWAL_REASON_MAX);
    expect(fields.COMMENT_MAX_LENGTH).toBe(contracts.SATISFACTION_COMMENT_MAX);
    expect(fields.responseFileField.maxBytes).toBe(contracts.RESPONSE_FILE_MAX_BYTES);
  });

  it('name the field over its cap and group thousands as the counter does (32.768)', () => {
    expect(fields.responseTextField.messages?.maxLength).toBe('Tu respuesta puede tener hasta 32.768 caracteres.');
    expect(fields.reportBodyField.messages?.maxLength).toBe('Tu informe puede tener hasta 5.000 caracteres.');
    expect(fields.withdrawReasonField.messages?.maxLength).toBe('El motivo puede tener hasta 2.000 caracteres.');
  });
});

describe('moments on the portal', () => {
  it('read in the house style, with a 24-hour clock like the emails', () => {
    expect(formatDateTime('2026-11-20T15:04:00Z')).toMatch(/^\d{1,2} de [a-z]+ de 2026 a las \d{2}:04$/);
    expect(formatDateTime('2026-11-20T15:04:00Z')).not.toMatch(/[ap]\.\s?m\./);
  });
});

describe('your data', () => {
  it('says what the download holds and, before the erasure is asked, what goes and what the law keeps', async () => {
    const requests = answer('post', '/api/applicant/erasure-request', json({ message: 'Recibimos tu pedido.', requestedAt: '2026-11-22T10:00:00Z' }, 202));
    const { user } = openDetail(detailWith());
    const panel = await screen.findByRole('region', { name: 'Tus datos' });
    expect(panel).toHaveTextContent(
      'Descarga una copia de tus solicitudes, respuestas y mensajes y, si tienes una beca, de sus hitos, informes y pagos (un archivo que puedes abrir con cualquier editor de texto).',
    );
    await user.click(within(panel).getByRole('button', { name: 'Pedir el borrado de mis datos' }));
    const question = within(panel).getByRole('heading', { name: '¿Quieres que borremos tus datos?' });
    await waitFor(() => expect(question).toHaveFocus());
    expect(panel).toHaveTextContent('y, si tienes una beca, también sus hitos e informes.');
    expect(panel).toHaveTextContent('Si tienes una beca, conservamos el registro de los pagos, sin tus datos personales, porque la ley lo exige.');
    expect(requests).toHaveLength(0);
    await user.click(within(panel).getByRole('button', { name: 'Sí, pedir el borrado' }));
    expect(await within(panel).findByText('Recibimos tu pedido.')).toBeVisible();
    expect(requests).toHaveLength(1);
  });
});
