/**
 * The review set-up belongs to the round (issue 50), on PGlite and PostgreSQL, with a clock the test controls:
 * GET/POST /api/team/rounds/:roundId/review and who may call them; the seed from REVIEW_CONFIG; bad input refused
 * with nothing stored; two rounds of one programme with different rubrics (each application scored by its own
 * round's), blind in one round and not the next; the rubric lock (wording allowed and audited, reweighting refused
 * 409 without "recalcular", with it every aggregate recomputed and audited).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicRounds, RoundReview, RoundReviewChanged, RoundReviewSetup, TeamRound, TeamRoundList } from '../../src/api/contracts/rounds';
import { DEFAULT_REVIEW_CONFIG } from '../../src/config/review';
import { formDefinitions } from '../../src/forms/definitions';
import { buildApp } from '../../src/server/app';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { REVIEW_CONFIG_SEED_MESSAGE } from '../../src/server/rounds/reviewSetup';
import { referenceOf } from '../../src/server/mail/compose';
import { validAcademicGrants } from '../../scripts/support/formAnswers';
import { enrolMember, teamClient, type Member } from './support/teamClient';
import { BACKENDS, postJson, startTestServer, type TestServer } from './support/testServer';

let clock = new Date('2027-03-01T00:00:00Z');
const setClock = (iso: string): void => {
  clock = new Date(iso);
};

/** The deployer's REVIEW_CONFIG: academic grants blind, with its own first criterion's label and a threshold of 2. */
const academicDefault = DEFAULT_REVIEW_CONFIG.programmes['academic-grants'];
const FILE_CONFIG = {
  disagreementThreshold: 2,
  programmes: {
    'academic-grants': { ...academicDefault, blind: true, criteria: [{ ...academicDefault.criteria[0]!, label: 'Relevancia (según el archivo)' }, ...academicDefault.criteria.slice(1)] },
  },
};

const meanings = ['Insuficiente: nada', 'Débil: poco', 'Aceptable: algo', 'Bueno: bastante', 'Excelente: todo'];
/** The second round's own rubric: two criteria, neither of the first round's. */
const SECOND_RUBRIC = [
  { key: 'impacto', label: 'Impacto de la investigación', description: 'Qué cambia si sale bien.', weight: 2, meanings },
  { key: 'claridad', label: 'Claridad de la propuesta', description: 'Si se entiende qué se hará.', weight: 1, meanings },
];

for (const backend of BACKENDS) {
  describe(`review set-up per round (${backend})`, () => {
    let server: TestServer;
    const members = {} as Record<'admin' | 'reviewer' | 'finance', Member>;
    const memberIds = {} as Record<'admin' | 'reviewer' | 'finance', string>;
    const api = (member: Member | null) => teamClient(server.url, member?.cookie ?? null);
    const reviewConfigFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'round-review-')), 'review.json');
    const count = async (sql: string, params: unknown[] = []): Promise<number> => (await server.database.query<{ n: number }>(sql, params))[0]!.n;
    const auditRows = () => count('SELECT count(*)::int AS n FROM team_audit_log');
    const storedReview = async (roundId: string) => JSON.stringify((await server.database.query<{ review: unknown }>('SELECT review FROM rounds WHERE id = $1', [roundId]))[0]!.review);
    const academicRounds = async (): Promise<TeamRound[]> =>
      ((await (await api(members.admin).get('/rounds')).json()) as TeamRoundList).programmes.find((entry) => entry.programme === 'academic-grants')!.rounds;
    const readReview = async (roundId: string): Promise<RoundReview> => (await (await api(members.admin).get(`/rounds/${roundId}/review`)).json()) as RoundReview;
    const lastAudit = async () => (await server.database.query<{ action: string; target: string }>('SELECT action, target FROM team_audit_log ORDER BY id DESC LIMIT 1'))[0]!;

    /** Applies to academic grants through the public route; the reference and the round the server chose. */
    async function apply(): Promise<{ reference: string; roundId: string }> {
      const response = await postJson(`${server.url}/api/academic-grants`, formDefinitions['academic-grants'].toPayload(validAcademicGrants()));
      expect(response.status).toBe(201);
      const [row] = await server.database.query<{ id: string; round_id: string }>("SELECT id::text AS id, round_id::text AS round_id FROM submissions WHERE form = 'academic-grants' ORDER BY id DESC LIMIT 1");
      return { reference: referenceOf('academic-grants', row!.id), roundId: row!.round_id };
    }

    /** The reviewer (assigned, declared free of conflict) scoring the criteria given. */
    async function score(reference: string, scores: Array<{ criterion: string; score: number }>): Promise<Response> {
      return api(members.reviewer).post(`/applications/${reference}/scores`, { scores, recommendation: 'approve' });
    }

    const setupBody = (review: RoundReviewSetup, change: Partial<RoundReviewSetup> & { recalculate?: boolean } = {}) => ({ ...review, ...change });

    let first: string;
    let second: string;
    let early: { reference: string; roundId: string };
    let late: { reference: string; roundId: string };

    beforeAll(async () => {
      setClock('2027-03-01T00:00:00Z');
      fs.writeFileSync(reviewConfigFile, JSON.stringify(FILE_CONFIG));
      server = await startTestServer({ backend, env: { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000', REVIEW_CONFIG: reviewConfigFile }, now: () => clock });
      const keys = resolveFinanceKeys(server.config).keyring;
      for (const role of ['admin', 'reviewer', 'finance'] as const) {
        members[role] = await enrolMember(server.url, server.database, `${role}@example.org`, role, keys);
        memberIds[role] = (await server.database.query<{ id: string }>('SELECT id::text AS id FROM team_members WHERE email = $1', [`${role}@example.org`]))[0]!.id;
      }
      first = (await academicRounds())[0]!.id;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('seeds each existing round with the running configuration (REVIEW_CONFIG): its rubric, blind flag, reasons and threshold', async () => {
      const { review, scored } = await readReview(first);
      expect(scored).toBe(false);
      expect(review).toEqual({
        criteria: FILE_CONFIG.programmes['academic-grants'].criteria.map((criterion) => ({ ...criterion, meanings: [...criterion.meanings] })),
        blind: true,
        reviewersPerApplication: 1,
        reasons: { approved: [...academicDefault.reasons.approved], rejected: [...academicDefault.reasons.rejected] },
        disagreementThreshold: 2,
      });
      expect(review.criteria[0]!.label).toBe('Relevancia (según el archivo)');
      // A programme the file leaves alone keeps the defaults.
      const projectRound = ((await (await api(members.admin).get('/rounds')).json()) as TeamRoundList).programmes.find((entry) => entry.programme === 'project-grants')!.rounds[0]!;
      expect((await readReview(projectRound.id)).review.criteria.map((criterion) => criterion.key)).toEqual(DEFAULT_REVIEW_CONFIG.programmes['project-grants'].criteria.map((criterion) => criterion.key));
    });

    it('says once at each start, while REVIEW_CONFIG is set, that the set-up is now edited per round; a round already seeded keeps its own', async () => {
      const changed = setupBody((await readReview(first)).review, { disagreementThreshold: 3 });
      expect((await api(members.admin).post(`/rounds/${first}/review`, changed)).status).toBe(200);
      const lines: string[] = [];
      const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        lines.push(String(chunk));
        return true;
      });
      try {
        // A second start on the same database (the logger as in production).
        const again = await buildApp({ config: server.config, database: server.database, forms: formDefinitions });
        await again.close();
      } finally {
        write.mockRestore();
      }
      const said = lines.filter((line) => line.includes(REVIEW_CONFIG_SEED_MESSAGE));
      expect(said).toHaveLength(1);
      expect(REVIEW_CONFIG_SEED_MESSAGE).toContain('/equipo/convocatorias/');
      expect((await readReview(first)).review.disagreementThreshold).toBe(3);
      expect((await api(members.admin).post(`/rounds/${first}/review`, setupBody(changed, { disagreementThreshold: 2 }))).status).toBe(200);
    });

    it('answers the review routes by role as the table says (every member reads, only admins change; 404 for no round); a refused caller changes nothing', async () => {
      const { review } = await readReview(first);
      const change = setupBody(review, { reviewersPerApplication: 2 });
      const before = { review: await storedReview(first), audit: await auditRows() };
      const rows: Array<[string, string, unknown, number, number, number]> = [
        ['GET', `/rounds/${first}/review`, null, 401, 200, 200],
        ['POST', `/rounds/${first}/review`, change, 401, 403, 403],
      ];
      const seen: string[] = [];
      const expected: string[] = [];
      for (const [index, caller] of [null, members.reviewer, members.finance].entries()) {
        for (const [method, route, body, ...statuses] of rows) {
          const response = method === 'GET' ? await api(caller).get(route) : await api(caller).post(route, body);
          seen.push(`${caller?.role ?? 'signed out'} ${method} ${route} → ${response.status}`);
          expected.push(`${caller?.role ?? 'signed out'} ${method} ${route} → ${statuses[index]}`);
        }
      }
      expect(seen).toEqual(expected);
      expect({ review: await storedReview(first), audit: await auditRows() }).toEqual(before);
      for (const unknown of ['999999', 'abc']) {
        const read = await api(members.admin).get(`/rounds/${unknown}/review`);
        expect(read.status).toBe(404);
        expect(await read.json()).toEqual({ error: 'No encontramos esa convocatoria.' });
        expect((await api(members.admin).post(`/rounds/${unknown}/review`, change)).status).toBe(404);
      }
      // The admin may change it: audited with before and after.
      const changed = await api(members.admin).post(`/rounds/${first}/review`, change);
      expect(changed.status).toBe(200);
      expect(((await changed.json()) as RoundReviewChanged).review.reviewersPerApplication).toBe(2);
      const audit = await lastAudit();
      expect(audit.action).toBe('edit-round');
      expect(audit.target).toBe(`convocatoria ${first} (academic-grants) · revisión · antes: {"reviewersPerApplication":1} · después: {"reviewersPerApplication":2}`);
      expect((await api(members.admin).post(`/rounds/${first}/review`, setupBody(review))).status).toBe(200);
    });

    it('refuses bad input with a Spanish message and stores nothing', async () => {
      const { review } = await readReview(first);
      const criterion = review.criteria[0]!;
      const cases: Array<[string, unknown, string]> = [
        ['no criteria', setupBody(review, { criteria: [] }), 'La rúbrica necesita al menos un criterio.'],
        ['a weight of 0', setupBody(review, { criteria: [{ ...criterion, weight: 0 }] }), 'El peso de cada criterio debe ser un número mayor que 0.'],
        ['a negative weight', setupBody(review, { criteria: [{ ...criterion, weight: -1 }] }), 'El peso de cada criterio debe ser un número mayor que 0.'],
        ['duplicate keys', setupBody(review, { criteria: [criterion, { ...criterion, label: 'Otra' }] }), `Dos criterios usan la clave «${criterion.key}»: cada criterio necesita la suya.`],
        ['four meanings', setupBody(review, { criteria: [{ ...criterion, meanings: criterion.meanings.slice(0, 4) }] }), 'Cada criterio necesita cinco significados, uno por puntaje del 1 al 5.'],
        ['a threshold of 0', setupBody(review, { disagreementThreshold: 0 }), 'El umbral de Desacuerdo debe ser un número mayor que 0 y hasta 4.'],
      ];
      const before = { review: await storedReview(first), audit: await auditRows() };
      for (const [name, body, message] of cases) {
        const response = await api(members.admin).post(`/rounds/${first}/review`, body);
        expect(response.status, name).toBe(400);
        expect(((await response.json()) as { error: string }).error, name).toBe(message);
      }
      expect({ review: await storedReview(first), audit: await auditRows() }).toEqual(before);
    });

    it('gives a new round its programme’s previous set-up; each application is scored by its own round’s rubric, blind in one round and not the next', async () => {
      early = await apply();
      expect(early.roundId).toBe(first);
      setClock('2027-03-02T00:00:00Z');
      expect((await api(members.admin).post(`/rounds/${first}/close`)).status).toBe(200);
      const created = await api(members.admin).post('/rounds', {
        programme: 'academic-grants',
        name: 'Academic Grants 2027 · segunda ola',
        opensLocal: '2027-03-03T00:00',
        closesLocal: '2027-04-03T00:00',
        timezone: 'UTC',
        graceHours: 0,
        budget: null,
        cap: null,
      });
      expect(created.status).toBe(201);
      second = ((await created.json()) as TeamRound).id;
      const copied = await readReview(second);
      expect(copied.review).toEqual((await readReview(first)).review);
      // The second round: its own rubric, not blind.
      const changed = await api(members.admin).post(`/rounds/${second}/review`, setupBody(copied.review, { criteria: SECOND_RUBRIC, blind: false }));
      expect(changed.status).toBe(200);
      setClock('2027-03-04T00:00:00Z');
      late = await apply();
      expect(late.roundId).toBe(second);

      // Blind: the reviewer reads the first round's applicant hidden, the second's in full.
      const detail = async (reference: string) =>
        (await (await api(members.reviewer).get(`/applications/${reference}`)).json()) as { blind?: boolean; scoring?: { rubric: { criteria: Array<{ key: string }>; blind: boolean } } };
      expect((await api(members.admin).post(`/applications/${early.reference}/reviewers`, { memberIds: [memberIds.reviewer] })).status).toBe(200);
      expect((await api(members.admin).post(`/applications/${late.reference}/reviewers`, { memberIds: [memberIds.reviewer] })).status).toBe(200);
      for (const reference of [early.reference, late.reference]) expect((await api(members.reviewer).post(`/applications/${reference}/declaration`, { conflict: false })).status).toBe(200);
      const earlyDetail = await detail(early.reference);
      const lateDetail = await detail(late.reference);
      expect(earlyDetail.blind).toBe(true);
      expect(lateDetail.blind).toBeUndefined();
      expect(earlyDetail.scoring!.rubric.criteria.map((criterion) => criterion.key)).toEqual(academicDefault.criteria.map((criterion) => criterion.key));
      expect(lateDetail.scoring!.rubric.criteria.map((criterion) => criterion.key)).toEqual(['impacto', 'claridad']);
      const list = (await (await api(members.reviewer).get('/applications?form=academic-grants')).json()) as { items: Array<{ reference: string; blind: boolean }> };
      expect(Object.fromEntries(list.items.map((item) => [item.reference, item.blind]))).toEqual({ [early.reference]: true, [late.reference]: false });

      // Scored apart: the second round's rubric is refused on the first round's application, and the other way round.
      const wrong = await score(early.reference, SECOND_RUBRIC.map((criterion) => ({ criterion: criterion.key, score: 3 })));
      expect(wrong.status).toBe(400);
      expect(((await wrong.json()) as { error: string }).error).toBe('El criterio «impacto» no está en la rúbrica de este programa.');
      expect((await score(late.reference, academicDefault.criteria.map((criterion) => ({ criterion: criterion.key, score: 3 })))).status).toBe(400);
      // 5 and 2 weighted 2:1 → 4.
      expect((await score(late.reference, [{ criterion: 'impacto', score: 5 }, { criterion: 'claridad', score: 2 }])).status).toBe(200);
      // 5, 5, 1, 1 at equal weights → 3.
      expect((await score(early.reference, academicDefault.criteria.map((criterion, index) => ({ criterion: criterion.key, score: index < 2 ? 5 : 1 })))).status).toBe(200);
      const scores = async () =>
        Object.fromEntries(
          (await server.database.query<{ id: string; score: string }>("SELECT submission_id::text AS id, score::text AS score FROM review_aggregates WHERE submission_id IN (SELECT id FROM submissions WHERE form = 'academic-grants')")).map(
            (row) => [referenceOf('academic-grants', row.id), Number(row.score)],
          ),
        );
      expect(await scores()).toEqual({ [early.reference]: 3, [late.reference]: 4 });

      // The CSV: each round's criteria as columns, each application's cells under its own round's.
      const csv = await (await api(members.admin).get('/export?form=academic-grants')).text();
      const [headers, ...rows] = parse(csv, { bom: true }) as string[][];
      const column = (name: string) => headers!.indexOf(name);
      const rowOf = (reference: string) => rows.find((row) => row[1] === reference)!;
      expect(column('Impacto de la investigación — reviewer@example.org')).toBeGreaterThan(0);
      expect(column('Relevancia (según el archivo) — reviewer@example.org')).toBeGreaterThan(0);
      expect(rowOf(late.reference)[column('Impacto de la investigación — reviewer@example.org')]).toBe('5');
      expect(rowOf(early.reference)[column('Impacto de la investigación — reviewer@example.org')]).toBe('');
      expect(rowOf(early.reference)[column('Relevancia (según el archivo) — reviewer@example.org')]).toBe('5');
    });

    it('publishes the criteria of the round the programme page speaks of, labels only, and follows a change at once', async () => {
      const publicCriteria = async () => {
        const response = await fetch(`${server.url}/api/rounds`);
        const text = await response.text();
        const body = JSON.parse(text) as PublicRounds;
        return { text, criteria: body.programmes.find((entry) => entry.programme === 'academic-grants')!.round!.criteria };
      };
      const shown = await publicCriteria();
      expect(shown.criteria).toEqual(SECOND_RUBRIC.map((criterion) => criterion.label));
      // What scores weigh and what each score means stay with the team.
      for (const hidden of ['weight', 'Qué cambia si sale bien', 'meanings']) expect(shown.text).not.toContain(hidden);
      const { review } = await readReview(second);
      const reworded = review.criteria.map((criterion, index) => (index === 0 ? { ...criterion, label: 'Impacto esperado de la investigación' } : criterion));
      expect((await api(members.admin).post(`/rounds/${second}/review`, setupBody(review, { criteria: reworded }))).status).toBe(200);
      expect((await publicCriteria()).criteria).toEqual(['Impacto esperado de la investigación', 'Claridad de la propuesta']);
      expect((await api(members.admin).post(`/rounds/${second}/review`, setupBody(review, {}))).status).toBe(200);
    });

    it('gives round-robin without a number each application its round’s reviewers per application', async () => {
      const { review } = await readReview(second);
      expect((await api(members.admin).post(`/rounds/${second}/review`, setupBody(review, { reviewersPerApplication: 2 }))).status).toBe(200);
      const next = await apply();
      const robin = await api(members.admin).post('/applications/reviewers/round-robin', { references: [next.reference], memberIds: [memberIds.reviewer, memberIds.admin] });
      expect(robin.status).toBe(200);
      expect(((await robin.json()) as { results: Array<{ reference: string; assigned: unknown[] }> }).results.map((entry) => [entry.reference, entry.assigned.length])).toEqual([[next.reference, 2]]);
    });

    it('locks a scored round’s rubric: wording changes and is audited; reweighting is refused 409 without "recalcular", and with it every aggregate is recomputed and audited', async () => {
      const { review, scored } = await readReview(first);
      expect(scored).toBe(true);
      // Wording: allowed, audited with before and after.
      const reworded = review.criteria.map((criterion, index) => (index === 0 ? { ...criterion, label: 'Relevancia para Ethereum', description: 'Qué aporta a Ethereum.' } : criterion));
      const wording = await api(members.admin).post(`/rounds/${first}/review`, setupBody(review, { criteria: reworded }));
      expect(wording.status).toBe(200);
      expect((await readReview(first)).review.criteria[0]!.label).toBe('Relevancia para Ethereum');
      const worded = await lastAudit();
      expect(worded.target).toContain('antes: {"criteria":[{"key":"relevance","label":"Relevancia (según el archivo)"');
      expect(worded.target).toContain('después: {"criteria":[{"key":"relevance","label":"Relevancia para Ethereum"');

      // Reweighting, adding or removing: refused, nothing stored.
      const reweighted = reworded.map((criterion, index) => (index === 0 ? { ...criterion, weight: 3 } : criterion));
      const before = { review: await storedReview(first), audit: await auditRows() };
      for (const criteria of [reweighted, reworded.slice(1), [...reworded, { ...SECOND_RUBRIC[0]! }]]) {
        const refused = await api(members.admin).post(`/rounds/${first}/review`, setupBody(review, { criteria }));
        expect(refused.status).toBe(409);
        expect(((await refused.json()) as { error: string }).error).toBe(
          'Esta convocatoria ya tiene puntajes: agregar, quitar o cambiar el peso de un criterio cambiaría lo que significan. Para hacerlo, usa «recalcular», que vuelve a calcular todos los puntajes agregados de la convocatoria.',
        );
      }
      expect({ review: await storedReview(first), audit: await auditRows() }).toEqual(before);

      // With "recalcular": applied, the first round's aggregate recomputed ((3·5 + 5 + 1 + 1) / 6), the second round's untouched.
      const recalculated = await api(members.admin).post(`/rounds/${first}/review`, { ...setupBody(review, { criteria: reweighted }), recalculate: true });
      expect(recalculated.status).toBe(200);
      expect(((await recalculated.json()) as RoundReviewChanged).recalculated).toBe(1);
      const aggregates = Object.fromEntries(
        (await server.database.query<{ id: string; score: string }>('SELECT submission_id::text AS id, score::text AS score FROM review_aggregates')).map((row) => [referenceOf('academic-grants', row.id), Number(row.score)]),
      );
      expect(aggregates[early.reference]).toBeCloseTo(22 / 6, 3);
      expect(aggregates[late.reference]).toBe(4);
      const audit = await lastAudit();
      expect(audit.action).toBe('edit-round');
      expect(audit.target).toContain(`convocatoria ${first} (academic-grants) · revisión · recalcular: 1 solicitud recalculada · antes:`);
      expect(audit.target).toContain('"weight":3');
    });
  });
}
