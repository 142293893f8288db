import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APPLICATION_STATUSES, type ApplicationStatus } from '@/lib/applicationStatus';
import ApplicationPage from '@/pages/equipo/solicitud';
import type { ApplicationDetail, TeamMember } from '@/team/api';
import { admin, answer, applicationDetail, finance, json, renderPage, reviewer, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

const IBAN = 'DE89370400440532013000';

/** The harness's application in review, with the review's first steps and one note. */
const detailWith = (changes: Partial<ApplicationDetail> = {}): ApplicationDetail =>
  applicationDetail({
    history: [
      { from: null, to: 'received', by: null, at: '2026-11-20T15:04:00Z' },
      { from: 'received', to: 'in_review', by: 'rita@ejemplo.org', at: '2026-11-21T10:00:00Z' },
    ],
    notes: [{ id: 'n-1', body: 'Pedir el presupuesto detallado.', by: 'rita@ejemplo.org', at: '2026-11-21T10:05:00Z' }],
    ...changes,
  });

const withPayments = (): ApplicationDetail =>
  detailWith({
    status: 'approved',
    paymentDetails: [
      { version: 2, reference: 'GF-000007', receivedAt: '2026-11-23T09:00:00Z', sections: [{ title: 'Bank', answers: [{ name: 'iban', label: 'IBAN', value: IBAN }] }] },
      { version: 1, reference: 'GF-000005', receivedAt: '2026-11-22T09:00:00Z', sections: [{ title: 'Bank', answers: [{ name: 'iban', label: 'IBAN', value: 'ES9121000418450200051332' }] }] },
    ],
  });

function open(member: TeamMember, detail: ApplicationDetail) {
  signedInAs(member);
  const loads = answer('get', '/api/team/applications/PG-000123', json(detail));
  const page = renderPage(ApplicationPage, '/equipo/solicitud/?id=PG-000123');
  return { ...page, loads };
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Solicitud PG-000123' });

/** An approved application of a paying programme loads its grant too: none yet in these tests. */
const noGrantYet = () => answer('get', '/api/team/applications/PG-000123/grant', json({ error: 'No encontramos esa beca.' }, 404));

describe('application detail: review workflow', () => {
  beforeEach(() => {
    answer('get', '/api/team/assignees', json({ members: [{ id: 'm-1', email: 'ana@ejemplo.org', role: 'admin' }, { id: 'm-2', email: 'rita@ejemplo.org', role: 'reviewer' }] }));
    noGrantYet();
  });

  const buttonsFor: Record<ApplicationStatus, string[]> = {
    received: ['Pasar a En revisión', 'Marcar como Retirada'],
    // Approving and rejecting take a reason: they are the decision panel's, never a status button.
    in_review: ['Marcar como Retirada'],
    information_requested: ['Pasar a En revisión', 'Marcar como Retirada'],
    approved: ['Marcar como Retirada'],
    rejected: ['Pasar a En revisión'],
    withdrawn: [],
  };

  it.each(APPLICATION_STATUSES.map((status) => [status, buttonsFor[status]] as const))('offers, from %s, a button for each allowed next status: %j', async (status, buttons) => {
    open(reviewer, detailWith({ status }));
    await heading();
    const group = screen.queryByRole('group', { name: 'Cambiar el estado' });
    expect(group ? within(group).getAllByRole('button').map((button) => button.textContent) : []).toEqual(buttons);
  });

  it('moves the application to the chosen status and shows the new status and history', async () => {
    signedInAs(reviewer);
    let current = detailWith({ status: 'received', history: [{ from: null, to: 'received', by: null, at: '2026-11-20T15:04:00Z' }] });
    answer('get', '/api/team/applications/PG-000123', () => Response.json(current));
    const changes = answer('post', '/api/team/applications/status', () => {
      current = detailWith();
      return Response.json({ changed: ['PG-000123'], unchanged: [] });
    });
    const { user } = renderPage(ApplicationPage, '/equipo/solicitud/?id=PG-000123');
    await user.click(await screen.findByRole('button', { name: 'Pasar a En revisión' }));
    expect(changes[0]?.body).toEqual({ references: ['PG-000123'], status: 'in_review' });
    expect(await screen.findByText('La solicitud pasó a En revisión.')).toBeInTheDocument();
    const status = screen.getByRole('region', { name: 'Estado' });
    await waitFor(() => expect(status).toHaveTextContent(/^EstadoEn revisión/));
    expect(within(screen.getByRole('region', { name: 'Historial' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the reason when the server leaves the status unchanged', async () => {
    const { user } = open(reviewer, detailWith({ status: 'received' }));
    answer('post', '/api/team/applications/status', json({ changed: [], unchanged: [{ reference: 'PG-000123', reason: 'No se puede pasar de Aprobada a En revisión.' }] }));
    await user.click(await screen.findByRole('button', { name: 'Pasar a En revisión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se puede pasar de Aprobada a En revisión.');
  });

  it('lists the history oldest first: the receipt, then who moved it, when, from → to', async () => {
    open(reviewer, detailWith());
    const items = within(await screen.findByRole('region', { name: 'Historial' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Recibida por el formulario público20 nov 2026/);
    expect(items[1]).toHaveTextContent(/^De Recibida → a En revisión21 nov 2026.* · rita@ejemplo\.org$/);
  });

  it('the finance role reads status and assignee but changes nothing and writes no notes', async () => {
    open(finance, detailWith({ assignee: { id: 'm-2', email: 'rita@ejemplo.org' } }));
    const status = await screen.findByRole('region', { name: 'Estado' });
    expect(status).toHaveTextContent('Revisan: rita@ejemplo.org');
    expect(within(status).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Nueva nota interna')).not.toBeInTheDocument();
    expect(screen.getByText('Pedir el presupuesto detallado.')).toBeInTheDocument();
  });
});

describe('application detail: internal notes', () => {
  beforeEach(() => {
    answer('get', '/api/team/assignees', json({ members: [] }));
    noGrantYet();
  });

  it('lists the notes, marked as visible to the team only, and adds one', async () => {
    const { user } = open(reviewer, detailWith());
    const notes = await screen.findByRole('region', { name: 'Notas internas' });
    expect(notes).toHaveTextContent('Solo las ve el equipo: la persona solicitante nunca las ve.');
    expect(within(notes).getByRole('listitem')).toHaveTextContent(/rita@ejemplo\.org · 21 nov 2026.*Pedir el presupuesto detallado\./);
    const posted = answer('post', '/api/team/applications/PG-000123/notes', json({ id: 'n-2', body: 'Llamar el lunes.', by: 'rita@ejemplo.org', at: '2026-11-22T10:00:00Z' }, 201));
    await user.type(within(notes).getByLabelText('Nueva nota interna'), 'Llamar el lunes.');
    await user.click(within(notes).getByRole('button', { name: 'Agregar nota' }));
    await waitFor(() => expect(within(notes).getAllByRole('listitem')).toHaveLength(2));
    expect(posted[0]?.body).toEqual({ body: 'Llamar el lunes.' });
    expect(within(notes).getAllByRole('listitem')[1]).toHaveTextContent('Llamar el lunes.');
    expect(within(notes).getByLabelText('Nueva nota interna')).toHaveValue('');
  });

  it('refuses an empty note without asking the server', async () => {
    const { user } = open(reviewer, detailWith());
    const posted = answer('post', '/api/team/applications/PG-000123/notes', json({}, 201));
    await user.click(await screen.findByRole('button', { name: 'Agregar nota' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escribe la nota antes de agregarla.');
    expect(screen.getByLabelText('Nueva nota interna')).toHaveAccessibleDescription('Escribe la nota antes de agregarla.');
    expect(posted).toHaveLength(0);
  });

  it('keeps the typed text when the server refuses the note or fails', async () => {
    const { user } = open(reviewer, detailWith());
    answer('post', '/api/team/applications/PG-000123/notes', json({ error: 'La nota tiene caracteres que no aceptamos.' }, 400));
    const box = await screen.findByLabelText('Nueva nota interna');
    await user.type(box, 'Texto largo que no quiero perder');
    await user.click(screen.getByRole('button', { name: 'Agregar nota' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La nota tiene caracteres que no aceptamos.');
    expect(box).toHaveValue('Texto largo que no quiero perder');

    answer('post', '/api/team/applications/PG-000123/notes', () => Response.error());
    await user.click(screen.getByRole('button', { name: 'Agregar nota' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No pudimos guardar la nota. Tu texto sigue aquí'));
    expect(box).toHaveValue('Texto largo que no quiero perder');
  });
});

describe('application detail: decision email', () => {
  beforeEach(() => {
    answer('get', '/api/team/assignees', json({ members: [] }));
    noGrantYet();
  });

  const preview = { to: 'ana@ejemplo.org', subject: 'Tu solicitud PG-000123 fue aprobada', text: 'Hola Ana:\n\nTu solicitud fue aprobada.' };

  it('offers no decision email before the application is approved or rejected', async () => {
    open(reviewer, detailWith({ status: 'in_review' }));
    await heading();
    expect(screen.queryByRole('button', { name: 'Ver el correo de decisión' })).not.toBeInTheDocument();
  });

  it('shows the preview (to, subject, text) before any send button, then sends exactly what was previewed', async () => {
    const { user } = open(reviewer, detailWith({ status: 'approved' }));
    const previews = answer('post', '/api/team/applications/PG-000123/decision-email/preview', json(preview));
    const sends = answer('post', '/api/team/applications/PG-000123/decision-email/send', json({ queuedAt: '2026-11-23T10:00:00Z' }, 202));
    const showPreview = await screen.findByRole('button', { name: 'Ver el correo de decisión' });
    expect(screen.queryByRole('button', { name: 'Enviar el correo' })).not.toBeInTheDocument();
    await user.click(showPreview);
    const shown = await screen.findByRole('region', { name: 'Vista previa del correo de decisión' });
    expect(previews).toHaveLength(1);
    expect(shown).toHaveTextContent('Paraana@ejemplo.org');
    expect(shown).toHaveTextContent('AsuntoTu solicitud PG-000123 fue aprobada');
    expect(shown).toHaveTextContent('Hola Ana: Tu solicitud fue aprobada.');
    expect(sends).toHaveLength(0);
    await user.click(within(shown).getByRole('button', { name: 'Enviar el correo' }));
    expect(await screen.findByText('Pusimos el correo para ana@ejemplo.org en la cola de envío.')).toBeInTheDocument();
    expect(sends[0]?.body).toEqual({ subject: preview.subject, text: preview.text });
  });

  it('explains a send refused because the status changed, and asks for a fresh preview', async () => {
    const { user } = open(reviewer, detailWith({ status: 'approved' }));
    answer('post', '/api/team/applications/PG-000123/decision-email/preview', json(preview));
    answer('post', '/api/team/applications/PG-000123/decision-email/send', json({ error: 'La solicitud cambió; vuelve a ver la vista previa.' }, 409));
    await user.click(await screen.findByRole('button', { name: 'Ver el correo de decisión' }));
    await user.click(await screen.findByRole('button', { name: 'Enviar el correo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La solicitud cambió; vuelve a ver la vista previa.');
    expect(screen.queryByRole('button', { name: 'Enviar el correo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver el correo de decisión' })).toBeInTheDocument();
  });

  it('lists the decision emails already sent, and offers no second email for the same decision', async () => {
    open(admin, detailWith({ status: 'rejected', statusChangedAt: '2026-11-22T09:00:00Z', decisionEmails: [{ status: 'rejected', queuedAt: '2026-11-22T10:00:00Z', sentAt: '2026-11-22T10:00:05Z', by: 'rita@ejemplo.org' }] }));
    const sent = await screen.findByRole('list', { name: 'Correos de decisión enviados' });
    expect(sent).toHaveTextContent(/^Rechazada: puesto en cola por rita@ejemplo\.org el 22 nov 2026.* · entregado al servidor de correo el 22 nov 2026/);
    expect(screen.getByText('El correo de esta decisión ya se envió.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver el correo de decisión' })).not.toBeInTheDocument();
  });

  it('offers the email of a new decision after a reopened application is decided again', async () => {
    open(reviewer, detailWith({ status: 'approved', statusChangedAt: '2026-11-23T09:00:00Z', decisionEmails: [{ status: 'rejected', queuedAt: '2026-11-22T10:00:00Z', sentAt: null, by: 'rita@ejemplo.org' }] }));
    expect(await screen.findByRole('list', { name: 'Correos de decisión enviados' })).toHaveTextContent('todavía en la cola');
    expect(screen.getByRole('button', { name: 'Ver el correo de decisión' })).toBeInTheDocument();
  });
});

describe('application detail: grantee ID (admin only)', () => {
  beforeEach(() => {
    answer('get', '/api/team/assignees', json({ members: [] }));
    noGrantYet();
  });

  it('an admin issues it on an approved application after a confirmation that says where the ID goes; afterwards only the date shows', async () => {
    signedInAs(admin);
    let current = detailWith({ status: 'approved' });
    answer('get', '/api/team/applications/PG-000123', () => Response.json(current));
    const issues = answer('post', '/api/team/applications/PG-000123/grantee', () => {
      current = detailWith({ status: 'approved', grantee: { issuedAt: '2026-11-23T11:00:00Z', issuedBy: 'ana@ejemplo.org', revokedAt: null } });
      return Response.json({ issuedAt: '2026-11-23T11:00:00Z' }, { status: 201 });
    });
    const { user } = renderPage(ApplicationPage, '/equipo/solicitud/?id=PG-000123');
    await user.click(await screen.findByRole('button', { name: 'Emitir el ID de seguridad (Security Grantee ID)' }));
    const confirm = screen.getByRole('group', { name: '¿Emitir el ID de seguridad (Security Grantee ID)?' });
    expect(confirm).toHaveAccessibleDescription(/se enviará por correo a la persona solicitante.*el ID anterior queda revocado/);
    expect(issues).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Sí, emitir y enviar' }));
    const panel = screen.getByRole('region', { name: 'ID de seguridad (Security Grantee ID)' });
    await waitFor(() => expect(panel).toHaveTextContent(/Emitido el 23 nov 2026.* por ana@ejemplo\.org\. Se envió por correo/));
    expect(issues).toHaveLength(1);
    expect(within(panel).getByRole('button', { name: 'Volver a emitir el ID de seguridad (Security Grantee ID)' })).toBeInTheDocument();
  });

  it('says when the ID was revoked, and offers a new one', async () => {
    open(admin, detailWith({ status: 'approved', grantee: { issuedAt: '2026-11-21T11:00:00Z', issuedBy: 'ana@ejemplo.org', revokedAt: '2026-11-22T11:00:00Z' } }));
    const panel = await screen.findByRole('region', { name: 'ID de seguridad (Security Grantee ID)' });
    expect(panel).toHaveTextContent(/Revocado el 22 nov 2026.*: ya no sirve\./);
    expect(within(panel).getByRole('button', { name: 'Emitir el ID de seguridad (Security Grantee ID)' })).toBeInTheDocument();
  });

  it('an approved Office Hours application has no grantee ID (it pays nothing)', async () => {
    open(admin, detailWith({ status: 'approved', form: 'office-hours', programme: 'Office Hours' }));
    await heading();
    expect(screen.queryByRole('region', { name: 'ID de seguridad (Security Grantee ID)' })).not.toBeInTheDocument();
  });

  it('cancelling the confirmation issues nothing', async () => {
    const { user } = open(admin, detailWith({ status: 'approved' }));
    const issues = answer('post', '/api/team/applications/PG-000123/grantee', json({ issuedAt: '2026-11-23T11:00:00Z' }, 201));
    await user.click(await screen.findByRole('button', { name: 'Emitir el ID de seguridad (Security Grantee ID)' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('group', { name: '¿Emitir el ID de seguridad (Security Grantee ID)?' })).not.toBeInTheDocument();
    expect(issues).toHaveLength(0);
  });

  it.each([
    ['a reviewer', reviewer, 'approved'],
    ['the finance role', finance, 'approved'],
    ['an admin, before approval', admin, 'in_review'],
  ] as const)('%s gets no issue button', async (_who, member, status) => {
    open(member, detailWith({ status }));
    await heading();
    expect(screen.queryByRole('button', { name: /Emitir el ID de seguridad/ })).not.toBeInTheDocument();
  });
});

describe('application detail: payment details (finance only)', () => {
  beforeEach(() => {
    answer('get', '/api/team/assignees', json({ members: [] }));
    noGrantYet();
  });

  it('the finance role reads every version, newest first', async () => {
    open(finance, withPayments());
    const section = await screen.findByRole('region', { name: 'Datos de pago' });
    const versions = within(section).getAllByRole('article');
    expect(versions.map((version) => within(version).getByRole('heading', { level: 3 }).textContent)).toEqual([
      expect.stringMatching(/^Versión 2 \(la más reciente\) · GF-000007 · recibida el 23 nov 2026/),
      expect.stringMatching(/^Versión 1 · GF-000005 · recibida el 22 nov 2026/),
    ]);
    expect(versions[0]).toHaveTextContent(`IBAN${IBAN}`);
  });

  it('shows a version that failed to decrypt as the server explains it', async () => {
    open(finance, detailWith({ status: 'approved', paymentDetails: [{ version: 1, reference: 'GF-000005', receivedAt: '2026-11-22T09:00:00Z', sections: [], unreadable: 'No pudimos descifrar estos datos de pago.' }] }));
    expect(await screen.findByRole('article')).toHaveTextContent('No pudimos descifrar estos datos de pago.');
  });

  it('says so when no payment details arrived yet', async () => {
    open(finance, detailWith({ status: 'approved', paymentDetails: [] }));
    expect(await screen.findByRole('region', { name: 'Datos de pago' })).toHaveTextContent('Todavía no llegaron datos de pago');
  });

  it.each([
    ['a reviewer', reviewer],
    ['an admin', admin],
  ] as const)('%s sees no trace of payment details, not even a heading', async (_who, member) => {
    // Even if an answer carried them by mistake, the page shows them to the finance role only.
    open(member, withPayments());
    await heading();
    expect(screen.queryByRole('heading', { name: /Datos de pago/ })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(IBAN);
    expect(document.body).not.toHaveTextContent('GF-000007');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
