import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formDefinitions } from '../../src/forms/definitions';
import { receiveApplication } from '../../src/server/applications/receive';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { referenceOf } from '../../src/server/mail/compose';
import { validProjectGrants } from '../../scripts/support/formAnswers';
import { enrolMember, teamClient, type Member } from './support/teamClient';
import { startTestServer, type TestServer } from './support/testServer';

/**
 * The team routes validate with their declared schemas (src/api/contracts): a wrong type is
 * refused with the route's own Spanish message (never coerced), fields a route does not declare
 * are dropped, and when several values are wrong the first declared one is named.
 */
describe('team routes declared with schemas', () => {
  let server: TestServer;
  let reviewer: Member;
  let admin: Member;
  let reference: string;
  let submissionId: string;
  const api = () => teamClient(server.url, reviewer.cookie);
  const refusal = async (response: Response) => [response.status, await response.json()];
  const countOf = async (sql: string, params: unknown[]) => (await server.database.query<{ n: number }>(sql, params))[0]!.n;

  beforeAll(async () => {
    server = await startTestServer({ env: { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
    submissionId = await receiveApplication(server.database, { form: 'project-grants', endpoint: '/api/project-grants', payload: formDefinitions['project-grants'].toPayload(validProjectGrants()), upload: null });
    reference = referenceOf('project-grants', submissionId);
    reviewer = await enrolMember(server.url, server.database, 'revisora@example.org', 'reviewer', resolveFinanceKeys(server.config).keyring);
    admin = await enrolMember(server.url, server.database, 'admin@example.org', 'admin', resolveFinanceKeys(server.config).keyring);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a value of the wrong type with the route message instead of converting it', async () => {
    expect(await refusal(await teamClient(server.url, admin.cookie).post(`/applications/${reference}/assign`, { memberId: 1 }))).toEqual([400, { error: 'Solo se puede asignar a un revisor o administrador activo.' }]);
    expect(await refusal(await api().post(`/applications/${reference}/notes`, { body: 12345 }))).toEqual([
      400,
      { error: 'La nota debe tener entre 1 y 5.000 caracteres.' },
    ]);
    expect(await refusal(await api().post('/applications/status', { references: reference, status: 'in_review' }))).toEqual([400, { error: 'Envía entre 1 y 100 referencias de solicitudes.' }]);
    expect(await refusal(await api().post('/sessions/end', { id: 7 }))).toEqual([400, { error: 'Esa sesión no existe o ya terminó.' }]);
    expect(await countOf('SELECT count(*)::int AS n FROM application_notes WHERE submission_id = $1', [submissionId])).toBe(0);
  });

  it('refuses more than 100 references and changes none of them', async () => {
    const references = [reference, ...Array.from({ length: 100 }, (_, index) => `PG-${String(900000 + index).padStart(6, '0')}`)];
    expect(await refusal(await api().post('/applications/status', { references, status: 'in_review' }))).toEqual([400, { error: 'Envía entre 1 y 100 referencias de solicitudes.' }]);
    expect(await countOf("SELECT count(*)::int AS n FROM submissions WHERE id = $1 AND status = 'received'", [submissionId])).toBe(1);
  });

  it('drops body fields a route does not declare: a note cannot claim another author', async () => {
    const added = await api().post(`/applications/${reference}/notes`, { body: 'Revisar el presupuesto.', by: 'otra@example.org', id: '999' });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ id: expect.not.stringMatching(/^999$/), body: 'Revisar el presupuesto.', by: 'revisora@example.org', at: expect.any(String) });
  });

  it('names the first declared value when several are wrong, a missing one included', async () => {
    const anonymous = teamClient(server.url, null);
    expect(await refusal(await anonymous.post('/enrol/verify', { response: 'no' }))).toEqual([400, { error: 'El enlace de inscripción no es válido.' }]);
    expect(await refusal(await api().post('/applications/status', { references: [] }))).toEqual([
      400,
      { error: 'El estado debe ser uno de: received, in_review, information_requested, approved, rejected, withdrawn.' },
    ]);
    expect(await refusal(await api().get('/applications?form=project-grants&page=0&status=pending'))).toEqual([
      400,
      { error: 'El estado debe ser uno de: received, in_review, information_requested, approved, rejected, withdrawn.' },
    ]);
  });

  it('refuses a query value sent twice, a day that does not exist, and a body that is not an object', async () => {
    expect(await refusal(await api().get('/applications?form=project-grants&q=uno&q=dos'))).toEqual([400, { error: 'La búsqueda puede tener hasta 200 caracteres.' }]);
    expect(await refusal(await api().get('/applications?form=project-grants&from=2026-02-30'))).toEqual([400, { error: 'Las fechas van en formato AAAA-MM-DD.' }]);
    expect(await refusal(await api().post(`/applications/${reference}/notes`, ['Revisar.']))).toEqual([400, { error: 'No pudimos leer lo que enviaste.' }]);
  });
});
