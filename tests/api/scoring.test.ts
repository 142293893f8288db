import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_CONFIG } from '../../src/config/review';
import { formDefinitions, type FormKey } from '../../src/forms/definitions';
import { receiveApplication } from '../../src/server/applications/receive';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { referenceOf } from '../../src/server/mail/compose';
import { openPglite } from '../../src/server/storage/database';
import { applyMigrations } from '../../src/server/storage/migrations';
import type { Role } from '../../src/server/team/roles';
import { validAcademicGrants, validProjectGrants } from '../../scripts/support/formAnswers';
import { auditEntries, enrolMember, teamClient, type Member } from './support/teamClient';
import { BACKENDS, startTestServer, type TestServer } from './support/testServer';

const academic = DEFAULT_REVIEW_CONFIG.programmes['academic-grants'];
const project = DEFAULT_REVIEW_CONFIG.programmes['project-grants'];

/** Every criterion of a rubric at one score, or at the scores given in order. */
const allScores = (criteria: ReadonlyArray<{ key: string }>, scores: number | number[], comment?: string) =>
  criteria.map((criterion, index) => ({ criterion: criterion.key, score: Array.isArray(scores) ? scores[index]! : scores, ...(comment ? { comment } : {}) }));

type Callers = 'admin' | 'assigned' | 'notAssigned' | 'recused' | 'finance' | 'signedOut';
const CALLERS: readonly Callers[] = ['admin', 'assigned', 'notAssigned', 'recused', 'finance', 'signedOut'];

/**
 * The authorisation table of the scoring routes, in the order they are called on one application
 * (the decision last: it closes the scoring). docs/team-api.md publishes the same rows.
 */
const TABLE: ReadonlyArray<readonly [string, ...number[]]> = [
  ['GET /applications/:id', 200, 200, 200, 200, 200, 401],
  ['POST /applications/:id/reviewers', 200, 403, 403, 403, 403, 401],
  ['POST /applications/reviewers/round-robin', 200, 403, 403, 403, 403, 401],
  ['POST /applications/:id/declaration', 403, 409, 403, 403, 403, 401],
  ['POST /applications/:id/scores', 403, 200, 403, 403, 403, 401],
  ['POST /applications/:id/notes', 201, 201, 201, 403, 403, 401],
  ['POST /applications/:id/assign', 200, 403, 403, 403, 403, 401],
  ['POST /applications/:id/decision', 200, 403, 403, 403, 403, 401],
];

/** The table docs/team-api.md publishes under "Scoring: who may call what". */
function documentedTable(): string[][] {
  const text = fs.readFileSync(path.resolve(__dirname, '../../docs/team-api.md'), 'utf8');
  const section = text.slice(text.indexOf('### Scoring: who may call what'));
  const lines = section.split('\n').filter((line) => line.startsWith('| `'));
  return lines.map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim().replace(/`/g, '')),
  );
}

for (const backend of BACKENDS) {
  describe(`review scoring (${backend})`, () => {
    let server: TestServer;
    const members = {} as Record<'admin' | 'reviewer' | 'second' | 'third' | 'finance', Member>;
    const ids = {} as Record<keyof typeof members, string>;
    const api = (member: Member | null) => teamClient(server.url, member?.cookie ?? null);
    const enrol = async (name: keyof typeof members, role: Role) => {
      members[name] = await enrolMember(server.url, server.database, `${name}@example.org`, role, resolveFinanceKeys(server.config).keyring);
      ids[name] = (await server.database.query<{ id: string }>('SELECT id::text AS id FROM team_members WHERE email = $1', [`${name}@example.org`]))[0]!.id;
    };
    const rowIdOf = (reference: string) => reference.replace(/^[A-Z]{2}-0*/, '');

    async function application(form: FormKey = 'academic-grants'): Promise<string> {
      const values = form === 'academic-grants' ? validAcademicGrants() : validProjectGrants();
      const id = await receiveApplication(server.database, { form, endpoint: `/api/${form}`, payload: formDefinitions[form].toPayload(values), upload: null });
      return referenceOf(form, id);
    }

    const post = async (member: Member | null, route: string, body: unknown) => {
      const response = await api(member).post(route, body);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    /** Everything stored about an application's review, to assert a refusal changed nothing. */
    async function stored(reference: string) {
      const id = rowIdOf(reference);
      const rows = async (sql: string) => JSON.stringify(await server.database.query(sql, [id]));
      return [
        await rows('SELECT member_id, declaration, conflict_reason FROM review_assignments WHERE submission_id = $1 ORDER BY member_id'),
        await rows('SELECT member_id, criterion, score, comment FROM review_scores WHERE submission_id = $1 ORDER BY member_id, criterion'),
        await rows('SELECT member_id, recommendation, total::text, updated_at FROM review_verdicts WHERE submission_id = $1 ORDER BY member_id'),
        await rows('SELECT score::text, reviews_done, reviews_assigned, spread::text, disagreement FROM review_aggregates WHERE submission_id = $1'),
        await rows('SELECT status, status_changed_at FROM submissions WHERE id = $1'),
        await rows('SELECT to_status, reason, applicant_message FROM application_status_history WHERE submission_id = $1 ORDER BY id'),
      ];
    }

    beforeAll(async () => {
      server = await startTestServer({ backend, env: { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
      await enrol('admin', 'admin');
      await enrol('reviewer', 'reviewer');
      await enrol('second', 'reviewer');
      await enrol('third', 'reviewer');
      await enrol('finance', 'finance');
    });
    afterAll(async () => {
      await server?.close();
    });

    it('publishes the authorisation table in docs/team-api.md exactly as asserted here', () => {
      expect(documentedTable()).toEqual(TABLE.map((row) => row.map(String)));
    });

    it.each(CALLERS.map((caller, index) => [caller, index] as const))('%s gets exactly the statuses of the table', async (caller, index) => {
      // One application per caller: the reviewer assigned and declared, the third recused.
      const reference = await application();
      expect((await post(members.admin, `/applications/${reference}/reviewers`, { memberIds: [ids.reviewer, ids.third] })).status).toBe(200);
      expect((await post(members.reviewer, `/applications/${reference}/declaration`, { conflict: false })).status).toBe(200);
      expect((await post(members.third, `/applications/${reference}/declaration`, { conflict: true, reason: 'Trabajé con este equipo.' })).status).toBe(200);
      expect((await post(members.admin, '/applications/status', { references: [reference], status: 'in_review' })).body).toEqual({ changed: [reference], unchanged: [] });
      const member = { admin: members.admin, assigned: members.reviewer, notAssigned: members.second, recused: members.third, finance: members.finance, signedOut: null }[caller];
      const bodies: Record<string, unknown> = {
        'POST /applications/:id/reviewers': { memberIds: [ids.reviewer, ids.third] },
        'POST /applications/reviewers/round-robin': { references: [reference], memberIds: [ids.reviewer] },
        'POST /applications/:id/declaration': { conflict: false },
        'POST /applications/:id/scores': { scores: allScores(academic.criteria, 4), recommendation: 'approve' },
        'POST /applications/:id/notes': { body: 'Revisar el cronograma.' },
        'POST /applications/:id/assign': { memberId: ids.reviewer },
        'POST /applications/:id/decision': { status: 'approved', reason: academic.reasons.approved[0]!.key },
      };
      const seen: string[] = [];
      const expected: string[] = [];
      for (const [route, ...statuses] of TABLE) {
        const [method, template] = route.split(' ') as [string, string];
        const url = template.replace(':id', reference);
        const response = method === 'GET' ? await api(member).get(url) : await api(member).post(url, bodies[route]);
        seen.push(`${route} → ${response.status}`);
        expected.push(`${route} → ${statuses[index]}`);
        if (response.status >= 400) expect(await response.json()).toEqual({ error: expect.any(String) });
      }
      expect(seen).toEqual(expected);
    });

    it('shows a reviewer the others’ scores only once they have submitted theirs; admins always; finance never', async () => {
      const reference = await application();
      await post(members.admin, `/applications/${reference}/reviewers`, { memberIds: [ids.reviewer, ids.second] });
      for (const member of [members.reviewer, members.second]) expect((await post(member, `/applications/${reference}/declaration`, { conflict: false })).status).toBe(200);
      const first = await post(members.reviewer, `/applications/${reference}/scores`, { scores: allScores(academic.criteria, 5, 'Muy sólida.'), recommendation: 'approve' });
      expect(first.status).toBe(200);

      const before = await (await api(members.second).get(`/applications/${reference}`)).json();
      expect(before.scoring).toMatchObject({ mine: { assignment: { declaration: 'none' }, scores: null }, canScore: true, others: null, aggregate: null, assignments: null });
      expect(JSON.stringify(before)).not.toContain('Muy sólida.');
      // Not assigned, never submitted: the same.
      const outsider = await (await api(members.third).get(`/applications/${reference}`)).json();
      expect(outsider.scoring).toMatchObject({ mine: { assignment: null, scores: null }, canScore: false, others: null, aggregate: null });

      expect((await post(members.second, `/applications/${reference}/scores`, { scores: allScores(academic.criteria, 2), recommendation: 'reject' })).status).toBe(200);
      const after = await (await api(members.second).get(`/applications/${reference}`)).json();
      expect(after.scoring.others).toEqual([expect.objectContaining({ member: { id: ids.reviewer, email: 'reviewer@example.org' }, recommendation: 'approve', total: 5 })]);
      expect(after.scoring.others[0].scores[0]).toEqual({ criterion: academic.criteria[0]!.key, score: 5, comment: 'Muy sólida.' });
      expect(after.scoring.aggregate).toEqual({ score: 3.5, reviewsDone: 2, reviewsAssigned: 2, spread: 3, disagreement: true });

      const admin = await (await api(members.admin).get(`/applications/${reference}`)).json();
      expect(admin.scoring.others).toHaveLength(2);
      expect(admin.scoring.assignments.map((entry: { member: { email: string }; declaration: string; submitted: boolean }) => [entry.member.email, entry.declaration, entry.submitted])).toEqual([
        ['reviewer@example.org', 'none', true],
        ['second@example.org', 'none', true],
      ]);
      const finance = await (await api(members.finance).get(`/applications/${reference}`)).json();
      expect(finance).not.toHaveProperty('scoring');
      expect(finance.sections.length).toBeGreaterThan(0);
    });

    it('gives an assigned reviewer only the reference and the prompt until they declare, and a recused one only the reference for good', async () => {
      const reference = await application();
      await post(members.admin, `/applications/${reference}/reviewers`, { memberIds: [ids.reviewer, ids.third] });
      await post(members.reviewer, `/applications/${reference}/declaration`, { conflict: false });
      await post(members.reviewer, `/applications/${reference}/notes`, { body: 'Nota que el recusado no debe ver.' });

      const prompt = await api(members.third).get(`/applications/${reference}`);
      expect(await prompt.json()).toEqual({ id: reference, reference, access: 'declare', programme: 'Academic Grants' });
      expect((await post(members.third, `/applications/${reference}/notes`, { body: 'x' })).body).toEqual({ error: 'Antes de ver esta solicitud, declara si tienes un conflicto de interés.' });

      const declared = await post(members.third, `/applications/${reference}/declaration`, { conflict: true, reason: 'Es mi socia, Ana Pérez.' });
      expect(declared).toEqual({ status: 200, body: { declaration: 'conflict', declaredAt: expect.any(String) } });
      expect(await (await api(members.third).get(`/applications/${reference}`)).json()).toEqual({ id: reference, reference, access: 'recused' });
      const recused = 'Declaraste un conflicto de interés con esta solicitud: no puedes verla ni actuar sobre ella.';
      for (const [route, body] of [
        ['notes', { body: 'x' }],
        ['decision-email/preview', {}],
        ['information-request/preview', { question: '¿Presupuesto?' }],
        ['scores', { scores: allScores(academic.criteria, 3), recommendation: 'unsure' }],
      ] as const) {
        expect(await post(members.third, `/applications/${reference}/${route}`, body)).toEqual({ status: 403, body: { error: recused } });
      }
      expect((await api(members.third).get(`/applications/${reference}/file`)).status).toBe(403);
      expect((await post(members.third, '/applications/status', { references: [reference], status: 'in_review' })).body).toEqual({ changed: [], unchanged: [{ reference, reason: recused }] });
      // Recused for good: declaring again, or being set again by an admin, changes nothing.
      expect((await post(members.third, `/applications/${reference}/declaration`, { conflict: false })).status).toBe(403);
      await post(members.admin, `/applications/${reference}/reviewers`, { memberIds: [ids.reviewer] });
      expect(await (await api(members.third).get(`/applications/${reference}`)).json()).toEqual({ id: reference, reference, access: 'recused' });

      const admin = await (await api(members.admin).get(`/applications/${reference}`)).json();
      expect(admin.scoring.assignments).toContainEqual(expect.objectContaining({ member: { id: ids.third, email: 'third@example.org' }, declaration: 'conflict', conflictReason: 'Es mi socia, Ana Pérez.' }));
      expect(admin.scoring.aggregate).toMatchObject({ reviewsAssigned: 1, reviewsDone: 0 });
      const audit = await auditEntries(server.database);
      expect(audit).toContainEqual({ actor: 'third@example.org', action: 'declare-interest', target: `${reference}: conflicto` });
      expect(audit).toContainEqual({ actor: 'reviewer@example.org', action: 'declare-interest', target: `${reference}: sin conflicto` });
      expect(JSON.stringify(audit)).not.toContain('Ana Pérez');
    });

    it('refuses bad scores and bad decisions with a Spanish message and stores nothing', async () => {
      const reference = await application();
      await post(members.admin, `/applications/${reference}/reviewers`, { memberIds: [ids.reviewer, ids.third] });
      await post(members.reviewer, `/applications/${reference}/declaration`, { conflict: false });
      await post(members.third, `/applications/${reference}/declaration`, { conflict: true, reason: 'Conflicto.' });
      expect((await post(members.reviewer, `/applications/${reference}/scores`, { scores: allScores(academic.criteria, 3), recommendation: 'unsure' })).status).toBe(200);
      const snapshot = await stored(reference);
      const [firstKey, ...restKeys] = academic.criteria.map((criterion) => criterion.key);
      const cases: Array<[string, Member, string, unknown, number, string]> = [
        ['score 0', members.reviewer, 'scores', { scores: allScores(academic.criteria, [0, 3, 3, 3]), recommendation: 'approve' }, 400, 'Cada puntaje debe ser un número entero del 1 al 5.'],
        ['score 6', members.reviewer, 'scores', { scores: allScores(academic.criteria, [6, 3, 3, 3]), recommendation: 'approve' }, 400, 'Cada puntaje debe ser un número entero del 1 al 5.'],
        ['score 2.5', members.reviewer, 'scores', { scores: allScores(academic.criteria, [2.5, 3, 3, 3]), recommendation: 'approve' }, 400, 'Cada puntaje debe ser un número entero del 1 al 5.'],
        ['score as text', members.reviewer, 'scores', { scores: allScores(academic.criteria, 3).map((entry) => ({ ...entry, score: '3' })), recommendation: 'approve' }, 400, 'Cada puntaje debe ser un número entero del 1 al 5.'],
        [
          'unknown criterion',
          members.reviewer,
          'scores',
          { scores: [...allScores(academic.criteria, 3), { criterion: 'simpatia', score: 5 }], recommendation: 'approve' },
          400,
          'El criterio «simpatia» no está en la rúbrica de este programa.',
        ],
        [
          'missing criterion',
          members.reviewer,
          'scores',
          { scores: restKeys.map((criterion) => ({ criterion, score: 3 })), recommendation: 'approve' },
          400,
          `Falta el puntaje de: ${academic.criteria[0]!.label}.`,
        ],
        [
          'criterion twice',
          members.reviewer,
          'scores',
          { scores: [...allScores(academic.criteria, 3), { criterion: firstKey, score: 1 }], recommendation: 'approve' },
          400,
          `El criterio «${academic.criteria[0]!.label}» tiene más de un puntaje.`,
        ],
        ['comment too long', members.reviewer, 'scores', { scores: allScores(academic.criteria, 3, 'x'.repeat(1001)), recommendation: 'approve' }, 400, 'Cada comentario puede tener hasta 1.000 caracteres.'],
        ['bad recommendation', members.reviewer, 'scores', { scores: allScores(academic.criteria, 3), recommendation: 'maybe' }, 400, 'Elige «Aprobar», «Rechazar» o «Dudoso».'],
        ['not assigned', members.second, 'scores', { scores: allScores(academic.criteria, 3), recommendation: 'approve' }, 403, 'Esta solicitud no te fue asignada.'],
        [
          'recused',
          members.third,
          'scores',
          { scores: allScores(academic.criteria, 3), recommendation: 'approve' },
          403,
          'Declaraste un conflicto de interés con esta solicitud: no puedes verla ni actuar sobre ella.',
        ],
        ['decision without a reason', members.admin, 'decision', { status: 'approved' }, 400, 'Elige un motivo de la lista del programa.'],
        [
          'decision with a reason not in the list',
          members.admin,
          'decision',
          { status: 'rejected', reason: academic.reasons.approved[0]!.key },
          400,
          `Elige un motivo: ${academic.reasons.rejected.map((reason) => reason.label).join('; ')}.`,
        ],
        ['decision to another status', members.admin, 'decision', { status: 'in_review', reason: 'x' }, 400, 'Elige «Aprobada» o «Rechazada».'],
        ['bulk approval', members.admin, '../applications/status', { references: [reference], status: 'approved' }, 400, 'Para aprobar o rechazar, usa la decisión con un motivo.'],
        ['conflict without a reason', members.reviewer, 'declaration', { conflict: true, reason: '   ' }, 400, 'Explica el conflicto en 1 a 500 caracteres.'],
        ['declaration without its answer', members.reviewer, 'declaration', { reason: 'x' }, 400, 'Indica si tienes un conflicto de interés y, si lo tienes, explícalo.'],
      ];
      const outcomes = [];
      for (const [name, member, route, body] of cases) {
        const url = route.startsWith('../') ? `/${route.slice(3)}` : `/applications/${reference}/${route}`;
        const response = await post(member, url, body);
        outcomes.push([name, response.status, response.body.error]);
      }
      expect(outcomes).toEqual(cases.map(([name, , , , status, message]) => [name, status, message]));
      expect(await stored(reference)).toEqual(snapshot);
    });

    it('aggregates weighted totals, flags disagreement, lets scores change until the decision, and decides with a reason and a message', async () => {
      const reference = await application('project-grants');
      await post(members.admin, `/applications/${reference}/reviewers`, { memberIds: [ids.reviewer, ids.second] });
      for (const member of [members.reviewer, members.second]) await post(member, `/applications/${reference}/declaration`, { conflict: false });
      await post(members.reviewer, `/applications/${reference}/scores`, { scores: allScores(project.criteria, 4), recommendation: 'approve' });
      const changed = await post(members.reviewer, `/applications/${reference}/scores`, { scores: allScores(project.criteria, [5, 4, 3]), recommendation: 'approve' });
      expect(changed.body).toMatchObject({ mine: { total: 4 }, aggregate: { score: 4, reviewsDone: 1, reviewsAssigned: 2, spread: 0, disagreement: false } });
      const second = await post(members.second, `/applications/${reference}/scores`, { scores: allScores(project.criteria, [3, 2, 2]), recommendation: 'unsure' });
      expect(second.body.aggregate).toEqual({ score: 3.1667, reviewsDone: 2, reviewsAssigned: 2, spread: 1.6667, disagreement: true });
      const [row] = await server.database.query<{ score: string; disagreement: boolean }>('SELECT score::text AS score, disagreement FROM review_aggregates WHERE submission_id = $1', [rowIdOf(reference)]);
      expect(row).toEqual({ score: '3.1667', disagreement: true });
      const audit = await auditEntries(server.database);
      expect(audit.filter((entry) => entry.target === reference).map((entry) => [entry.actor, entry.action])).toEqual([
        ['reviewer@example.org', 'submit-scores'],
        ['reviewer@example.org', 'change-scores'],
        ['second@example.org', 'submit-scores'],
      ]);

      await post(members.admin, '/applications/status', { references: [reference], status: 'in_review' });
      const decided = await post(members.admin, `/applications/${reference}/decision`, { status: 'rejected', reason: 'budget-mismatch', applicantMessage: '  Ajusten el presupuesto y vuelvan a postular.  ' });
      expect(decided).toEqual({
        status: 200,
        body: { status: 'rejected', reason: { key: 'budget-mismatch', label: 'El presupuesto no guarda relación con el alcance' }, applicantMessage: 'Ajusten el presupuesto y vuelvan a postular.', decidedAt: expect.any(String) },
      });
      const detail = await (await api(members.admin).get(`/applications/${reference}`)).json();
      expect(detail.history.at(-1)).toMatchObject({ to: 'rejected', by: 'admin@example.org', reason: { key: 'budget-mismatch', label: 'El presupuesto no guarda relación con el alcance' } });
      expect(detail.decisionMessage).toMatchObject({ text: 'Ajusten el presupuesto y vuelvan a postular.' });
      expect(detail.scoring.canScore).toBe(false);
      // The decision email carries the decision's message unless the member writes another.
      const preview = await post(members.admin, `/applications/${reference}/decision-email/preview`, {});
      expect(preview.body.text).toContain('Ajusten el presupuesto y vuelvan a postular.');
      expect(await post(members.reviewer, `/applications/${reference}/scores`, { scores: allScores(project.criteria, 1), recommendation: 'reject' })).toEqual({
        status: 409,
        body: { error: 'La solicitud ya está decidida: los puntajes no cambian.' },
      });
      expect(await auditEntries(server.database)).toContainEqual({ actor: 'admin@example.org', action: 'decide', target: `${reference}: Rechazada — El presupuesto no guarda relación con el alcance` });
    });

    it('assigns round-robin over the chosen reviewers, answering per reference in request order, in one transaction', async () => {
      const references = [await application(), await application(), await application()];
      await post(members.admin, `/applications/${references[1]}/reviewers`, { memberIds: [ids.second] });
      const unknown = 'AG-999999';
      const result = await post(members.admin, '/applications/reviewers/round-robin', { references: [...references, unknown], memberIds: [ids.reviewer, ids.second, ids.third], perApplication: 2 });
      const emails = (entry: { assigned: Array<{ email: string }> }) => entry.assigned.map((member) => member.email);
      const results = result.body.results as Array<{ reference: string; assigned: Array<{ email: string }>; reason?: string }>;
      expect(results.map((entry) => [entry.reference, emails(entry), entry.reason])).toEqual([
        [references[0], ['reviewer@example.org', 'second@example.org'], undefined],
        // second is already on it: the turn passes them and goes on.
        [references[1], ['third@example.org', 'reviewer@example.org'], undefined],
        [references[2], ['second@example.org', 'third@example.org'], undefined],
        [unknown, [], 'No encontramos esa solicitud.'],
      ]);
      const [aggregate] = await server.database.query<{ reviews_assigned: number }>('SELECT reviews_assigned FROM review_aggregates WHERE submission_id = $1', [rowIdOf(references[1]!)]);
      expect(aggregate!.reviews_assigned).toBe(3);
      // A member who cannot be assigned stops the whole request: nothing stored.
      const before = await stored(references[0]!);
      expect(await post(members.admin, '/applications/reviewers/round-robin', { references: [references[0]], memberIds: [ids.finance] })).toEqual({
        status: 400,
        body: { error: 'Solo se puede asignar a revisores o administradores activos.' },
      });
      expect(await stored(references[0]!)).toEqual(before);
    });
  });
}

describe('migration 15', () => {
  it('moves each application’s one assignee into its reviewers, with an aggregate counting them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoring-migration-'));
    try {
      const db = await openPglite(dataDir);
      await applyMigrations(db, { through: 14 });
      const [member] = await db.query<{ id: string }>("INSERT INTO team_members (email, role, webauthn_user_id) VALUES ('rita@example.org', 'reviewer', 'w1') RETURNING id::text AS id");
      const insert = (assignee: string | null) =>
        db.query<{ id: string }>("INSERT INTO submissions (form, endpoint, payload, assignee_id) VALUES ('project-grants', '/api/project-grants', '{}', $1) RETURNING id::text AS id", [assignee]);
      const [assigned] = await insert(member!.id);
      // One with nobody: it gains no reviewer.
      await insert(null);
      expect(await applyMigrations(db)).toContain(15);
      expect(await db.query('SELECT submission_id::text AS submission, member_id::text AS member, declaration FROM review_assignments')).toEqual([
        { submission: assigned!.id, member: member!.id, declaration: null },
      ]);
      expect(await db.query('SELECT submission_id::text AS submission, reviews_assigned, reviews_done, score FROM review_aggregates')).toEqual([
        { submission: assigned!.id, reviews_assigned: 1, reviews_done: 0, score: null },
      ]);
      expect(await db.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'submissions' AND column_name = 'assignee_id'")).toEqual([]);
      await db.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
