import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions, type FormKey, type FormValues } from '../../src/forms/definitions';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../src/lib/applicationStatus';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { addGrantee } from '../../src/server/grantees';
import { referenceOf } from '../../src/server/mail/compose';
import type { RunningServer } from '../../src/server/main';
import { insertFinanceVersion, insertSubmission } from '../../src/server/storage/submissions';
import { ALLOWED_TRANSITIONS } from '../../src/server/team/review';
import type { Role } from '../../src/server/team/roles';
import { validFinanceCrypto, validOfficeHours, validProjectGrants } from '../unit/forms/definitions/fixtures';
import { createRestartableStorage, FAST_RETRY_ENV, type RestartableStorage } from './support/restartableServer';
import { startSmtpSink, type SmtpSink } from './support/smtpSink';
import { auditEntries, enrolMember, teamClient, type Member } from './support/teamClient';
import { BACKENDS, postJson } from './support/testServer';

const NOT_FOUND = 'No encontramos esa solicitud.';

type Detail = {
  status: ApplicationStatus;
  statusChangedAt: string;
  assignee: null | { id: string; email: string };
  history: Array<{ from: ApplicationStatus | null; to: ApplicationStatus; by: string | null; at: string }>;
  notes: Array<{ id: string; body: string; by: string; at: string }>;
  decisionEmails: Array<{ status: string; queuedAt: string; sentAt: string | null; by: string }>;
  grantee: null | { issuedAt: string; issuedBy: string; revokedAt: string | null };
  paymentDetails?: Array<{ version: number; reference: string; receivedAt: string; sections: Array<{ title: string; answers: Array<{ name: string; label: string; value: string }> }> }>;
};

for (const backend of BACKENDS) {
  describe(`review workflow (${backend})`, () => {
    let sink: SmtpSink;
    let storage: RestartableStorage;
    let server: RunningServer;
    const members = {} as Record<Role, Member>;
    let financeRef: string;

    const api = (member: Member | null) => teamClient(server.address, member?.cookie ?? null);
    const enrol = (email: string, role: Role) => enrolMember(server.address, server.database, email, role);

    /** A stored application of `form` (as the form route stores it), by its reference. */
    async function application(form: FormKey = 'project-grants', values: FormValues = validProjectGrants()): Promise<string> {
      const id = await insertSubmission(server.database, { form, endpoint: `/api/${form}`, payload: formDefinitions[form].toPayload(values), upload: null });
      return referenceOf(form, id);
    }

    /** Moves an application along the workflow as a reviewer, asserting each step is taken. */
    async function moveTo(reference: string, ...path: ApplicationStatus[]): Promise<void> {
      for (const status of path) {
        const response = await api(members.reviewer).post('/applications/status', { references: [reference], status });
        expect(await response.json()).toEqual({ changed: [reference], unchanged: [] });
      }
    }

    const detailOf = async (reference: string, member: Member = members.reviewer): Promise<Detail> => {
      const response = await api(member).get(`/applications/${reference}`);
      expect(response.status).toBe(200);
      return (await response.json()) as Detail;
    };

    beforeAll(async () => {
      sink = await startSmtpSink();
      storage = await createRestartableStorage(backend);
      server = await storage.start({ SMTP_URL: sink.url, MAIL_FROM: '"Cadena Academy" <hola@example.org>', ...FAST_RETRY_ENV }, { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' });
      for (const role of ['admin', 'reviewer', 'finance'] as const) members[role] = await enrol(`${role}@example.org`, role);
      const { grantee } = await addGrantee(server.database, 'Grantee sin solicitud');
      const keyring = resolveFinanceKeys({ financeKey: null, financeOldKeys: [], dataDir: storage.env.DATA_DIR! }).keyring;
      const version = await server.database.transaction((tx) => insertFinanceVersion(tx, grantee.id, formDefinitions['grantee-finance'].toPayload(validFinanceCrypto()), keyring));
      financeRef = referenceOf('grantee-finance', version.id);
    });
    afterAll(async () => {
      await server?.stop();
      await storage?.close();
      await sink?.close();
    });

    describe('status', () => {
      it('a new submission arrives as Recibida with one history entry, the receipt (from nothing, by nobody)', async () => {
        const response = await postJson(server.address + endpoints.officeHours.path, formDefinitions['office-hours'].toPayload(validOfficeHours()));
        expect(response.status).toBe(201);
        const reference = referenceOf('office-hours', ((await response.json()) as { id: string }).id);
        const detail = await detailOf(reference);
        expect(detail.status).toBe('received');
        expect(detail.history).toEqual([{ from: null, to: 'received', by: null, at: expect.any(String) }]);
        expect(detail.assignee).toBeNull();
        expect(detail.notes).toEqual([]);
      });

      it('changes several at once: allowed ones are recorded with who and when, the others say why', async () => {
        const first = await application();
        const second = await application();
        const approved = await application();
        await moveTo(approved, 'in_review', 'approved');
        const response = await api(members.reviewer).post('/applications/status', {
          references: [first, 'PG-999999', second, approved, 'nonsense', financeRef, first],
          status: 'in_review',
        });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({
          changed: [first, second],
          unchanged: [
            { reference: 'PG-999999', reason: NOT_FOUND },
            { reference: approved, reason: 'No se puede pasar de Aprobada a En revisión.' },
            { reference: 'nonsense', reason: NOT_FOUND },
            { reference: financeRef, reason: NOT_FOUND },
          ],
        });
        const detail = await detailOf(first);
        expect(detail.status).toBe('in_review');
        expect(detail.history).toEqual([
          { from: null, to: 'received', by: null, at: expect.any(String) },
          { from: 'received', to: 'in_review', by: members.reviewer.email, at: detail.statusChangedAt },
        ]);
        const audit = await auditEntries(server.database);
        expect(audit).toContainEqual({ actor: members.reviewer.email, action: 'change-status', target: `${first}: Recibida → En revisión` });
        expect(audit).toContainEqual({ actor: members.reviewer.email, action: 'change-status', target: `${second}: Recibida → En revisión` });
        expect(audit.filter((entry) => entry.target.startsWith(`${approved}:`))).toHaveLength(2);
      });

      it('allows exactly the workflow transitions, and says so in Spanish for every other one', async () => {
        const labels = { received: 'Recibida', in_review: 'En revisión', approved: 'Aprobada', rejected: 'Rechazada', withdrawn: 'Retirada' };
        const pathTo: Record<ApplicationStatus, ApplicationStatus[]> = {
          received: [],
          in_review: ['in_review'],
          approved: ['in_review', 'approved'],
          rejected: ['in_review', 'rejected'],
          withdrawn: ['withdrawn'],
        };
        for (const from of APPLICATION_STATUSES) {
          for (const to of APPLICATION_STATUSES) {
            const reference = await application();
            await moveTo(reference, ...pathTo[from]);
            const response = await api(members.admin).post('/applications/status', { references: [reference], status: to });
            const body = (await response.json()) as { changed: string[]; unchanged: Array<{ reason: string }> };
            const expected =
              from === to
                ? { changed: [], unchanged: [{ reference, reason: 'Ya está en ese estado.' }] }
                : ALLOWED_TRANSITIONS[from].includes(to)
                  ? { changed: [reference], unchanged: [] }
                  : { changed: [], unchanged: [{ reference, reason: `No se puede pasar de ${labels[from]} a ${labels[to]}.` }] };
            expect(body, `${from} → ${to}`).toEqual(expected);
          }
        }
        // The workflow, spelled out: a rejection can be reopened, an approval only withdrawn.
        expect(ALLOWED_TRANSITIONS).toEqual({
          received: ['in_review', 'withdrawn'],
          in_review: ['approved', 'rejected', 'withdrawn'],
          approved: ['withdrawn'],
          rejected: ['in_review'],
          withdrawn: [],
        });
      });

      it('refuses status changes to finance (403), without a session (401) and for a revoked member (401)', async () => {
        const reference = await application();
        const body = { references: [reference], status: 'in_review' };
        expect((await api(members.finance).post('/applications/status', body)).status).toBe(403);
        expect((await api(null).post('/applications/status', body)).status).toBe(401);
        const revoked = await enrol(`revoked-reviewer-${backend}@example.org`, 'reviewer');
        expect((await api(members.admin).post('/members/revoke', { email: revoked.email })).status).toBe(204);
        expect((await api(revoked).post('/applications/status', body)).status).toBe(401);
        expect((await detailOf(reference)).status).toBe('received');
      });

      it('answers a malformed change with 400 and changes nothing', async () => {
        const reference = await application();
        const reviewer = api(members.reviewer);
        const malformed: unknown[] = [
          {},
          { references: [reference] },
          { references: [reference], status: 'approved ' },
          { references: [reference], status: 'Recibida' },
          { references: reference, status: 'in_review' },
          { references: [], status: 'in_review' },
          { references: Array.from({ length: 101 }, () => reference), status: 'in_review' },
          { references: [42], status: 'in_review' },
          { references: [null], status: 'in_review' },
          { references: ['x'.repeat(41)], status: 'in_review' },
          [reference],
          'in_review',
          null,
        ];
        for (const body of malformed) {
          const response = await reviewer.post('/applications/status', body);
          expect(response.status, JSON.stringify(body)).toBe(400);
          expect(await response.json()).toEqual({ error: expect.any(String) });
        }
        const notJson = await fetch(`${server.address}/api/team/applications/status`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: members.reviewer.cookie },
          body: '{"references": [',
        });
        expect(notJson.status).toBe(400);
        expect((await detailOf(reference)).history).toHaveLength(1);
      });
    });
  });
}
