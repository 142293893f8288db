import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ApplicationPage from '@/pages/equipo/solicitud';
import type { ApplicationDetail } from '@/team/api';
import { admin, answer, json, never, renderPage, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

const detail: ApplicationDetail = {
  id: 'PG-000123',
  reference: 'PG-000123',
  form: 'project-grants',
  programme: 'Project Grants',
  submittedAt: '2026-11-20T15:04:00Z',
  sections: [
    { title: 'Contact information', answers: [{ name: 'firstName', label: 'First name', value: 'Ana' }, { name: 'twitter', label: 'Twitter', value: '' }] },
    { title: 'Project details', answers: [{ name: 'projectName', label: 'Project name', value: 'Puente' }] },
  ],
  file: { name: 'propuesta.pdf', mediaType: 'application/pdf', size: 48_213 },
};

describe('application detail (/equipo/solicitud/?id=…)', () => {
  it('titles the page with the reference and shows every answer under its label, section by section', async () => {
    signedInAs(admin);
    const requests = answer('get', '/api/team/applications/PG-000123', json(detail));
    renderPage(ApplicationPage, '/equipo/solicitud/?id=PG-000123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitud PG-000123' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Contact information', 'Project details']);
    const terms = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['First name', 'Ana'],
      ['Twitter', 'Sin respuesta'],
      ['Project name', 'Puente'],
    ]);
    expect(requests).toHaveLength(1);
  });

  it('links the application it was sent again from ("Solicitud anterior") and those sent again from it', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications/PG-000123', json({ ...detail, reapplication: { previous: 'PG-000100', later: ['PG-000140', 'PG-000150'] } }));
    renderPage(ApplicationPage, '/equipo/solicitud/?id=PG-000123');
    const previous = await screen.findByRole('link', { name: 'PG-000100' });
    expect(previous).toHaveAttribute('href', '/equipo/solicitud/?id=PG-000100');
    expect(previous.closest('li')).toHaveTextContent('Solicitud anterior: PG-000100');
    expect(screen.getByRole('link', { name: 'PG-000150' }).closest('li')).toHaveTextContent('Solicitudes nuevas: PG-000140, PG-000150');
  });

  it('under blind review names the linked application by no reference and links nothing', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications/PG-000123', json({ ...detail, blind: true, reapplication: { previous: 'Oculto', later: [] } }));
    renderPage(ApplicationPage, '/equipo/solicitud/?id=PG-000123');
    expect(await screen.findByText('Oculto hasta la decisión')).toBeInTheDocument();
    expect(screen.getByText('Oculto hasta la decisión').closest('li')).toHaveTextContent('Solicitud anterior: Oculto hasta la decisión');
    expect(screen.queryByRole('link', { name: /Oculto/ })).toBeNull();
  });

  it('says nothing of reapplying when the application has no link', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications/PG-000123', json({ ...detail, reapplication: { previous: null, later: [] } }));
    renderPage(ApplicationPage, '/equipo/solicitud/?id=PG-000123');
    await screen.findByRole('heading', { level: 1, name: 'Solicitud PG-000123' });
    expect(screen.queryByText(/Solicitud anterior|Solicitudes? nuevas?/)).toBeNull();
  });

  it('offers the proposal as a download', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications/PG-000123', json(detail));
    renderPage(ApplicationPage, '/equipo/solicitud/?id=PG-000123');
    const link = await screen.findByRole('link', { name: 'Descargar la propuesta' });
    expect(link).toHaveAttribute('href', '/api/team/applications/PG-000123/file');
    expect(link).toHaveAttribute('download');
    expect(link.parentElement).toHaveTextContent('Propuesta adjunta: propuesta.pdf (47 kB)');
  });

  it('is loading until the application arrives', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications/PG-000123', never);
    renderPage(ApplicationPage, '/equipo/solicitud/?id=PG-000123');
    expect(await screen.findByText('Cargando la solicitud…')).toHaveAttribute('role', 'status');
  });

  it('answers an unknown reference with one plain "not found"', async () => {
    signedInAs(admin);
    answer('get', '/api/team/applications/PG-999999', json({ error: 'No encontramos esa solicitud.' }, 404));
    renderPage(ApplicationPage, '/equipo/solicitud/?id=PG-999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('No encontramos esa solicitud.');
  });

  it('says the address lacks a reference when there is no ?id=', async () => {
    signedInAs(admin);
    renderPage(ApplicationPage, '/equipo/solicitud/');
    expect(await screen.findByRole('alert')).toHaveTextContent('El enlace está incompleto. Vuelve a las solicitudes y elige una.');
  });
});
