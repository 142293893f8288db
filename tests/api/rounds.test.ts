/**
 * A grant round outside its dates: its endpoint answers 403 with the apply page's sentence and the
 * contact address, stores nothing and sends no email; the other forms are not affected. The dates
 * come from NEXT_PUBLIC_* variables read when the modules load (hence the stubbed environment and
 * the fresh import), which seed each programme's first round at the server's start
 * (src/server/rounds/seed.ts; the rounds as records: roundsRecords.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validAcademicGrants, validDevconGrants, validOfficeHours } from '../../scripts/support/formAnswers';
import type { TestServer } from './support/testServer';

describe('grant rounds on the API', () => {
  let server: TestServer;
  let post: (path: string, body: unknown) => Promise<Response>;
  let payloads: { academic: unknown; devcon: unknown; officeHours: unknown };

  beforeAll(async () => {
    vi.stubEnv('NEXT_PUBLIC_ACADEMIC_GRANTS_CLOSES', '2022-05-15');
    vi.stubEnv('NEXT_PUBLIC_DEVCON_GRANTS_OPENS', '2099-01-10');
    vi.resetModules();
    const { startTestServer, postJson } = await import('./support/testServer');
    const { formDefinitions } = await import('../../src/forms/definitions');
    server = await startTestServer({ backend: 'pglite' });
    post = (path, body) => postJson(`${server.url}${path}`, body);
    payloads = {
      academic: formDefinitions['academic-grants'].toPayload(validAcademicGrants()),
      devcon: formDefinitions['devcon-grants'].toPayload(validDevconGrants()),
      officeHours: formDefinitions['office-hours'].toPayload(validOfficeHours()),
    };
  });
  afterAll(async () => {
    await server.close();
    vi.unstubAllEnvs();
  });

  it('refuses a valid application to a closed round with a clear message, and stores nothing', async () => {
    const response = await post('/api/academic-grants', payloads.academic);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: 'La convocatoria de Academic Grants cerró el 15 de mayo de 2022 y ya no recibe solicitudes. Si tienes preguntas, escribe a academic-grants@example.org.',
    });
    expect(await server.count('submissions')).toBe(0);
    expect((await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox'))[0]!.n).toBe(0);
  });

  it('refuses before reading the body: even a malformed one gets the round answer, not a validation error', async () => {
    const response = await fetch(`${server.url}/api/academic-grants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toMatch(/cerró/);
  });

  it('refuses a round that has not opened yet, naming the opening day', async () => {
    const response = await post('/api/devcon-grants', payloads.devcon);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toBe(
      'La convocatoria de Devcon Grants abre el 10 de enero de 2099; todavía no recibe solicitudes. Si tienes preguntas, escribe a devcon-grants@example.org.',
    );
    expect(await server.count('submissions')).toBe(0);
  });

  it('takes applications for a programme without dates: its seeded round is always open', async () => {
    const response = await post('/api/office-hours', payloads.officeHours);
    expect(response.status).toBe(201);
    expect(await server.count('submissions')).toBe(1);
  });
});
