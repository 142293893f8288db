/**
 * Corrections and versions (issue 52), on PGlite and PostgreSQL: "Pedir información" opening answers, the
 * applicant's correction making version n+1 with their answer (checked with the form's own rules and
 * messages), every version kept whole, the team's "Cambios", scores marked with their version and confirmed,
 * the CSV's and the data-rights bundle's versions, erasure; who may call each new or changed route; and every
 * refusal storing nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantApplicationDetail, InformationResponseCreated } from '../../src/api/contracts/applicant';
import type { ApplicationVersions, CorrectionRefused } from '../../src/api/contracts/revisions';
import type { QuestionEmailPreview, QuestionSent } from '../../src/api/contracts/teamInformation';
import type { ApplicationDetail } from '../../src/api/contracts/teamApplications';
import type { ScoresResult } from '../../src/api/contracts/teamScoring';
import { DEFAULT_REVIEW_CONFIG } from '../../src/config/review';
import { formDefinitions, type FormValues } from '../../src/forms/definitions';
import { correctableFields } from '../../src/forms/definitions/corrections';
import { OTHER } from '../../src/forms/options';
import type { WirePayload } from '../../src/forms/definitions/types';
import { receiveApplication } from '../../src/server/applications/receive';
import { eraseInTransaction } from '../../src/server/dataRights/erase';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { referenceOf } from '../../src/server/mail/compose';
import type { Role } from '../../src/server/team/roles';
import { validAcademicGrants, validProjectGrants } from '../../scripts/support/formAnswers';
import { auditEntries, enrolMember, queuedBody, SITE, teamClient, type Member } from './support/teamClient';
import { BACKENDS, startTestServer, type TestServer } from './support/testServer';

const project = DEFAULT_REVIEW_CONFIG.programmes['project-grants'];
const PROJECT = formDefinitions['project-grants'];
const scoresAt = (score: number) => project.criteria.map((criterion) => ({ criterion: criterion.key, score }));
const NOT_FOUND = { error: 'No encontramos esa solicitud.' };
const COOKIE = '__Host-solicitante';

type Callers = 'admin' | 'assigned' | 'notAssigned' | 'finance' | 'signedOut';
const CALLERS: readonly Callers[] = ['admin', 'assigned', 'notAssigned', 'finance', 'signedOut'];

/** Who may call the new and changed team routes. docs/team-api.md publishes the same rows. */
const TABLE: ReadonlyArray<readonly [string, ...number[]]> = [
  ['POST /applications/:id/information-request/preview', 200, 200, 200, 403, 401],
  ['POST /applications/:id/information-request/send', 200, 200, 200, 403, 401],
  ['GET /applications/:id/versions', 200, 200, 200, 200, 401],
  ['POST /applications/:id/scores/confirm', 403, 200, 403, 403, 401],
];

/** The table docs/team-api.md publishes under "Corrections: who may call what". */
function documentedTable(): string[][] {
  const text = fs.readFileSync(path.resolve(__dirname, '../../docs/team-api.md'), 'utf8');
  const section = text.slice(text.indexOf('### Corrections: who may call what'));
  const lines = section.slice(0, section.indexOf('\n\n', section.indexOf('| `'))).split('\n').filter((line) => line.startsWith('| `'));
  return lines.map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim().replace(/`/g, '')),
  );
}

for (const backend of BACKENDS) {
  describe(`corrections and versions (${backend})`, () => {
    let server: TestServer;
    const members = {} as Record<'admin' | 'reviewer' | 'second' | 'finance', Member>;
    const ids = {} as Record<keyof typeof members, string>;
    const keys = () => resolveFinanceKeys(server.config).keyring;
    const team = (member: Member | null) => teamClient(server.url, member?.cookie ?? null);
    const rowIdOf = (reference: string) => reference.replace(/^[A-Z]{2}-0*/, '');
    const ANA = 'ana.correcciones@example.org';
    const BRUNO = 'bruno.correcciones@example.org';
    const cookies = {} as Record<'ana' | 'bruno', string>;

    const enrol = async (name: keyof typeof members, role: Role) => {
      members[name] = await enrolMember(server.url, server.database, `${name}@example.org`, role, keys());
      ids[name] = (await server.database.query<{ id: string }>('SELECT id::text AS id FROM team_members WHERE email = $1', [`${name}@example.org`]))[0]!.id;
    };

    /** Signs an applicant in as the portal does: the link emailed (read from the outbox), its token posted. */
    async function signIn(email: string): Promise<string> {
      const asked = await fetch(`${server.url}/api/applicant/link`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE }, body: JSON.stringify({ email }) });
      expect(asked.status).toBe(202);
      const body = await queuedBody(server.database, 'applicant-link', email, keys());
      const token = /#([A-Za-z0-9_-]{43})/.exec(body ?? '')![1]!;
      const session = await fetch(`${server.url}/api/applicant/session`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE }, body: JSON.stringify({ token }) });
      expect(session.status).toBe(200);
      return session.headers.getSetCookie().find((line) => line.startsWith(`${COOKIE}=`))!.split(';')[0]!;
    }

    async function application(email: string = ANA, values: FormValues = validProjectGrants()): Promise<string> {
      const id = await receiveApplication(server.database, { form: 'project-grants', endpoint: '/api/project-grants', payload: PROJECT.toPayload({ ...values, email }), upload: null });
      return referenceOf('project-grants', id);
    }

    /** "Pedir información" as the reviewer sends it; the request as stored. */
    async function ask(reference: string, openFields?: unknown, member: Member = members.reviewer): Promise<QuestionSent['request']> {
      const response = await team(member).post(`/applications/${reference}/information-request/send`, { question: '¿Puedes corregir el monto y el repositorio?', ...(openFields === undefined ? {} : { openFields }) });
      expect(response.status).toBe(200);
      return ((await response.json()) as QuestionSent).request;
    }

    /** The applicant's answer as the page sends it: FormData with `text`, maybe `corrections` (JSON) and a `file`. */
    const respond = (cookie: string | null, reference: string, requestId: string, parts: { text?: string; corrections?: unknown; raw?: string }) => {
      const form = new FormData();
      form.append('text', parts.text ?? 'Corregí lo que pidieron.');
      if (parts.raw !== undefined) form.append('corrections', parts.raw);
      else if (parts.corrections !== undefined) form.append('corrections', JSON.stringify(parts.corrections));
      return fetch(`${server.url}/api/applicant/applications/${reference}/requests/${requestId}/response`, { method: 'POST', headers: { origin: SITE, ...(cookie ? { cookie } : {}) }, body: form });
    };

    const detailOf = async (cookie: string, reference: string): Promise<ApplicantApplicationDetail> => {
      const response = await fetch(`${server.url}/api/applicant/applications/${reference}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      return (await response.json()) as ApplicantApplicationDetail;
    };

    const versionRows = async (reference: string) =>
      server.database.query<{ version: number; payload: WirePayload; response_id: string | null }>(
        'SELECT version, payload, response_id::text AS response_id FROM application_versions WHERE submission_id = $1 ORDER BY version',
        [rowIdOf(reference)],
      );

    /** Everything a correction writes, to assert that a refusal wrote nothing. */
    async function stored(reference: string): Promise<string[]> {
      const id = rowIdOf(reference);
      const rows = async (sql: string, parameters: unknown[] = [id]) => JSON.stringify(await server.database.query(sql, parameters));
      return [
        await rows('SELECT payload, version, status, status_changed_at FROM submissions WHERE id = $1'),
        await rows('SELECT version, payload FROM application_versions WHERE submission_id = $1 ORDER BY version'),
        await rows('SELECT count(*)::int AS n FROM information_responses p JOIN information_requests r ON r.id = p.request_id WHERE r.submission_id = $1'),
        await rows('SELECT count(*)::int AS n FROM information_requests WHERE submission_id = $1'),
        await rows('SELECT count(*)::int AS n FROM webhook_outbox WHERE submission_id = $1'),
        await rows('SELECT count(*)::int AS n FROM mail_outbox', []),
        await rows("SELECT count(*)::int AS n FROM team_audit_log WHERE action IN ('applicant-respond', 'applicant-revise', 'request-information', 'confirm-scores')", []),
        await rows('SELECT member_id, version, updated_at FROM review_verdicts WHERE submission_id = $1 ORDER BY member_id'),
      ];
    }

    /** Assigns the reviewer, who declares no conflict and scores every criterion 4 (on the application's current version). */
    async function scoredByReviewer(reference: string): Promise<void> {
      expect((await team(members.admin).post(`/applications/${reference}/reviewers`, { memberIds: [ids.reviewer] })).status).toBe(200);
      expect((await team(members.reviewer).post(`/applications/${reference}/declaration`, { conflict: false })).status).toBe(200);
      expect((await team(members.reviewer).post(`/applications/${reference}/scores`, { scores: scoresAt(4), recommendation: 'approve' })).status).toBe(200);
    }

    /** A project grant scored by the reviewer on version 1, then corrected by the applicant: version 2. */
    async function correctedApplication(): Promise<string> {
      const reference = await application();
      await scoredByReviewer(reference);
      const request = await ask(reference, ['requestedAmount', 'projectRepo'], members.admin);
      const answer = await respond(cookies.ana, reference, request.id, { corrections: { requestedAmount: 'USD 42,000' } });
      expect(answer.status).toBe(201);
      return reference;
    }

    const webhookEvents = async (reference: string): Promise<string[]> =>
      (await server.database.query<{ event: string }>('SELECT event FROM webhook_outbox WHERE submission_id = $1 ORDER BY id', [rowIdOf(reference)])).map((row) => row.event);

    beforeAll(async () => {
      // Academic grants review blind here; project grants do not.
      const reviewConfigFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'revisions-')), 'review.json');
      const academicBlind = { ...DEFAULT_REVIEW_CONFIG.programmes['academic-grants'], blind: true };
      fs.writeFileSync(reviewConfigFile, JSON.stringify({ ...DEFAULT_REVIEW_CONFIG, programmes: { ...DEFAULT_REVIEW_CONFIG.programmes, 'academic-grants': academicBlind } }));
      server = await startTestServer({ backend, env: { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000', APPLICANT_LINK_RATE_LIMIT_PER_MINUTE: '1000', REVIEW_CONFIG: reviewConfigFile } });
      // One active receiver, whose deliveries wait unsent (no worker without WEBHOOK_URLS): the queued events can be read.
      await server.database.query("INSERT INTO webhook_endpoints (url_sha256) VALUES ('test-endpoint')");
      await enrol('admin', 'admin');
      await enrol('reviewer', 'reviewer');
      await enrol('second', 'reviewer');
      await enrol('finance', 'finance');
      await application(ANA);
      await application(BRUNO);
      cookies.ana = await signIn(ANA);
      cookies.bruno = await signIn(BRUNO);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('publishes the authorisation table in docs/team-api.md exactly as asserted here', () => {
      expect(documentedTable()).toEqual(TABLE.map((row) => row.map(String)));
    });

    it.each(CALLERS.map((caller, index) => [caller, index] as const))('%s gets exactly the statuses of the table', async (caller, index) => {
      const reference = await correctedApplication();
      const member = caller === 'signedOut' ? null : caller === 'assigned' ? members.reviewer : caller === 'notAssigned' ? members.second : members[caller];
      const bodies: Record<string, unknown> = {
        'POST /applications/:id/information-request/preview': { question: '¿Y el presupuesto?', openFields: ['requestedAmount'] },
        'POST /applications/:id/information-request/send': { question: '¿Y el presupuesto?', openFields: ['requestedAmount'] },
        'POST /applications/:id/scores/confirm': {},
      };
      for (const [route, ...statuses] of TABLE) {
        const [method, pattern] = route.split(' ') as [string, string];
        const url = pattern.replace(':id', reference);
        const response = method === 'GET' ? await team(member).get(url) : await team(member).post(url, bodies[route]);
        expect([route, response.status]).toEqual([route, statuses[index]]);
      }
    });

    it('holds the versions back from an assigned reviewer who has not declared, and answers 404 for a reference that is not an application', async () => {
      const reference = await application();
      expect((await team(members.admin).post(`/applications/${reference}/reviewers`, { memberIds: [ids.second] })).status).toBe(200);
      expect((await team(members.second).get(`/applications/${reference}/versions`)).status).toBe(403);
      expect((await team(members.admin).get('/applications/PG-999999/versions')).status).toBe(404);
      expect((await team(members.finance).get('/applications/GF-000001/versions')).status).toBe(404);
    });

    it('lets only the owner correct: another applicant gets 404, a signed-out caller 401, and neither stores anything', async () => {
      const reference = await application();
      const request = await ask(reference, ['requestedAmount']);
      const before = await stored(reference);
      const other = await respond(cookies.bruno, reference, request.id, { corrections: { requestedAmount: 'USD 1' } });
      expect([other.status, await other.json()]).toEqual([404, NOT_FOUND]);
      expect((await respond(null, reference, request.id, { corrections: { requestedAmount: 'USD 1' } })).status).toBe(401);
      expect(await stored(reference)).toEqual(before);
      expect((await respond(cookies.ana, reference, request.id, { corrections: { requestedAmount: 'USD 1' } })).status).toBe(201);
    });

    it('opens named answers, in the form’s order, names them in the email, and shows them to the applicant with the current values', async () => {
      const reference = await application();
      const preview = await team(members.reviewer).post(`/applications/${reference}/information-request/preview`, { question: '¿El monto?', openFields: ['requestedAmount', 'projectRepo'] });
      const previewed = (await preview.json()) as QuestionEmailPreview;
      const request = await ask(reference, ['requestedAmount', 'projectRepo']);
      expect(request.correction).toEqual({ fields: ['projectRepo', 'requestedAmount'], wholeApplication: false });
      const email = await queuedBody(server.database, 'information-request', ANA, keys());
      expect(email).toContain('Además, el equipo abrió estas respuestas de tu solicitud para que las corrijas:\n- Project repository\n- Requested amount\n');
      expect(previewed.body).toContain('- Project repository\n- Requested amount\n');
      expect(email).toContain('donde podrás escribir tu respuesta, corregir lo que el equipo abrió y adjuntar un archivo');
      console.log(`Request email with opened answers (outbox):\n${email}`);
      const detail = await detailOf(cookies.ana, reference);
      expect(detail.version).toBe(1);
      expect(detail.informationRequests.at(-1)!.correction).toEqual({ fields: ['projectRepo', 'requestedAmount'], wholeApplication: false });
      expect(detail.correctionValues).toEqual(PROJECT.fromPayload(PROJECT.toPayload({ ...validProjectGrants(), email: ANA })));
      const audit = (await auditEntries(server.database)).filter((entry) => entry.action === 'request-information').at(-1)!;
      expect(audit.target).toBe(`${reference} corrección: projectRepo, requestedAmount`);
    });

    it('opens the whole application: every correctable answer, never the email, the file or the captcha', async () => {
      const reference = await application();
      const request = await ask(reference, 'all');
      const names = correctableFields(PROJECT).map((field) => field.name);
      expect(request.correction).toEqual({ fields: names, wholeApplication: true });
      expect(names).not.toContain('email');
      expect(names).not.toContain('uploadProposal');
      expect(names).not.toContain('captchaToken');
      expect(await queuedBody(server.database, 'information-request', ANA, keys())).toContain('Además, el equipo abrió toda tu solicitud para que la corrijas');
      const answer = await respond(cookies.ana, reference, request.id, { corrections: { projectName: 'Verkle explorer 2', additionalInfo: 'Agregamos una nota.' } });
      expect(answer.status).toBe(201);
      expect((await detailOf(cookies.ana, reference)).answers.flatMap((section) => section.answers).find((entry) => entry.name === 'projectName')!.value).toBe('Verkle explorer 2');
    });

    it('refuses to open an answer the form does not have, the email or the file, storing nothing', async () => {
      const reference = await application();
      const before = await stored(reference);
      for (const [openFields, error] of [
        [['nope'], '«nope» no es una respuesta de este formulario.'],
        [['email'], 'El correo no se abre para corrección: es la dirección con la que quien postula entra a su solicitud.'],
        [['uploadProposal'], 'El archivo no se abre para corrección: quien postula puede adjuntar uno nuevo con su respuesta.'],
        [['captchaToken'], '«captchaToken» no es una respuesta de este formulario.'],
        ['todo', 'Elige las respuestas que quieres abrir para corrección, o «toda la solicitud».'],
      ] as const) {
        for (const step of ['preview', 'send']) {
          const response = await team(members.reviewer).post(`/applications/${reference}/information-request/${step}`, { question: '¿Algo?', openFields });
          expect([step, openFields, response.status, await response.json()]).toEqual([step, openFields, 400, { error }]);
        }
      }
      expect(await stored(reference)).toEqual(before);
    });

    it('makes version n+1 with the answer, keeps every version whole, and tells the team, the applicant and the webhook', async () => {
      const original = PROJECT.toPayload({ ...validProjectGrants(), email: ANA });
      const reference = await application();
      await scoredByReviewer(reference);
      const request = await ask(reference, ['requestedAmount', 'projectRepo']);
      const first = await respond(cookies.ana, reference, request.id, { corrections: { requestedAmount: 'USD 42,000', projectRepo: 'https://github.com/example/verkle-v2' } });
      const created = (await first.json()) as InformationResponseCreated;
      expect([first.status, created.version, created.revised, created.status]).toEqual([201, 2, true, 'in_review']);

      let versions = await versionRows(reference);
      expect(versions.map((row) => row.version)).toEqual([1, 2]);
      expect(versions[0]!.payload).toEqual(original);
      expect(versions[0]!.response_id).toBeNull();
      expect(versions[1]!.payload).toEqual({ ...original, requestedAmount: 'USD 42,000', projectRepo: 'https://github.com/example/verkle-v2' });
      const [head] = await server.database.query<{ payload: WirePayload; version: number }>('SELECT payload, version FROM submissions WHERE id = $1', [rowIdOf(reference)]);
      expect(head).toEqual({ payload: versions[1]!.payload, version: 2 });

      // A second correction: version 3, versions 1 and 2 exactly as they were.
      const again = await respond(cookies.ana, reference, request.id, { text: 'Un ajuste más.', corrections: { requestedAmount: 'USD 40,000' } });
      expect(((await again.json()) as InformationResponseCreated).version).toBe(3);
      const kept = versions;
      versions = await versionRows(reference);
      expect(versions.slice(0, 2)).toEqual(kept);
      expect(versions[2]!.payload).toEqual({ ...kept[1]!.payload, requestedAmount: 'USD 40,000' });

      // An answer whose correction changes nothing: no new version.
      const same = await respond(cookies.ana, reference, request.id, { corrections: { requestedAmount: 'USD 40,000' } });
      expect(((await same.json()) as InformationResponseCreated)).toMatchObject({ version: 3, revised: false });
      expect((await versionRows(reference)).length).toBe(3);

      const detail = await detailOf(cookies.ana, reference);
      expect(detail.version).toBe(3);
      expect(detail.answers.flatMap((section) => section.answers).find((entry) => entry.name === 'requestedAmount')!.value).toBe('USD 40,000');

      const changes = (await (await team(members.second).get(`/applications/${reference}/versions`)).json()) as ApplicationVersions;
      expect(changes.current).toBe(3);
      expect(changes.versions.map((version) => [version.version, version.requestId, version.askedBy])).toEqual([
        [1, null, null],
        [2, request.id, 'reviewer@example.org'],
        [3, request.id, 'reviewer@example.org'],
      ]);
      expect(changes.versions[1]!.changes).toEqual([
        { field: 'projectRepo', label: 'Project repository', before: 'https://github.com/example/verkle', after: 'https://github.com/example/verkle-v2' },
        { field: 'requestedAmount', label: 'Requested amount', before: 'USD 50,000', after: 'USD 42,000' },
      ]);
      expect(changes.versions[2]!.changes).toEqual([{ field: 'requestedAmount', label: 'Requested amount', before: 'USD 42,000', after: 'USD 40,000' }]);
      expect(changes.versions[1]!.question).toBe('¿Puedes corregir el monto y el repositorio?');
      expect(changes.versions[1]!.askedAt).toBe(request.askedAt);

      // Each answer is received; each one that changed answers is also a revision.
      expect((await webhookEvents(reference)).slice(-5)).toEqual([
        'application.information_received',
        'application.revised',
        'application.information_received',
        'application.revised',
        'application.information_received',
      ]);
      const notice = await queuedBody(server.database, 'revision-notice', 'reviewer@example.org', keys());
      const copy = await queuedBody(server.database, 'revision-copy', ANA, keys());
      const [noticeSubject] = await server.database.query<{ subject: string }>("SELECT subject FROM mail_outbox WHERE purpose = 'revision-notice' ORDER BY id DESC LIMIT 1");
      const [copySubject] = await server.database.query<{ subject: string }>("SELECT subject FROM mail_outbox WHERE purpose = 'revision-copy' ORDER BY id DESC LIMIT 1");
      expect(noticeSubject!.subject).toBe(`La persona solicitante corrigió su solicitud (${reference}, versión 3)`);
      expect(notice).toContain('corrigió estas respuestas:\n- Requested amount\n');
      expect(notice).not.toContain('USD 40,000');
      expect(copySubject!.subject).toBe(`Recibimos la corrección de tu solicitud a Project Grants (${reference}, versión 3)`);
      expect(copy).toContain('El equipo revisa ahora la versión 3 de tu solicitud');
      console.log(`Team notice (outbox): ${noticeSubject!.subject}\n${notice}\nApplicant copy (outbox): ${copySubject!.subject}\n${copy}`);
      const audit = (await auditEntries(server.database)).filter((entry) => entry.action === 'applicant-revise').map((entry) => entry.target);
      expect(audit).toEqual(expect.arrayContaining([`${reference} versión 2`, `${reference} versión 3`]));
    });

    it('hides identifying answers in the changes from a reviewer who reviews blind, before and after; the admin reads them', async () => {
      const ACADEMIC = formDefinitions['academic-grants'];
      const id = await receiveApplication(server.database, { form: 'academic-grants', endpoint: '/api/academic-grants', payload: ACADEMIC.toPayload({ ...validAcademicGrants(), email: ANA }), upload: null });
      const reference = referenceOf('academic-grants', id);
      const request = await ask(reference, ['company', 'projectName'], members.admin);
      expect((await respond(cookies.ana, reference, request.id, { corrections: { company: 'Universidad Nacional de Ingeniería', projectName: 'MEV in based rollups' } })).status).toBe(201);
      const changesFor = async (member: Member) => ((await (await team(member).get(`/applications/${reference}/versions`)).json()) as ApplicationVersions).versions[1]!.changes;
      expect(await changesFor(members.second)).toEqual([
        { field: 'company', label: 'Institution or organization name', before: 'Oculto', after: 'Oculto' },
        { field: 'projectName', label: 'Project name', before: 'MEV in rollups', after: 'MEV in based rollups' },
      ]);
      expect((await changesFor(members.admin))[0]).toEqual({ field: 'company', label: 'Institution or organization name', before: 'Universidad de Lima', after: 'Universidad Nacional de Ingeniería' });
    });

    it('refuses an unopened answer, a failing one, one that would change an unopened answer, an unreadable correction and one after the decision, storing nothing', async () => {
      const reference = await application();
      const named = await ask(reference, ['requestedAmount']);
      const question = await ask(reference);
      const referral = await ask(reference, ['howDidYouHearAboutESP']);
      const before = await stored(reference);
      const refusals: Array<[string, { corrections?: unknown; raw?: string }, number, CorrectionRefused]> = [
        [named.id, { corrections: { projectName: 'Otro nombre' } }, 400, { error: 'No puedes cambiar «Project name»: el equipo no abrió esa respuesta para corrección.' }],
        [named.id, { corrections: { requestedAmount: 'USD 1', email: 'otra@example.org' } }, 400, { error: 'No puedes cambiar «Email»: el equipo no abrió esa respuesta para corrección.' }],
        [question.id, { corrections: { requestedAmount: 'USD 1' } }, 400, { error: 'No puedes cambiar «Requested amount»: el equipo no abrió esa respuesta para corrección.' }],
        [named.id, { corrections: { requestedAmount: 'USD 1,000,000,000,000,000' } }, 400, { error: 'Requested amount cannot exceed 20 characters.', fields: { requestedAmount: 'Requested amount cannot exceed 20 characters.' } }],
        [named.id, { corrections: { requestedAmount: '   ' } }, 400, { error: 'Requested amount is required.', fields: { requestedAmount: 'Requested amount is required.' } }],
        [referral.id, { corrections: { howDidYouHearAboutESP: OTHER } }, 400, { error: 'Con ese cambio también cambiaría «Where did you hear about us?», que el equipo no abrió para corrección. Explícalo en tu respuesta.' }],
        [named.id, { raw: '["USD 1"]' }, 400, { error: 'No pudimos leer la corrección. Vuelve a intentarlo.' }],
        [named.id, { raw: '{"requestedAmount": 1}' }, 400, { error: 'No pudimos leer la corrección. Vuelve a intentarlo.' }],
        [named.id, { raw: '{nope' }, 400, { error: 'No pudimos leer la corrección. Vuelve a intentarlo.' }],
      ];
      for (const [requestId, parts, status, body] of refusals) {
        const response = await respond(cookies.ana, reference, requestId, parts);
        expect([parts, response.status, await response.json()]).toEqual([parts, status, body]);
      }
      expect(await stored(reference)).toEqual(before);

      expect((await team(members.admin).post(`/applications/${reference}/decision`, { status: 'rejected', reason: project.reasons.rejected[0]!.key })).status).toBe(200);
      const decided = await stored(reference);
      const late = await respond(cookies.ana, reference, named.id, { corrections: { requestedAmount: 'USD 1' } });
      expect([late.status, await late.json()]).toEqual([409, { error: 'La solicitud ya tiene una decisión o fue retirada: ya no recibe respuestas.' }]);
      expect(await stored(reference)).toEqual(decided);
      expect((await detailOf(cookies.ana, reference)).correctionValues).toBeNull();
    });

    it('marks scores with their version; the reviewer confirms them unchanged (audited), once, and new scores take the current version', async () => {
      const reference = await correctedApplication();
      const detail = (await (await team(members.reviewer).get(`/applications/${reference}`)).json()) as ApplicationDetail;
      expect(detail.version).toBe(2);
      const given = detail.scoring!.mine.scores!;
      expect(given.version).toBe(1);
      const admins = (await (await team(members.admin).get(`/applications/${reference}`)).json()) as ApplicationDetail;
      expect(admins.scoring!.others!.map((entry) => [entry.member.email, entry.version])).toEqual([['reviewer@example.org', 1]]);

      const confirmed = await team(members.reviewer).post(`/applications/${reference}/scores/confirm`, {});
      expect(confirmed.status).toBe(200);
      const result = (await confirmed.json()) as ScoresResult;
      expect(result.mine).toEqual({ ...given, version: 2 });
      expect((await auditEntries(server.database)).at(-1)).toEqual({ actor: 'reviewer@example.org', action: 'confirm-scores', target: `${reference} versión 2` });

      const before = await stored(reference);
      const twice = await team(members.reviewer).post(`/applications/${reference}/scores/confirm`, {});
      expect([twice.status, await twice.json()]).toEqual([409, { error: 'Tus puntajes ya son sobre la versión actual (versión 2).' }]);
      expect(await stored(reference)).toEqual(before);

      const request = await ask(reference, ['requestedAmount']);
      expect((await respond(cookies.ana, reference, request.id, { corrections: { requestedAmount: 'USD 30,000' } })).status).toBe(201);
      const rescored = await team(members.reviewer).post(`/applications/${reference}/scores`, { scores: scoresAt(3), recommendation: 'unsure' });
      expect(((await rescored.json()) as ScoresResult).mine.version).toBe(3);
    });

    it('refuses to confirm without scores and after the decision, storing nothing', async () => {
      const reference = await application();
      expect((await team(members.admin).post(`/applications/${reference}/reviewers`, { memberIds: [ids.reviewer] })).status).toBe(200);
      expect((await team(members.reviewer).post(`/applications/${reference}/declaration`, { conflict: false })).status).toBe(200);
      let before = await stored(reference);
      const none = await team(members.reviewer).post(`/applications/${reference}/scores/confirm`, {});
      expect([none.status, await none.json()]).toEqual([409, { error: 'Todavía no enviaste tus puntajes de esta solicitud: no hay nada que confirmar.' }]);
      expect(await stored(reference)).toEqual(before);

      const corrected = await correctedApplication();
      expect((await team(members.admin).post(`/applications/${corrected}/decision`, { status: 'rejected', reason: project.reasons.rejected[0]!.key })).status).toBe(200);
      before = await stored(corrected);
      const late = await team(members.reviewer).post(`/applications/${corrected}/scores/confirm`, {});
      expect([late.status, await late.json()]).toEqual([409, { error: 'La solicitud ya está decidida: los puntajes no cambian.' }]);
      expect(await stored(corrected)).toEqual(before);
    });

    it('carries the current version and its number in the CSV, every version in the data-rights bundle, and erasure removes them', async () => {
      const reference = await correctedApplication();
      const csv = await (await team(members.admin).get('/export?form=project-grants')).text();
      const records = parse(csv, { bom: true, columns: true }) as Array<Record<string, string>>;
      const row = records.find((record) => record.Reference === reference)!;
      expect([row.Version, row['Requested amount']]).toEqual(['2', 'USD 42,000']);

      const own = await fetch(`${server.url}/api/applicant/data`, { headers: { cookie: cookies.ana } });
      const document = (await own.json()) as { applications: Array<{ reference: string; version: number; versions: Array<{ version: number; answers: WirePayload }> }> };
      const exported = document.applications.find((entry) => entry.reference === reference)!;
      expect(exported.version).toBe(2);
      expect(exported.versions.map((version) => [version.version, version.answers.requestedAmount])).toEqual([
        [1, 'USD 50,000'],
        [2, 'USD 42,000'],
      ]);

      const [count] = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM application_versions v JOIN submissions s ON s.id = v.submission_id WHERE lower(s.payload->>'email') = $1", [ANA]);
      expect(count!.n).toBeGreaterThanOrEqual(2);
      await server.database.transaction((tx) => eraseInTransaction(tx, { email: ANA }, { actor: 'admin@example.org', action: 'erase-personal-data' }));
      const [left] = await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM application_versions WHERE submission_id = $1', [rowIdOf(reference)]);
      expect(left!.n).toBe(0);
      const [otherApplicant] = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM submissions WHERE lower(payload->>'email') = $1", [BRUNO]);
      expect(otherApplicant!.n).toBe(1);
    });
  });
}
