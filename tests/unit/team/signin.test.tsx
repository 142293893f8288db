import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import SignInPage from '@/pages/equipo';
import EnrolmentPage from '@/pages/equipo/inscripcion';
import { navigate } from '@/team/navigate';
import { answer, json, renderPage } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));
// The browser's WebAuthn ceremony is the authenticator's business; the page's part is what it does with the outcome.
vi.mock('@simplewebauthn/browser', () => ({ browserSupportsWebAuthn: () => true, startAuthentication: vi.fn(), startRegistration: vi.fn() }));

const assertion = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };

beforeEach(() => {
  vi.mocked(navigate).mockClear();
  vi.mocked(startAuthentication).mockReset();
  vi.mocked(startRegistration).mockReset();
});

describe('sign-in (/equipo/)', () => {
  it('is kept out of search engines (noindex)', async () => {
    renderPage(SignInPage, '/equipo/');
    await screen.findByRole('button', { name: 'Ingresar con llave de acceso' });
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('asks for options, runs the passkey ceremony, verifies it and goes back to the page asked for', async () => {
    const options = answer('post', '/api/team/signin/options', json({ challenge: 'abc', rpId: 'localhost' }));
    const verify = answer('post', '/api/team/signin/verify', json({ email: 'ana@ejemplo.org', role: 'admin' }));
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const { user } = renderPage(SignInPage, '/equipo/?volver=%2Fequipo%2Fsolicitud%2F%3Fid%3DPG-000001');
    await user.click(screen.getByRole('button', { name: 'Ingresar con llave de acceso' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/equipo/solicitud/?id=PG-000001'));
    expect(options[0]?.body).toEqual({});
    expect(vi.mocked(startAuthentication).mock.calls[0]?.[0]).toEqual({ optionsJSON: { challenge: 'abc', rpId: 'localhost' } });
    expect(verify[0]?.body).toEqual({ response: assertion });
  });

  it('never returns to an address outside the team area', async () => {
    answer('post', '/api/team/signin/options', json({ challenge: 'abc' }));
    answer('post', '/api/team/signin/verify', json({ email: 'ana@ejemplo.org', role: 'admin' }));
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const { user } = renderPage(SignInPage, '/equipo/?volver=https%3A%2F%2Fevil.example%2F');
    await user.click(screen.getByRole('button', { name: 'Ingresar con llave de acceso' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/equipo/solicitudes/'));
  });

  it('shows a refused passkey (401) as an alert that takes the focus, and lets the member try again', async () => {
    answer('post', '/api/team/signin/options', json({ challenge: 'abc' }));
    answer('post', '/api/team/signin/verify', json({ error: 'No.' }, 401));
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const { user } = renderPage(SignInPage, '/equipo/');
    await user.click(screen.getByRole('button', { name: 'Ingresar con llave de acceso' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos verificar tu llave de acceso.');
    expect(alert).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Ingresar con llave de acceso' })).toBeEnabled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('explains a cancelled ceremony and too many attempts', async () => {
    answer('post', '/api/team/signin/options', json({ challenge: 'abc' }));
    vi.mocked(startAuthentication).mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    const { user } = renderPage(SignInPage, '/equipo/');
    await user.click(screen.getByRole('button', { name: 'Ingresar con llave de acceso' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Se canceló la operación o se agotó el tiempo.');

    answer('post', '/api/team/signin/options', json({ error: 'Demasiados intentos.' }, 429));
    await user.click(screen.getByRole('button', { name: 'Ingresar con llave de acceso' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Hubo demasiados intentos seguidos.');
  });
});

describe('enrolment (/equipo/inscripcion/#t=…)', () => {
  it('registers the first passkey with the token of the link and opens the inbox', async () => {
    const options = answer('post', '/api/team/enrol/options', json({ challenge: 'xyz', user: { name: 'ana@ejemplo.org' } }));
    const verify = answer('post', '/api/team/enrol/verify', json({ email: 'ana@ejemplo.org', role: 'reviewer' }));
    vi.mocked(startRegistration).mockResolvedValue(assertion as never);
    const { user } = renderPage(EnrolmentPage, '/equipo/inscripcion/#t=TOKEN-123');
    await user.click(await screen.findByRole('button', { name: 'Crear mi llave de acceso' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/equipo/solicitudes/'));
    expect(options[0]?.body).toEqual({ token: 'TOKEN-123' });
    expect(vi.mocked(startRegistration).mock.calls[0]?.[0]).toEqual({ optionsJSON: { challenge: 'xyz', user: { name: 'ana@ejemplo.org' } } });
    expect(verify[0]?.body).toEqual({ token: 'TOKEN-123', response: assertion });
  });

  it('says a used or expired link (410) cannot be used again', async () => {
    answer('post', '/api/team/enrol/options', json({ error: 'Enlace vencido.' }, 410));
    const { user } = renderPage(EnrolmentPage, '/equipo/inscripcion/#t=OLD');
    await user.click(await screen.findByRole('button', { name: 'Crear mi llave de acceso' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace de inscripción ya se usó, expiró o no es válido.');
  });

  it('says the link is incomplete when it has no token', async () => {
    renderPage(EnrolmentPage, '/equipo/inscripcion/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace de inscripción está incompleto.');
    expect(screen.queryByRole('button', { name: 'Crear mi llave de acceso' })).not.toBeInTheDocument();
  });
});
