/**
 * After every team action the focus lands on its outcome or on the next logical control, never on
 * the page body (WCAG 2.4.3): a keyboard or screen-reader user keeps their place.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import DataRightsPage from '@/pages/equipo/datos';
import MembersPage from '@/pages/equipo/miembros';
import SessionsPage from '@/pages/equipo/sesiones';
import ApplicationPage from '@/pages/equipo/solicitud';
import type { ApplicationDetail, TeamMember } from '@/team/api';
import { admin, answer, applicationDetail, json, renderPage, reviewer, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

const detailWith = applicationDetail;

function open(member: TeamMember, detail: ApplicationDetail) {
  signedInAs(member);
  answer('get', '/api/team/applications/PG-000123', json(detail));
  return renderPage(ApplicationPage, '/equipo/solicitud/?id=PG-000123');
}

/** The element that has the focus once it settles (effects run after the answer arrives). */
const focusLandsOn = (element: HTMLElement) => waitFor(() => expect(document.activeElement).toBe(element));

beforeEach(() => {
  answer('get', '/api/team/assignees', json({ members: [{ id: 'm-2', email: 'rita@ejemplo.org', role: 'reviewer' }] }));
});

describe('focus after an action on the application page', () => {
  it('a status button: the outcome message', async () => {
    const user = open(reviewer, detailWith({ status: 'received' })).user;
    answer('post', '/api/team/applications/status', json({ changed: ['PG-000123'], unchanged: [] }));
    await user.click(await screen.findByRole('button', { name: 'Pasar a En revisión' }));
    await focusLandsOn(await screen.findByText('La solicitud pasó a En revisión.'));
  });

  it('a refused status change: the alert with the reason', async () => {
    const user = open(reviewer, detailWith({ status: 'received' })).user;
    answer('post', '/api/team/applications/status', json({ changed: [], unchanged: [{ reference: 'PG-000123', reason: 'No se puede.' }] }));
    await user.click(await screen.findByRole('button', { name: 'Pasar a En revisión' }));
    await focusLandsOn(await screen.findByRole('alert'));
  });

  it('"Agregar nota": the outcome message; a refused note: back to the text', async () => {
    const user = open(reviewer, detailWith()).user;
    answer('post', '/api/team/applications/PG-000123/notes', json({ id: 'n-2', body: 'Revisar el presupuesto.', by: 'rita@ejemplo.org', at: '2026-11-22T10:00:00Z' }, 201));
    await user.click(await screen.findByRole('button', { name: 'Agregar nota' }));
    await focusLandsOn(screen.getByLabelText('Nueva nota interna'));
    await user.type(screen.getByLabelText('Nueva nota interna'), 'Revisar el presupuesto.');
    await user.click(screen.getByRole('button', { name: 'Agregar nota' }));
    await focusLandsOn(await screen.findByText('Agregamos la nota.'));
  });

  it('"Ver el correo de decisión": the preview; "Cancelar": the button again; "Enviar el correo": the outcome', async () => {
    const user = open(admin, detailWith({ status: 'approved' })).user;
    answer('post', '/api/team/applications/PG-000123/decision-email/preview', json({ to: 'ana@ejemplo.org', subject: 'Aprobada', text: 'Hola Ana.' }));
    answer('post', '/api/team/applications/PG-000123/decision-email/send', json({ queuedAt: '2026-11-23T10:00:00Z' }, 202));
    await user.click(await screen.findByRole('button', { name: 'Ver el correo de decisión' }));
    const preview = await screen.findByRole('region', { name: 'Vista previa del correo de decisión' });
    await focusLandsOn(preview);
    await user.click(within(preview).getByRole('button', { name: 'Cancelar' }));
    await focusLandsOn(screen.getByRole('button', { name: 'Ver el correo de decisión' }));
    await user.click(screen.getByRole('button', { name: 'Ver el correo de decisión' }));
    await user.click(await screen.findByRole('button', { name: 'Enviar el correo' }));
    await focusLandsOn(await screen.findByText('Pusimos el correo para ana@ejemplo.org en la cola de envío.'));
  });

  it('"Pedir información": the preview, "Volver a editar": the question, then the outcome of the send', async () => {
    const user = open(reviewer, detailWith()).user;
    answer('post', '/api/team/applications/PG-000123/information-request/preview', json({ subject: 'Necesitamos más información', body: '¿Y el presupuesto?' }));
    answer('post', '/api/team/applications/PG-000123/information-request/send', json({ sentAt: '2026-11-23T10:00:00Z' }, 201));
    await user.type(await screen.findByLabelText('Pregunta para la persona solicitante'), '¿Y el presupuesto?');
    await user.click(screen.getByRole('button', { name: 'Ver el correo con la pregunta' }));
    await focusLandsOn(await screen.findByRole('region', { name: 'Vista previa del correo con la pregunta' }));
    await user.click(screen.getByRole('button', { name: 'Volver a editar' }));
    await focusLandsOn(screen.getByLabelText('Pregunta para la persona solicitante'));
    await user.click(screen.getByRole('button', { name: 'Ver el correo con la pregunta' }));
    await user.click(await screen.findByRole('button', { name: 'Enviar la pregunta' }));
    await focusLandsOn(await screen.findByText('Enviamos la pregunta. La solicitud pasó a Información solicitada.'));
  });

  it('the grantee ID: the confirmation, "Cancelar": the button again, then the outcome', async () => {
    const user = open(admin, detailWith({ status: 'approved' })).user;
    answer('post', '/api/team/applications/PG-000123/grantee', json({ issuedAt: '2026-11-23T11:00:00Z' }, 201));
    const issue = await screen.findByRole('button', { name: 'Emitir el ID de seguridad (Security Grantee ID)' });
    await user.click(issue);
    await focusLandsOn(screen.getByRole('group', { name: '¿Emitir el ID de seguridad (Security Grantee ID)?' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await focusLandsOn(screen.getByRole('button', { name: 'Emitir el ID de seguridad (Security Grantee ID)' }));
    await user.click(screen.getByRole('button', { name: 'Emitir el ID de seguridad (Security Grantee ID)' }));
    await user.click(screen.getByRole('button', { name: 'Sí, emitir y enviar' }));
    await focusLandsOn(await screen.findByText('Emitimos el ID y lo enviamos por correo a la persona solicitante.'));
  });
});

describe('focus after an action on the other team pages', () => {
  it('members: revoking lands on the outcome, not the trigger that went', async () => {
    signedInAs(admin);
    answer('get', '/api/team/members', json({ members: [{ email: 'rita@ejemplo.org', role: 'reviewer', createdAt: '2026-11-02T10:00:00Z', revokedAt: null, passkeys: 1 }] }));
    answer('post', '/api/team/members/revoke', () => new Response(null, { status: 204 }));
    const { user } = renderPage(MembersPage, '/equipo/miembros/');
    await user.click(await screen.findByRole('button', { name: 'Revocar a rita@ejemplo.org' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, revocar' }));
    await focusLandsOn(await screen.findByText('Revocamos el acceso de rita@ejemplo.org y cerramos todas sus sesiones.'));
  });

  it('members: an invitation lands on its outcome with the link', async () => {
    signedInAs(admin);
    answer('get', '/api/team/members', json({ members: [] }));
    answer('post', '/api/team/members/invite', json({ link: 'http://localhost/equipo/inscripcion/#t=NEW', expiresAt: '2026-11-24T10:00:00Z' }));
    const { user } = renderPage(MembersPage, '/equipo/miembros/');
    await user.type(await screen.findByLabelText('Correo electrónico'), 'nuevo@ejemplo.org');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    await focusLandsOn(within(screen.getByRole('form', { name: 'Invitar a un miembro' })).getByRole('status'));
  });

  it('sessions: ending another session lands on the outcome', async () => {
    signedInAs(reviewer);
    answer('get', '/api/team/sessions', json({ sessions: [{ id: 's-2', createdAt: '2026-11-22T08:00:00Z', lastSeenAt: '2026-11-22T09:00:00Z', current: false }] }));
    answer('post', '/api/team/sessions/end', () => new Response(null, { status: 204 }));
    const { user } = renderPage(SessionsPage, '/equipo/sesiones/');
    await user.click(await screen.findByRole('button', { name: /^Cerrar sesión iniciada/ }));
    await focusLandsOn(await screen.findByText('La sesión quedó cerrada.'));
  });

  it('data rights: the search lands on what was found, the export and the erasure on their outcome', async () => {
    signedInAs(admin);
    const counts = { submissions: 1, files: 0, statusHistory: 1, notes: 0, decisionEmails: 0, grantees: 0, financeVersions: 0, newsletter: 0, emails: 0, webhooks: 0, auditMentions: 0 };
    answer('get', '/api/team/data-rights/erasure-requests', json({ items: [] }));
    answer('post', '/api/team/data-rights/find', json({ counts, references: ['PG-000007'] }));
    answer('post', '/api/team/data-rights/export', () => new Response('zip', { headers: { 'Content-Type': 'application/zip' } }));
    answer('post', '/api/team/data-rights/erase', json({ counts }));
    URL.createObjectURL = vi.fn(() => 'blob:datos');
    URL.revokeObjectURL = vi.fn();
    const { user } = renderPage(DataRightsPage, '/equipo/datos/');
    await user.type(await screen.findByLabelText('Correo electrónico de quien lo pide'), 'lucia@example.org');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await focusLandsOn(await screen.findByRole('heading', { name: 'Lo que guardamos de lucia@example.org' }));
    await user.click(screen.getByRole('button', { name: 'Descargar todo (.zip)' }));
    await focusLandsOn(await screen.findByText(/^Descargamos la exportación/));
    await user.type(screen.getByLabelText('Escribe de nuevo el correo para confirmar'), 'lucia@example.org');
    await user.click(screen.getByRole('button', { name: 'Borrar 2 registros' }));
    await focusLandsOn(await screen.findByText(/^Borramos 2 registros/));
  });
});
