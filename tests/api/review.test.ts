import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions, type FormKey, type FormValues } from '../../src/forms/definitions';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../src/lib/applicationStatus';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { addGrantee } from '../../src/server/grantees';
import { programmes, type ReviewedProgrammeKey } from '../../src/config/programmes';
import { DEFAULT_REVIEW_CONFIG } from '../../src/config/review';
import { parseReference } from '../../src/server/team/applications';
import { applicantPortalUrl, referenceOf } from '../../src/server/mail/compose';
import { composeDecisionEmail, composeGranteeIdEmail, type ReviewedForm } from '../../src/server/mail/decisions';
import type { RunningServer } from '../../src/server/main';
import { receiveApplication } from '../../src/server/applications/receive';
import { recordFinanceDetails } from '../../src/server/finance/receive';
import { nextStatuses } from '../../src/lib/applicationStatus';
import type { Role } from '../../src/server/team/roles';
import { CHECKSUMMED_ADDRESS, validAcademicGrants, validDevconGrants, validFinanceCrypto, validOfficeHours, validProjectGrants, validSmallGrantsEvent } from '../../scripts/support/formAnswers';
import { createRestartableStorage, eventually, FAST_RETRY_ENV, type RestartableStorage } from './support/restartableServer';
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from './support/smtpSink';
import { auditEntries, enrolMember, teamClient, type Member } from './support/teamClient';
import { BACKENDS, postJson } from './support/testServer';

const NOT_FOUND = 'No encontramos esa solicitud.';

/** The first reason the programme's list gives for a decision (src/config/review.ts). */
const reasonFor = (reference: string, status: 'approved' | 'rejected'): string =>
  DEFAULT_REVIEW_CONFIG.programmes[parseReference(reference)!.form as ReviewedProgrammeKey].reasons[status][0]!.key;

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
    const enrol = (email: string, role: Role) => enrolMember(server.address, server.database, email, role, storage.keys());

    /** A stored application of `form` (as the form route stores it), by its reference. */
    async function application(form: FormKey = 'project-grants', values: FormValues = validProjectGrants()): Promise<string> {
      const id = await receiveApplication(server.database, { form, endpoint: `/api/${form}`, payload: formDefinitions[form].toPayload(values), upload: null });
      return referenceOf(form, id);
    }

    /** Moves an application along the workflow as a reviewer, asserting each step is taken. */
    async function moveTo(reference: string, ...path: ApplicationStatus[]): Promise<void> {
      for (const status of path) {
        if (status === 'information_requested') {
          // Entered only by asking the applicant a question, never by a plain status change.
          const asked = await api(members.reviewer).post(`/applications/${reference}/information-request/send`, { question: '¿Nos envías el presupuesto detallado?' });
          expect(asked.status).toBe(200);
          continue;
        }
        if (status === 'approved' || status === 'rejected') {
          // A decision names a reason from the programme's list, and only an admin takes it.
          const decided = await api(members.admin).post(`/applications/${reference}/decision`, { status, reason: reasonFor(reference, status) });
          expect(decided.status).toBe(200);
          continue;
        }
        const response = await api(members.reviewer).post('/applications/status', { references: [reference], status });
        expect(await response.json()).toEqual({ changed: [reference], unchanged: [] });
      }
    }

    const detailOf = async (reference: string, member: Member = members.reviewer): Promise<Detail> => {
      const response = await api(member).get(`/applications/${reference}`);
      expect(response.status).toBe(200);
      return (await response.json()) as Detail;
    };

    const decisionRows = (reference: string) =>
      server.database.query('SELECT status FROM application_decision_emails WHERE submission_id = $1', [reference.replace(/^[A-Z]{2}-0*/, '')]);

    /** The emails with this subject the sink has received, once there are `count` of them. */
    async function arrivedAll(subject: string, count: number): Promise<ReceivedEmail[]> {
      const matching = () => sink.received.filter((email) => email.headers.subject === subject);
      await eventually(() => matching().length >= count);
      return matching();
    }
    const arrived = async (subject: string): Promise<ReceivedEmail> => (await arrivedAll(subject, 1))[0]!;

    beforeAll(async () => {
      sink = await startSmtpSink();
      storage = await createRestartableStorage(backend);
      server = await storage.start({ SMTP_URL: sink.url, MAIL_FROM: '"Cadena Academy" <hola@example.org>', ...FAST_RETRY_ENV }, { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' });
      for (const role of ['admin', 'reviewer', 'finance'] as const) members[role] = await enrol(`${role}@example.org`, role);
      const { grantee } = await addGrantee(server.database, 'Grantee sin solicitud');
      const keyring = resolveFinanceKeys({ financeKey: null, financeOldKeys: [], dataDir: storage.env.DATA_DIR! }).keyring;
      const version = await server.database.transaction((tx) => recordFinanceDetails(tx, grantee.id, formDefinitions['grantee-finance'].toPayload(validFinanceCrypto()), keyring));
      financeRef = referenceOf('grantee-finance', version.id);
    });
    afterAll(async () => {
      await server?.stop();
      await storage?.close();
      await sink?.close();
    });

    describe('authorisation matrix', () => {
      // [method, path, body, anonymous, reviewer, finance, admin, revoked]: every route of the review workflow.
      const MATRIX: Array<[string, string, unknown, number, number, number, number, number]> = [
        ['GET', '/assignees', null, 401, 200, 200, 200, 401],
        ['GET', '/applications?status=approved&assignee=none', null, 401, 200, 200, 200, 401],
        ['GET', '/applications/{ref}', null, 401, 200, 200, 200, 401],
        ['GET', '/applications/{ref}/payment-details', null, 401, 403, 200, 403, 401],
        ['POST', '/applications/status', { references: ['{ref}'], status: 'in_review' }, 401, 200, 403, 200, 401],
        ['POST', '/applications/{ref}/assign', { memberId: null }, 401, 403, 403, 200, 401],
        // Already approved: the admin passes the role check and is told so.
        ['POST', '/applications/{ref}/decision', { status: 'approved', reason: 'meets-criteria' }, 401, 403, 403, 409, 401],
        ['POST', '/applications/{ref}/notes', { body: 'Revisar.' }, 401, 201, 403, 201, 401],
        ['POST', '/applications/{ref}/decision-email/preview', {}, 401, 200, 403, 200, 401],
        // A made-up email passes the role check and is refused as stale.
        ['POST', '/applications/{ref}/decision-email/send', { subject: 'x', text: 'y' }, 401, 409, 403, 409, 401],
        ['POST', '/applications/{ref}/grantee', {}, 401, 403, 403, 201, 401],
      ];
      const CALLERS = ['anonymous', 'reviewer', 'finance', 'admin', 'revoked'] as const;

      it.each(CALLERS.map((caller, index) => [caller, index] as const))('%s gets exactly the statuses of the matrix', async (caller, index) => {
        let member: Member | null = null;
        if (caller === 'revoked') {
          member = await enrol(`matrix-revoked-${backend}@example.org`, 'admin');
          expect((await api(members.admin).post('/members/revoke', { email: member.email })).status).toBe(204);
        } else if (caller !== 'anonymous') {
          member = await enrol(`matrix-${caller}-${backend}@example.org`, caller);
        }
        const reference = await application();
        await moveTo(reference, 'in_review', 'approved');
        const seen: string[] = [];
        const expected: string[] = [];
        for (const [method, template, body, ...statuses] of MATRIX) {
          const path = template.replace('{ref}', reference);
          const payload = JSON.parse(JSON.stringify(body).replace('{ref}', reference)) as unknown;
          const response = method === 'GET' ? await api(member).get(path) : await api(member).post(path, payload);
          seen.push(`${method} ${template} → ${response.status}`);
          expected.push(`${method} ${template} → ${statuses[index]}`);
          if (response.status >= 400) expect(await response.json()).toEqual({ error: expect.any(String) });
          expect(response.headers.get('cache-control')).toBe('no-store');
        }
        expect(seen).toEqual(expected);
      });
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
        expect(audit.filter((entry) => entry.action === 'change-status' && entry.target.startsWith(`${approved}:`))).toHaveLength(2);
      });

      it('allows exactly the workflow transitions, and says so in Spanish for every other one', async () => {
        /** The admin's change: a decision (with a reason) to approve or reject, the bulk route otherwise, answered alike. */
        const changeTo = async (reference: string, to: ApplicationStatus): Promise<{ changed: string[]; unchanged: Array<{ reference: string; reason: string }> }> => {
          if (to !== 'approved' && to !== 'rejected') return (await (await api(members.admin).post('/applications/status', { references: [reference], status: to })).json()) as never;
          const response = await api(members.admin).post(`/applications/${reference}/decision`, { status: to, reason: reasonFor(reference, to) });
          return response.status === 200 ? { changed: [reference], unchanged: [] } : { changed: [], unchanged: [{ reference, reason: ((await response.json()) as { error: string }).error }] };
        };
        const labels = { received: 'Recibida', in_review: 'En revisión', information_requested: 'Información solicitada', approved: 'Aprobada', rejected: 'Rechazada', withdrawn: 'Retirada' };
        const pathTo: Record<ApplicationStatus, ApplicationStatus[]> = {
          received: [],
          in_review: ['in_review'],
          information_requested: ['information_requested'],
          approved: ['in_review', 'approved'],
          rejected: ['in_review', 'rejected'],
          withdrawn: ['withdrawn'],
        };
        for (const from of APPLICATION_STATUSES) {
          for (const to of APPLICATION_STATUSES) {
            const reference = await application();
            await moveTo(reference, ...pathTo[from]);
            const body = await changeTo(reference, to);
            const expected =
              from === to
                ? { changed: [], unchanged: [{ reference, reason: 'Ya está en ese estado.' }] }
                : nextStatuses[from].includes(to)
                  ? { changed: [reference], unchanged: [] }
                  : { changed: [], unchanged: [{ reference, reason: `No se puede pasar de ${labels[from]} a ${labels[to]}.` }] };
            expect(body, `${from} → ${to}`).toEqual(expected);
          }
        }
        // The workflow, spelled out: a rejection can be reopened, an approval only withdrawn.
        expect(nextStatuses).toEqual({
          received: ['in_review', 'withdrawn'],
          in_review: ['approved', 'rejected', 'withdrawn'],
          information_requested: ['in_review', 'approved', 'rejected', 'withdrawn'],
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

    describe('inbox filters and assignment', () => {
      it('lists the members an application can be assigned to: active reviewers and admins', async () => {
        const gone = await enrol(`gone-${backend}@example.org`, 'reviewer');
        expect((await api(members.admin).post('/members/revoke', { email: gone.email })).status).toBe(204);
        for (const member of [members.reviewer, members.finance, members.admin]) {
          const response = await api(member).get('/assignees');
          expect(response.status).toBe(200);
          const { members: listed } = (await response.json()) as { members: Array<{ id: string; email: string; role: string }> };
          expect(listed.map((entry) => entry.email)).toEqual(expect.arrayContaining([members.admin.email, members.reviewer.email]));
          expect(listed.map((entry) => entry.email)).not.toContain(members.finance.email);
          expect(listed.map((entry) => entry.email)).not.toContain(gone.email);
          expect(listed.every((entry) => /^\d+$/.test(entry.id) && (entry.role === 'reviewer' || entry.role === 'admin'))).toBe(true);
        }
        expect((await api(null).get('/assignees')).status).toBe(401);
      });

      it('assigns to a reviewer or admin, unassigns, refuses anyone else, and filters the inbox by status and assignee', async () => {
        const word = `zanahoria${backend}`;
        const values = { ...validProjectGrants(), projectDescription: `Huertos de ${word} en la ciudad.` };
        const [mine, theirs, nobodys] = [await application('project-grants', values), await application('project-grants', values), await application('project-grants', values)];
        const assignees = ((await (await api(members.reviewer).get('/assignees')).json()) as { members: Array<{ id: string; email: string }> }).members;
        const reviewerId = assignees.find((entry) => entry.email === members.reviewer.email)!.id;
        const adminId = assignees.find((entry) => entry.email === members.admin.email)!.id;

        // Admins assign; a reviewer may not (403).
        expect((await api(members.reviewer).post(`/applications/${mine}/assign`, { memberId: reviewerId })).status).toBe(403);
        const assigned = await api(members.admin).post(`/applications/${mine}/assign`, { memberId: reviewerId });
        expect(assigned.status).toBe(200);
        expect(await assigned.json()).toEqual({ assignee: { id: reviewerId, email: members.reviewer.email } });
        expect((await api(members.admin).post(`/applications/${theirs}/assign`, { memberId: adminId })).status).toBe(200);
        // The assigned reviewer reads the application once they declare no conflict.
        expect((await api(members.reviewer).post(`/applications/${mine}/declaration`, { conflict: false })).status).toBe(200);
        expect((await detailOf(mine)).assignee).toEqual({ id: reviewerId, email: members.reviewer.email });
        expect(await auditEntries(server.database)).toContainEqual({ actor: members.admin.email, action: 'assign-reviewers', target: `${mine}: ${members.reviewer.email}` });
        await moveTo(theirs, 'in_review');

        const ids = async (query: string, member: Member = members.reviewer): Promise<string[]> => {
          const response = await api(member).get(`/applications?q=${word}&${query}`);
          expect(response.status, query).toBe(200);
          return ((await response.json()) as { items: Array<{ id: string }> }).items.map((item) => item.id).sort();
        };
        expect(await ids('')).toEqual([mine, theirs, nobodys].sort());
        expect(await ids('assignee=me')).toEqual([mine]);
        // The admin has not declared on theirs yet: its answers are withheld from them, so no search reaches it.
        expect(await ids('assignee=me', members.admin)).toEqual([]);
        expect((await api(members.admin).post(`/applications/${theirs}/declaration`, { conflict: false })).status).toBe(200);
        expect(await ids('assignee=me', members.admin)).toEqual([theirs]);
        expect(await ids('assignee=none')).toEqual([nobodys]);
        expect(await ids(`assignee=${adminId}`)).toEqual([theirs]);
        expect(await ids('status=in_review')).toEqual([theirs]);
        expect(await ids('status=received')).toEqual([mine, nobodys].sort());
        expect(await ids('status=received,in_review&assignee=none')).toEqual([nobodys]);
        expect(await ids('status=approved')).toEqual([]);
        const listed = (await (await api(members.reviewer).get(`/applications?q=${word}&assignee=me`)).json()) as { items: Array<Record<string, unknown>> };
        expect(listed.items[0]).toMatchObject({ status: 'received', assignee: { id: reviewerId, email: members.reviewer.email } });
        // Finance reads the inbox too; with a status filter, grantee finance (no status) is left out.
        expect(await ids('status=received', members.finance)).toEqual([mine, nobodys].sort());

        for (const query of ['status=nope', 'status=received,', 'status=Recibida', 'status=received&status=in_review', 'assignee=someone', 'assignee=-1', 'assignee=0', 'assignee=1.5', `assignee=${'9'.repeat(19)}`]) {
          const response = await api(members.reviewer).get(`/applications?${query}`);
          expect(response.status, query).toBe(400);
          expect(await response.json()).toEqual({ error: expect.any(String) });
        }

        // Unassign, then the refusals.
        expect(await (await api(members.admin).post(`/applications/${mine}/assign`, { memberId: null })).json()).toEqual({ assignee: null });
        expect((await detailOf(mine)).assignee).toBeNull();
        const financeId = (await server.database.query<{ id: string }>('SELECT id::text AS id FROM team_members WHERE email = $1', [members.finance.email]))[0]!.id;
        for (const memberId of [financeId, '999999', '0', 'abc', 7, true, {}]) {
          const response = await api(members.admin).post(`/applications/${mine}/assign`, { memberId });
          expect(response.status, JSON.stringify(memberId)).toBe(400);
        }
        expect((await api(members.admin).post(`/applications/${mine}/assign`, {})).status).toBe(400);
        expect((await api(members.finance).post(`/applications/${mine}/assign`, { memberId: reviewerId })).status).toBe(403);
        expect((await api(null).post(`/applications/${mine}/assign`, { memberId: reviewerId })).status).toBe(401);
        for (const reference of ['PG-999999', 'nonsense', financeRef]) {
          const response = await api(members.admin).post(`/applications/${reference}/assign`, { memberId: reviewerId });
          expect(response.status).toBe(404);
          expect(await response.json()).toEqual({ error: NOT_FOUND });
        }
        expect((await detailOf(mine)).assignee).toBeNull();
      });
    });

    describe('internal notes', () => {
      it('adds notes for the team, oldest first, audited without their text', async () => {
        const reference = await application();
        const first = await api(members.reviewer).post(`/applications/${reference}/notes`, { body: 'Pedir el presupuesto detallado.\n\tSegunda línea.' });
        expect(first.status).toBe(201);
        expect(await first.json()).toEqual({ id: expect.any(String), body: 'Pedir el presupuesto detallado.\n\tSegunda línea.', by: members.reviewer.email, at: expect.any(String) });
        expect((await api(members.admin).post(`/applications/${reference}/notes`, { body: 'x'.repeat(5000) })).status).toBe(201);
        const { notes } = await detailOf(reference, members.finance);
        expect(notes.map((note) => [note.by, note.body.length])).toEqual([
          [members.reviewer.email, 47],
          [members.admin.email, 5000],
        ]);
        const audit = await auditEntries(server.database);
        expect(audit).toContainEqual({ actor: members.reviewer.email, action: 'add-note', target: reference });
        expect(audit.some((entry) => entry.target.includes('presupuesto'))).toBe(false);
      });

      it('refuses notes with control characters, broken Unicode, no text or over 5000 characters (400), and finance or no session', async () => {
        const reference = await application();
        const reviewer = api(members.reviewer);
        for (const body of ['a\u0000b', 'bell \u0007', 'esc \u001b[31m', 'lone \ud800 surrogate', '', '   \n ', 'x'.repeat(5001), 42, null, ['nota']]) {
          const response = await reviewer.post(`/applications/${reference}/notes`, { body });
          expect(response.status, JSON.stringify(body)).toBe(400);
          expect(await response.json()).toEqual({ error: expect.any(String) });
        }
        expect((await reviewer.post(`/applications/${reference}/notes`, {})).status).toBe(400);
        expect((await api(members.finance).post(`/applications/${reference}/notes`, { body: 'hola' })).status).toBe(403);
        expect((await api(null).post(`/applications/${reference}/notes`, { body: 'hola' })).status).toBe(401);
        expect((await reviewer.post('/applications/PG-999999/notes', { body: 'hola' })).status).toBe(404);
        expect((await reviewer.post(`/applications/${financeRef}/notes`, { body: 'hola' })).status).toBe(404);
        expect((await detailOf(reference)).notes).toEqual([]);
      });
    });

    describe('decision emails', () => {
      it('previews the programme template for Aprobada, sends exactly that through the outbox once, and shows it on the detail', async () => {
        const reference = await application();
        const refused = await api(members.reviewer).post(`/applications/${reference}/decision-email/preview`);
        expect(refused.status).toBe(409);
        expect(await refused.json()).toEqual({ error: 'No hay correo de decisión para una solicitud en estado «Recibida»: solo para «Aprobada» o «Rechazada».' });
        await moveTo(reference, 'in_review', 'approved');
        const preview = (await (await api(members.reviewer).post(`/applications/${reference}/decision-email/preview`)).json()) as { to: string; subject: string; text: string };
        expect(preview.to).toBe('ana@example.org');
        expect(preview.subject).toBe(`Tu solicitud a Project Grants fue aprobada (${reference})`);
        expect(preview.text).toContain('Hola Ana:');
        expect(preview.text).toContain('aprobó tu solicitud a Project Grants para el proyecto «Verkle explorer»');
        expect(preview.text).toContain(`Número de referencia: ${reference}`);
        expect(preview.text).toContain('ID de seguridad (Security Grantee ID)');
        // Nothing is queued by a preview.
        expect(await decisionRows(reference)).toEqual([]);

        const edited = await api(members.reviewer).post(`/applications/${reference}/decision-email/send`, { subject: preview.subject, text: `${preview.text} Te daremos USD 50,000.` });
        expect(edited.status).toBe(409);
        expect(await edited.json()).toEqual({ error: 'La solicitud cambió; vuelve a ver la vista previa.' });
        const sent = await api(members.reviewer).post(`/applications/${reference}/decision-email/send`, { subject: preview.subject, text: preview.text });
        expect(sent.status).toBe(202);
        expect(await sent.json()).toEqual({ queuedAt: expect.any(String) });
        const again = await api(members.admin).post(`/applications/${reference}/decision-email/send`, { subject: preview.subject, text: preview.text });
        expect(again.status).toBe(409);
        expect(await again.json()).toEqual({ error: 'Ya enviamos el correo de esta decisión.' });

        const received = await arrived(preview.subject);
        expect(received.envelopeTo).toEqual(['ana@example.org']);
        expect(received.text.trim()).toBe(preview.text.trim());
        const outboxRow = async () =>
          (
            await server.database.query<{ purpose: string; body: string | null; status: string }>(
              'SELECT o.purpose, o.body, o.status FROM mail_outbox o JOIN application_decision_emails d ON d.outbox_id = o.id WHERE d.submission_id = $1',
              [reference.replace(/^PG-0*/, '')],
            )
          )[0];
        await eventually(async () => (await outboxRow())?.status === 'sent');
        expect(await outboxRow()).toEqual({ purpose: 'decision', body: null, status: 'sent' });
        const detail = await detailOf(reference);
        expect(detail.decisionEmails).toEqual([{ status: 'approved', queuedAt: expect.any(String), sentAt: expect.any(String), by: members.reviewer.email }]);
        expect(await auditEntries(server.database)).toContainEqual({ actor: members.reviewer.email, action: 'send-decision-email', target: `${reference}: Aprobada` });
      });

      it('sends the rejection, and refuses a send once the status changed since the preview (409)', async () => {
        const rejected = await application('office-hours', validOfficeHours());
        await moveTo(rejected, 'in_review', 'rejected');
        const preview = (await (await api(members.admin).post(`/applications/${rejected}/decision-email/preview`)).json()) as { subject: string; text: string };
        expect(preview.subject).toBe(`Sobre tu solicitud de Office Hours (${rejected})`);
        expect(preview.text).toContain('decidió no programar una sesión esta vez');
        // Reopened after the preview: the preview is stale.
        await moveTo(rejected, 'in_review');
        const stale = await api(members.admin).post(`/applications/${rejected}/decision-email/send`, preview);
        expect(stale.status).toBe(409);
        expect(await stale.json()).toEqual({ error: 'La solicitud cambió; vuelve a ver la vista previa.' });
        await moveTo(rejected, 'rejected');
        expect((await api(members.admin).post(`/applications/${rejected}/decision-email/send`, preview)).status).toBe(202);
        expect((await arrived(preview.subject)).text).toContain('Gracias por tu solicitud de Office Hours');

        const withdrawn = await application();
        await moveTo(withdrawn, 'in_review', 'approved');
        const approval = (await (await api(members.reviewer).post(`/applications/${withdrawn}/decision-email/preview`)).json()) as { subject: string; text: string };
        await moveTo(withdrawn, 'withdrawn');
        expect((await api(members.reviewer).post(`/applications/${withdrawn}/decision-email/send`, approval)).status).toBe(409);
        expect(await decisionRows(withdrawn)).toEqual([]);
      });

      it('refuses decision emails to finance and without a session, malformed sends with 400, unknown applications with 404', async () => {
        const reference = await application();
        await moveTo(reference, 'in_review', 'approved');
        const preview = (await (await api(members.reviewer).post(`/applications/${reference}/decision-email/preview`)).json()) as { subject: string; text: string };
        expect((await api(members.finance).post(`/applications/${reference}/decision-email/preview`)).status).toBe(403);
        expect((await api(members.finance).post(`/applications/${reference}/decision-email/send`, preview)).status).toBe(403);
        expect((await api(null).post(`/applications/${reference}/decision-email/preview`)).status).toBe(401);
        expect((await api(null).post(`/applications/${reference}/decision-email/send`, preview)).status).toBe(401);
        for (const body of [{}, { subject: preview.subject }, { text: preview.text }, { subject: 1, text: preview.text }, { subject: preview.subject, text: ['x'] }]) {
          expect((await api(members.reviewer).post(`/applications/${reference}/decision-email/send`, body)).status, JSON.stringify(body)).toBe(400);
        }
        for (const id of ['PG-999999', 'nonsense', financeRef]) {
          expect((await api(members.reviewer).post(`/applications/${id}/decision-email/preview`)).status).toBe(404);
          expect((await api(members.reviewer).post(`/applications/${id}/decision-email/send`, preview)).status).toBe(404);
        }
        expect(await decisionRows(reference)).toEqual([]);
      });
    });

    describe('grantee IDs and payment details', () => {
      const ID_LINE = /^[0-9A-HJKMNP-TV-Z]{18}$/m;
      const securityIdIn = (text: string): string => ID_LINE.exec(text)![0];
      const submitFinance = (securityId: string, ethAddress = CHECKSUMMED_ADDRESS) =>
        postJson(server.address + endpoints.granteeFinance.path, formDefinitions['grantee-finance'].toPayload({ ...validFinanceCrypto(), ethAddress, granteeSecurityID: securityId }), 'PUT');

      it('issues the ID of an approved application by email only; the ID opens the finance form; finance alone sees the payment details', async () => {
        const reference = await application();
        const admin = api(members.admin);
        const early = await admin.post(`/applications/${reference}/grantee`);
        expect(early.status).toBe(409);
        expect(await early.json()).toEqual({ error: 'Solo se emite un ID de seguridad (Security Grantee ID) para una solicitud en estado «Aprobada».' });
        await moveTo(reference, 'in_review', 'approved');
        expect((await api(members.reviewer).post(`/applications/${reference}/grantee`)).status).toBe(403);
        expect((await api(members.finance).post(`/applications/${reference}/grantee`)).status).toBe(403);
        expect((await api(null).post(`/applications/${reference}/grantee`)).status).toBe(401);

        const issued = await admin.post(`/applications/${reference}/grantee`);
        expect(issued.status).toBe(201);
        const answer = await issued.text();
        expect(JSON.parse(answer)).toEqual({ issuedAt: expect.any(String) });
        const email = await arrived(`Tu ID de seguridad (Security Grantee ID) para Project Grants (${reference})`);
        expect(email.envelopeTo).toEqual(['ana@example.org']);
        expect(email.text).toContain('http://localhost:3000/applicants/grantee-finance/');
        const securityId = securityIdIn(email.text);
        expect(answer).not.toContain(securityId);
        const audit = await auditEntries(server.database);
        expect(audit).toContainEqual({ actor: members.admin.email, action: 'issue-grantee-id', target: reference });
        expect(audit.some((entry) => entry.target.includes(securityId))).toBe(false);
        // Stored hashed only; the sent email's body is gone from the outbox.
        const stored = await server.database.query<{ label: string; id_hash: string }>('SELECT g.label, g.id_hash FROM grantees g WHERE g.submission_id = $1', [reference.replace(/^PG-0*/, '')]);
        expect(stored).toEqual([{ label: `${reference} Ana Pérez`, id_hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
        await eventually(async () => (await server.database.query("SELECT 1 FROM mail_outbox WHERE purpose = 'grantee-id' AND status = 'pending'")).length === 0);
        expect(JSON.stringify(await server.database.query("SELECT * FROM mail_outbox WHERE purpose = 'grantee-id'"))).not.toContain(securityId);
        expect((await detailOf(reference)).grantee).toEqual({ issuedAt: expect.any(String), issuedBy: members.admin.email, revokedAt: null });

        const paid = await submitFinance(securityId);
        expect(paid.status).toBe(201);
        const financeDetail = await detailOf(reference, members.finance);
        expect(financeDetail.paymentDetails).toHaveLength(1);
        const [version] = financeDetail.paymentDetails!;
        expect(version).toMatchObject({ version: 1, reference: expect.stringMatching(/^GF-\d{6}$/), receivedAt: expect.any(String) });
        expect(version!.sections.flatMap((section) => section.answers).find((entry) => entry.name === 'ethAddress')?.value).toBe(CHECKSUMMED_ADDRESS);
        expect(await auditEntries(server.database)).toContainEqual({ actor: members.finance.email, action: 'view-payment-details', target: version!.reference });

        // Reviewer and admin: no trace of them in the detail, and 403 on the payment-details route.
        for (const member of [members.reviewer, members.admin]) {
          const detail = (await detailOf(reference, member)) as Record<string, unknown>;
          expect(Object.hasOwn(detail, 'paymentDetails')).toBe(false);
          expect(JSON.stringify(detail)).not.toContain(CHECKSUMMED_ADDRESS);
          const refused = await api(member).get(`/applications/${reference}/payment-details`);
          expect(refused.status).toBe(403);
          expect(await refused.json()).toEqual({ error: 'Tu rol no permite esta acción.' });
        }
        expect((await api(null).get(`/applications/${reference}/payment-details`)).status).toBe(401);
        const own = await api(members.finance).get(`/applications/${reference}/payment-details`);
        expect(own.status).toBe(200);
        expect(((await own.json()) as { paymentDetails: unknown[] }).paymentDetails).toEqual(financeDetail.paymentDetails);
        expect((await api(members.finance).get('/applications/PG-999999/payment-details')).status).toBe(404);
      });

      it('a re-issue revokes the previous ID: the old one is refused by the finance form, the new one works, and every version shows', async () => {
        const reference = await application();
        await moveTo(reference, 'in_review', 'approved');
        const admin = api(members.admin);
        expect((await admin.post(`/applications/${reference}/grantee`)).status).toBe(201);
        const oldId = securityIdIn((await arrived(`Tu ID de seguridad (Security Grantee ID) para Project Grants (${reference})`)).text);
        expect((await submitFinance(oldId)).status).toBe(201);

        expect((await admin.post(`/applications/${reference}/grantee`)).status).toBe(201);
        const emails = await arrivedAll(`Tu ID de seguridad (Security Grantee ID) para Project Grants (${reference})`, 2);
        const newEmail = emails.find((candidate) => !candidate.text.includes(oldId))!;
        expect(newEmail.text).toContain('el anterior ya no funciona');
        const newId = securityIdIn(newEmail.text);
        expect(newId).not.toBe(oldId);

        const refused = await submitFinance(oldId);
        expect(refused.status).toBe(404);
        const SECOND_ADDRESS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
        expect((await submitFinance(newId, SECOND_ADDRESS)).status).toBe(201);
        const { paymentDetails, grantee } = await detailOf(reference, members.finance);
        expect(grantee).toEqual({ issuedAt: expect.any(String), issuedBy: members.admin.email, revokedAt: null });
        const addresses = paymentDetails!.map((version) => version.sections.flatMap((section) => section.answers).find((entry) => entry.name === 'ethAddress')?.value);
        expect(addresses).toEqual([SECOND_ADDRESS, CHECKSUMMED_ADDRESS]);
        const revoked = await server.database.query<{ revoked: boolean }>('SELECT revoked_at IS NOT NULL AS revoked FROM grantees WHERE submission_id = $1 ORDER BY id', [reference.replace(/^PG-0*/, '')]);
        expect(revoked).toEqual([{ revoked: true }, { revoked: false }]);
        expect(await auditEntries(server.database)).toContainEqual({ actor: members.admin.email, action: 'reissue-grantee-id', target: reference });

        if (backend === 'postgres') {
          // After the whole flow, a dump shows neither wallet address nor either security ID in clear
          // (PGlite's dump is checked in financeAtRest.test.ts).
          await eventually(async () => (await server.database.query("SELECT 1 FROM mail_outbox WHERE status = 'pending'")).length === 0);
          const dump = execFileSync('/usr/lib/postgresql/15/bin/pg_dump', ['--no-owner', storage.env.DATABASE_URL!], { encoding: 'utf8' });
          expect(dump).toContain('application_status_history');
          for (const secret of [SECOND_ADDRESS, CHECKSUMMED_ADDRESS, oldId, newId]) expect(dump.toLowerCase()).not.toContain(secret.toLowerCase());
        }
      });

      it('issues no ID for Office Hours or a grantee finance record, and the CLI grantees keep working without an application', async () => {
        const officeHours = await application('office-hours', validOfficeHours());
        await moveTo(officeHours, 'in_review', 'approved');
        const refused = await api(members.admin).post(`/applications/${officeHours}/grantee`);
        expect(refused.status).toBe(409);
        expect((await api(members.admin).post(`/applications/${financeRef}/grantee`)).status).toBe(404);
        expect((await api(members.admin).post('/applications/PG-999999/grantee')).status).toBe(404);
        const { securityId } = await addGrantee(server.database, 'Grantee de la CLI');
        expect((await submitFinance(securityId)).status).toBe(201);
      });
    });
  });
}

describe('decision email templates', () => {
  const FORMS: Array<[ReviewedForm, FormValues]> = [
    ['project-grants', validProjectGrants()],
    ['small-grants', validSmallGrantsEvent()],
    ['academic-grants', validAcademicGrants()],
    ['devcon-grants', validDevconGrants()],
    ['office-hours', validOfficeHours()],
  ];

  it.each(FORMS)('%s: Spanish, to the applicant, naming the programme and the reference, with no invented figure, date or promise', (form, values) => {
    const application = { form, id: '42', payload: formDefinitions[form].toPayload(values), createdAt: new Date() };
    const reference = referenceOf(form, '42');
    const name = programmes[form].name;
    for (const status of ['approved', 'rejected'] as const) {
      const email = composeDecisionEmail(application, status);
      expect(email.to).toBe('ana@example.org');
      expect(email.subject).toContain(name);
      expect(email.subject.endsWith(`(${reference})`)).toBe(true);
      expect(email.text.startsWith('Hola Ana:\n')).toBe(true);
      expect(email.text).toContain(`Número de referencia: ${reference}`);
      // No amount, date or deadline: the only digits are the reference's (and the site's port in the portal link it ends with).
      expect(email.text.trimEnd().endsWith(applicantPortalUrl())).toBe(true);
      expect(email.text.replaceAll(reference, '').replaceAll(applicantPortalUrl(), '')).not.toMatch(/\d|USD|\$/);
      if (status === 'rejected') expect(email.text).not.toMatch(/Grantee ID|te escribirá/);
    }
    const approval = composeDecisionEmail(application, 'approved').text;
    expect(approval).toContain('te escribirá');
    expect(approval.includes('ID de seguridad (Security Grantee ID)')).toBe(form !== 'office-hours');
  });

  it('the grantee ID email carries the ID once, the finance form link, and on a re-issue says the old ID stopped working', () => {
    const application = { form: 'devcon-grants' as const, id: '7', payload: formDefinitions['devcon-grants'].toPayload(validDevconGrants()), createdAt: new Date() };
    const first = composeGranteeIdEmail(application, { securityId: 'ABCDEFGHJKMNPQRSTV', siteOrigin: 'https://becas.example.org', reissued: false });
    expect(first.text.split('ABCDEFGHJKMNPQRSTV')).toHaveLength(2);
    expect(first.text).toContain('https://becas.example.org/applicants/grantee-finance/');
    expect(first.text).not.toContain('ya no funciona');
    expect(composeGranteeIdEmail(application, { securityId: 'ABCDEFGHJKMNPQRSTV', siteOrigin: 'https://becas.example.org', reissued: true }).text).toContain('el anterior ya no funciona');
  });
});
