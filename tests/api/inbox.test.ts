import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_CONFIG } from '../../src/config/review';
import { formDefinitions } from '../../src/forms/definitions';
import { receiveApplication } from '../../src/server/applications/receive';
import { runExportCommand, UsageError } from '../../src/server/export/cli';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { sniffFileType } from '../../src/server/fileType';
import { referenceOf } from '../../src/server/mail/compose';
import type { Queryable } from '../../src/server/storage/database';
import { aggregateReviews, reviewerTotal } from '../../src/server/team/scoring/aggregate';
import type { Role } from '../../src/server/team/roles';
import { describeUpload } from '../../src/server/uploads';
import { validProjectGrants } from '../../scripts/support/formAnswers';
import { enrolMember, teamClient, type Member } from './support/teamClient';
import { BACKENDS, startTestServer, type TestServer } from './support/testServer';

/**
 * The inbox at scale of a review: the aggregate columns, sorting by score, the review filters ("Me toca revisar",
 * "Falta mi puntaje", "Desacuerdo"), a reviewer's own list, blind review (list, detail, search, file, CSV) and
 * the CSV (team route and CLI) honouring every filter. Project grants review blind here (REVIEW_CONFIG).
 */

const projectDir = path.resolve(__dirname, '../..');
const PROPOSAL = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024, 0x41)]);
const CRITERIA = DEFAULT_REVIEW_CONFIG.programmes['project-grants'].criteria;
const HIDDEN = 'Oculto';

type Seat = 'admin' | 'ana' | 'beto' | 'carla' | 'finance';
const SEATS: Record<Seat, Role> = { admin: 'admin', ana: 'reviewer', beto: 'reviewer', carla: 'reviewer', finance: 'finance' };
const emailOf = (seat: Seat) => `${seat}@example.org`;

type Review = { seat: Seat; declaration: 'none' | 'conflict' | null; score?: number };

/** Assignments, declarations and submitted scores as the scoring routes store them, and the aggregate they refresh. */
async function seedReviews(db: Queryable, submissionId: string, reviews: readonly Review[], ids: Record<Seat, string>): Promise<void> {
  for (const review of reviews) {
    await db.query(
      `INSERT INTO review_assignments (submission_id, member_id, assigned_by, declaration, declared_at, conflict_reason)
       VALUES ($1, $2, $3, $4::text, CASE WHEN $4::text IS NULL THEN NULL ELSE now() END, CASE WHEN $4::text = 'conflict' THEN 'Es mi socia' END)`,
      [submissionId, ids[review.seat], ids.admin, review.declaration],
    );
    if (review.score === undefined) continue;
    for (const criterion of CRITERIA) await db.query('INSERT INTO review_scores (submission_id, member_id, criterion, score) VALUES ($1, $2, $3, $4)', [submissionId, ids[review.seat], criterion.key, review.score]);
    const total = reviewerTotal(CRITERIA, Object.fromEntries(CRITERIA.map((criterion) => [criterion.key, review.score!])));
    await db.query("INSERT INTO review_verdicts (submission_id, member_id, recommendation, total) VALUES ($1, $2, 'approve', $3)", [submissionId, ids[review.seat], total]);
  }
  const aggregate = aggregateReviews(
    reviews.map((review) => ({ recused: review.declaration === 'conflict', total: review.score ?? null })),
    DEFAULT_REVIEW_CONFIG.disagreementThreshold,
  );
  await db.query(
    `INSERT INTO review_aggregates (submission_id, score, reviews_done, reviews_assigned, spread, disagreement) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (submission_id) DO UPDATE SET score = $2, reviews_done = $3, reviews_assigned = $4, spread = $5, disagreement = $6`,
    [submissionId, aggregate.score, aggregate.reviewsDone, aggregate.reviewsAssigned, aggregate.spread, aggregate.disagreement],
  );
}

for (const backend of BACKENDS) {
  describe(`inbox: review columns, filters, blind review and exports (${backend})`, () => {
    let server: TestServer;
    const reviewConfigFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'review-config-')), 'review.json');
    const members = {} as Record<Seat, Member>;
    const ids = {} as Record<Seat, string>;
    /**
     * p1: Ana 5 and Beto 2 (Desacuerdo), Carla recused, has a file. p2: Ana's, not scored, and Carla's, who has not
     * declared yet. p3: Beto 4, approved. p4: nobody's.
     */
    const ref = {} as Record<'p1' | 'p2' | 'p3' | 'p4', string>;
    const env = () => ({ DATA_DIR: server.config.dataDir, DATABASE_URL: server.config.databaseUrl ?? '', REVIEW_CONFIG: reviewConfigFile });

    const api = (seat: Seat) => teamClient(server.url, members[seat].cookie);
    const list = async (seat: Seat, query = '') => {
      const response = await api(seat).get(`/applications?form=project-grants&${query}`);
      expect(response.status, query).toBe(200);
      return ((await response.json()) as { items: Array<Record<string, unknown> & { reference: string }> }).items;
    };
    const references = async (seat: Seat, query = '') => (await list(seat, query)).map((item) => item.reference);
    const csv = async (seat: Seat, query = '') => {
      const response = await api(seat).get(`/export?form=project-grants&${query}`);
      expect(response.status, query).toBe(200);
      const [headers, ...rows] = parse(await response.text(), { bom: true }) as string[][];
      return rows.map((row) => Object.fromEntries(headers!.map((header, index) => [header, row[index]!])));
    };

    beforeAll(async () => {
      const config = { ...DEFAULT_REVIEW_CONFIG, programmes: { ...DEFAULT_REVIEW_CONFIG.programmes, 'project-grants': { ...DEFAULT_REVIEW_CONFIG.programmes['project-grants'], blind: true } } };
      fs.writeFileSync(reviewConfigFile, JSON.stringify(config));
      server = await startTestServer({ backend, env: { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000', REVIEW_CONFIG: reviewConfigFile } });
      const keys = resolveFinanceKeys(server.config).keyring;
      for (const [seat, role] of Object.entries(SEATS) as Array<[Seat, Role]>) {
        members[seat] = await enrolMember(server.url, server.database, emailOf(seat), role, keys);
        ids[seat] = (await server.database.query<{ id: string }>('SELECT id::text AS id FROM team_members WHERE email = $1', [emailOf(seat)]))[0]!.id;
      }
      const receive = async (values: Record<string, string>, upload?: { name: string }) => {
        const id = await receiveApplication(server.database, {
          form: 'project-grants',
          endpoint: '/api/project-grants',
          payload: formDefinitions['project-grants'].toPayload({ ...validProjectGrants(), ...values }),
          upload: upload ? describeUpload(PROPOSAL, (await sniffFileType(PROPOSAL))!, upload.name) : null,
        });
        return id;
      };
      const p1 = await receive({ firstName: 'Zoraida', lastName: 'Quispe', company: 'Nodo Sur', projectDescription: 'Talleres para comunidades rurales de desarrolladores.' }, { name: 'Zoraida Quispe.pdf' });
      const p2 = await receive({ firstName: 'Bruno', lastName: 'Paz', company: 'Cadena Austral', projectDescription: 'Un explorador de bloques llamado Quetzalcoatl.' });
      const p3 = await receive({ firstName: 'Wilmer', lastName: 'Huanca', company: 'Andes Labs', projectDescription: 'Auditorías de contratos para municipios.' });
      const p4 = await receive({ firstName: 'Olga', lastName: 'Rey', company: 'Rey y Asociados', projectDescription: 'Cursos de Solidity en línea.' });
      await seedReviews(server.database, p1, [{ seat: 'ana', declaration: 'none', score: 5 }, { seat: 'beto', declaration: 'none', score: 2 }, { seat: 'carla', declaration: 'conflict' }], ids);
      await seedReviews(server.database, p2, [{ seat: 'ana', declaration: 'none' }, { seat: 'carla', declaration: null }], ids);
      await seedReviews(server.database, p3, [{ seat: 'beto', declaration: 'none', score: 4 }], ids);
      await server.database.query("UPDATE submissions SET status = 'in_review' WHERE id = ANY($1::bigint[])", [[p1, p2]]);
      await server.database.query("UPDATE submissions SET status = 'approved' WHERE id = $1", [p3]);
      Object.assign(ref, { p1: referenceOf('project-grants', p1), p2: referenceOf('project-grants', p2), p3: referenceOf('project-grants', p3), p4: referenceOf('project-grants', p4) });
    });
    afterAll(async () => {
      await server?.close();
      fs.rmSync(path.dirname(reviewConfigFile), { recursive: true, force: true });
    });

    it('lists each application with its reviewers and aggregate, kept from a reviewer until they have scored', async () => {
      const admin = Object.fromEntries((await list('admin')).map((item) => [item.reference, item]));
      expect(admin[ref.p1]).toMatchObject({
        name: 'Zoraida Quispe',
        reviewers: [{ email: emailOf('ana') }, { email: emailOf('beto') }, { email: emailOf('carla') }],
        aggregate: { score: 3.5, reviewsDone: 2, reviewsAssigned: 2, spread: 3, disagreement: true },
        blind: false,
      });
      expect(admin[ref.p3]).toMatchObject({ aggregate: { score: 4, reviewsDone: 1, reviewsAssigned: 1, spread: 0, disagreement: false } });
      expect(admin[ref.p4]).toMatchObject({ reviewers: [], assignee: null, aggregate: { score: null, reviewsDone: 0, reviewsAssigned: 0 } });
      const ana = Object.fromEntries((await list('ana')).map((item) => [item.reference, item]));
      // Ana scored p1: she reads the others' too. She has no scores of her own on p3 (Beto's): its score is kept from her.
      expect(ana[ref.p1]).toMatchObject({ aggregate: { score: 3.5, disagreement: true } });
      expect(ana[ref.p3]).toMatchObject({ aggregate: { score: null, spread: null, disagreement: false, reviewsDone: 1 } });
    });

    it.each([
      ['admin', 'sort=score-desc', ['p3', 'p1', 'p4', 'p2']],
      ['admin', 'sort=score-asc', ['p1', 'p3', 'p4', 'p2']],
      ['admin', '', ['p4', 'p3', 'p2', 'p1']],
      // Ana may read p1's score only: p3's is kept from her, so it sorts with the unscored.
      ['ana', 'sort=score-desc', ['p1', 'p4', 'p3', 'p2']],
    ] as const)('%s sorts with %s (no score last)', async (seat, query, expected) => {
      expect(await references(seat, query)).toEqual(expected.map((key) => ref[key]));
    });

    it.each([
      ['ana', 'review=mine', ['p2', 'p1']],
      ['ana', 'review=missing-my-score', ['p2']],
      ['beto', 'review=mine', ['p1']],
      ['beto', 'review=missing-my-score', []],
      // Not declared yet is hers to review (the declaration comes first).
      ['carla', 'review=mine', ['p2']],
      ['admin', 'review=disagreement', ['p1']],
      ['ana', 'review=disagreement', ['p1']],
      // Carla is recused from p1: nothing of its scores reaches her, the flag included.
      ['carla', 'review=disagreement', []],
      ['ana', 'review=mine,missing-my-score', ['p2']],
      ['admin', 'status=approved', ['p3']],
      ['admin', 'status=in_review', ['p2', 'p1']],
      ['admin', 'assignee=none', ['p4']],
      ['beto', 'assignee=me', ['p3', 'p1']],
      ['admin', 'status=in_review&review=disagreement', ['p1']],
    ] as const)('%s filters %s', async (seat, query, expected) => {
      expect(await references(seat, query)).toEqual(expected.map((key) => ref[key]));
    });

    it('filters by any of the assigned reviewers', async () => {
      expect(await references('admin', `assignee=${ids.beto}`)).toEqual([ref.p3, ref.p1]);
      expect(await references('admin', `assignee=${ids.carla}`)).toEqual([ref.p2, ref.p1]);
    });

    it('refuses unknown review filters and sorts with 400', async () => {
      for (const query of ['review=nope', 'review=mine,', 'sort=score', 'sort=SCORE-DESC']) {
        const response = await api('admin').get(`/applications?${query}`);
        expect(response.status, query).toBe(400);
        expect(((await response.json()) as { error: string }).error).toMatch(/^El (filtro de revisión|orden) debe ser uno de/);
      }
    });

    it('gives a reviewer recused, or not declared yet, the reference of the application and nothing else, and no search reaches it', async () => {
      const carla = Object.fromEntries((await list('carla')).map((item) => [item.reference, item]));
      for (const key of ['p1', 'p2'] as const) expect(carla[ref[key]], key).toMatchObject({ name: '', organisation: '', hasFile: false, reviewers: [], assignee: null, aggregate: null });
      expect(JSON.stringify([carla[ref.p1], carla[ref.p2]])).not.toMatch(/Zoraida|Nodo Sur|Bruno|Cadena/);
      expect(await references('carla', 'q=talleres')).toEqual([]);
      expect(await references('carla', 'q=Quetzalcoatl')).toEqual([]);
      expect(await references('admin', 'q=talleres')).toEqual([ref.p1]);
      expect(await references('beto', 'q=Quetzalcoatl')).toEqual([ref.p2]);
    });

    describe('blind review', () => {
      it('hides the identifying answers in the list from reviewers until the decision; admins see all', async () => {
        const ana = Object.fromEntries((await list('ana')).map((item) => [item.reference, item]));
        expect(ana[ref.p1]).toMatchObject({ name: HIDDEN, organisation: HIDDEN, blind: true });
        expect(ana[ref.p4]).toMatchObject({ name: HIDDEN, organisation: HIDDEN, blind: true });
        // Approved: the review is over, nothing is hidden.
        expect(ana[ref.p3]).toMatchObject({ name: 'Wilmer Huanca', organisation: 'Andes Labs', blind: false });
        const admin = Object.fromEntries((await list('admin')).map((item) => [item.reference, item]));
        expect(admin[ref.p1]).toMatchObject({ name: 'Zoraida Quispe', organisation: 'Nodo Sur', blind: false });
        const finance = Object.fromEntries((await list('finance')).map((item) => [item.reference, item]));
        expect(finance[ref.p1]).toMatchObject({ name: 'Zoraida Quispe', aggregate: { score: null, disagreement: false } });
      });

      it('hides them in the detail and the file name', async () => {
        const detail = async (seat: Seat) => (await (await api(seat).get(`/applications/${ref.p1}`)).json()) as { sections: Array<{ answers: Array<{ name: string; value: string }> }>; file: { name: string }; blind?: boolean };
        const answers = (body: Awaited<ReturnType<typeof detail>>) => Object.fromEntries(body.sections.flatMap((section) => section.answers).map((answer) => [answer.name, answer.value]));
        const ana = await detail('ana');
        const shown = answers(ana);
        for (const name of ['firstName', 'lastName', 'email', 'company', 'teamProfile']) expect(shown[name], name).toBe(HIDDEN);
        expect(shown.projectDescription).toBe('Talleres para comunidades rurales de desarrolladores.');
        expect(ana.file.name).toBe(HIDDEN);
        expect(ana.blind).toBe(true);
        expect(JSON.stringify(ana)).not.toMatch(/Zoraida|Quispe|Nodo Sur/);
        const admin = await detail('admin');
        expect(answers(admin).firstName).toBe('Zoraida');
        expect(admin.file.name).toBe('Zoraida Quispe.pdf');
        expect(admin.blind).toBeUndefined();
        const download = async (seat: Seat) => (await api(seat).get(`/applications/${ref.p1}/file`)).headers.get('content-disposition');
        expect(await download('ana')).toBe(`attachment; filename="${ref.p1}.pdf"`);
        expect(await download('admin')).toBe(`attachment; filename="${ref.p1}-Zoraida_Quispe.pdf"`);
      });

      it('hides them in every text the server composes for the reviewer: the question preview, a response’s file name, its download and audit entry', async () => {
        const preview = async (seat: Seat) => {
          const response = await api(seat).post(`/applications/${ref.p1}/information-request/preview`, { question: '¿Qué comunidades visitarán primero?' });
          expect(response.status).toBe(200);
          return (await response.json()) as { subject: string; body: string };
        };
        const ana = await preview('ana');
        expect(ana.body.split('\n')[0]).toBe(`Hola ${HIDDEN}:`);
        expect(JSON.stringify(ana)).not.toMatch(/Zoraida|Quispe|Nodo Sur/);
        expect((await preview('admin')).body.split('\n')[0]).toBe('Hola Zoraida:');

        // The applicant answered an earlier question with a file named after themselves.
        const [asked] = await server.database.query<{ id: string }>("INSERT INTO information_requests (submission_id, question, member_id) VALUES ($1, '¿Quién dicta los talleres?', $2) RETURNING id::text AS id", [ref.p1.replace(/^\D+-0*/, ''), ids.admin]);
        const [answered] = await server.database.query<{ id: string }>(
          `INSERT INTO information_responses (request_id, body, file_content, file_original_name, file_media_type, file_size, file_sha256)
           VALUES ($1, 'Mi equipo y yo.', $2, 'Zoraida Quispe CV.pdf', 'application/pdf', $3, 'x') RETURNING id::text AS id`,
          [asked!.id, PROPOSAL, PROPOSAL.length],
        );
        type Detail = { informationRequests: Array<{ responses: Array<{ fileName: string | null }> }> };
        const fileNames = async (seat: Seat) => ((await (await api(seat).get(`/applications/${ref.p1}`)).json()) as Detail).informationRequests.flatMap((request) => request.responses.map((response) => response.fileName));
        expect(await fileNames('ana')).toEqual([HIDDEN]);
        expect(await fileNames('admin')).toEqual(['Zoraida Quispe CV.pdf']);
        const download = async (seat: Seat) => (await api(seat).get(`/applications/${ref.p1}/information-requests/${asked!.id}/responses/${answered!.id}/file`)).headers.get('content-disposition');
        expect(await download('ana')).toBe(`attachment; filename="${ref.p1}-respuesta-${answered!.id}.pdf"`);
        expect(await download('admin')).toBe(`attachment; filename="${ref.p1}-respuesta-${answered!.id}-Zoraida_Quispe_CV.pdf"`);
        const targets = await server.database.query<{ actor: string; target: string }>("SELECT actor, target FROM team_audit_log WHERE action = 'download-response-file' ORDER BY id");
        expect(targets.find((entry) => entry.actor === emailOf('ana'))?.target).toBe(`${ref.p1}-respuesta-${answered!.id}.pdf`);
      });

      it.each([
        // A hidden answer never reveals which application holds it; the rest of the answers are searched as ever.
        ['ana', 'Zoraida', []],
        ['ana', 'Nodo', []],
        ['ana', 'talleres', ['p1']],
        ['ana', 'Wilmer', ['p3']],
        ['admin', 'Zoraida', ['p1']],
        ['beto', 'Olga', []],
        ['finance', 'Olga', ['p4']],
      ] as const)('%s searching %s finds %j', async (seat, word, expected) => {
        expect(await references(seat, `q=${encodeURIComponent(word)}`)).toEqual(expected.map((key) => ref[key]));
      });

      it('hides them in the reviewer’s CSV, with the file name', async () => {
        const rows = Object.fromEntries((await csv('ana')).map((row) => [row.Reference, row]));
        expect(rows[ref.p1]).toMatchObject({ 'First name': HIDDEN, 'Last name': HIDDEN, Email: HIDDEN, 'Organization name': HIDDEN, 'Uploaded file': HIDDEN });
        expect(rows[ref.p3]).toMatchObject({ 'First name': 'Wilmer' });
        const admin = Object.fromEntries((await csv('admin')).map((row) => [row.Reference, row]));
        expect(admin[ref.p1]).toMatchObject({ 'First name': 'Zoraida', 'Uploaded file': 'Zoraida Quispe.pdf' });
      });
    });

    describe('CSV', () => {
      it.each([
        ['status=approved', ['p3']],
        ['status=in_review,received', ['p1', 'p2', 'p4']],
        ['assignee=none', ['p4']],
        [`assignee=beto`, ['p1', 'p3']],
        ['review=disagreement', ['p1']],
        ['sort=score-desc', ['p3', 'p1', 'p4', 'p2']],
        ['q=talleres&status=in_review', ['p1']],
      ] as const)('holds exactly what the inbox lists with %s', async (query, expected) => {
        const resolved = query.replace('assignee=beto', `assignee=${ids.beto}`);
        expect((await csv('admin', resolved)).map((row) => row.Reference)).toEqual(expected.map((key) => ref[key]));
      });

      it('gives admins every reviewer’s score per criterion and the aggregate', async () => {
        const rows = Object.fromEntries((await csv('admin')).map((row) => [row.Reference, row]));
        for (const criterion of CRITERIA) {
          expect(rows[ref.p1]![`${criterion.label} — ${emailOf('ana')}`]).toBe('5');
          expect(rows[ref.p1]![`${criterion.label} — ${emailOf('beto')}`]).toBe('2');
          expect(rows[ref.p3]![`${criterion.label} — ${emailOf('beto')}`]).toBe('4');
          expect(rows[ref.p2]![`${criterion.label} — ${emailOf('ana')}`]).toBe('');
        }
        expect(rows[ref.p1]).toMatchObject({ Status: 'in_review', Score: '3.5', 'Reviews done': '2', 'Reviews assigned': '2', Spread: '3', Disagreement: 'yes', [`Recommendation — ${emailOf('ana')}`]: 'approve' });
        expect(rows[ref.p1]!.Reviewers).toBe([emailOf('ana'), emailOf('beto'), emailOf('carla')].join(', '));
      });

      it('never gives a reviewer the others’ scores before they have sent theirs', async () => {
        const rows = Object.fromEntries((await csv('ana')).map((row) => [row.Reference, row]));
        // p1: Ana has scored, she reads Beto's. p3: she has not (not hers), so neither its scores nor its aggregate.
        expect(rows[ref.p1]![`${CRITERIA[0]!.label} — ${emailOf('beto')}`]).toBe('2');
        expect(rows[ref.p3]).toMatchObject({ Score: '', Spread: '', Disagreement: '', [`${CRITERIA[0]!.label} — ${emailOf('beto')}`]: '' });
        const carla = Object.fromEntries((await csv('carla')).map((row) => [row.Reference, row]));
        for (const key of ['p1', 'p2'] as const) expect(carla[ref[key]], key).toMatchObject({ Reference: ref[key], 'First name': '', 'Project description': '', Score: '', Reviewers: '' });
        expect(Object.keys(carla[ref.p1]!).some((header) => header.includes(emailOf('beto')))).toBe(false);
      });

      // The CLI opens the database beside the running server: PostgreSQL allows it; the test server's PGlite offers
      // no socket to local tools (tests/api/export.test.ts runs the CLI on PGlite with the server stopped).
      if (backend === 'postgres')
        it('the CLI takes the same filters and writes the same scores', async () => {
        const run = async (...args: string[]) => {
          let stdout = '';
          await runExportCommand(['--form', 'project-grants', ...args], { stdout: (text) => (stdout += text), stderr: () => undefined }, { env: env(), projectDir, outputDir: os.tmpdir() });
          const [headers, ...rows] = parse(stdout, { bom: true }) as string[][];
          return rows.map((row) => Object.fromEntries(headers!.map((header, index) => [header, row[index]!])));
        };
        const refs = async (...args: string[]) => (await run(...args)).map((row) => row.Reference);
        expect(await refs('--status', 'approved')).toEqual([ref.p3]);
        expect(await refs('--assignee', emailOf('beto'))).toEqual([ref.p1, ref.p3]);
        expect(await refs('--assignee', 'none')).toEqual([ref.p4]);
        expect(await refs('--review', 'disagreement')).toEqual([ref.p1]);
        expect(await refs('--sort', 'score-desc')).toEqual([ref.p3, ref.p1, ref.p4, ref.p2]);
        expect(await refs('--q', 'talleres')).toEqual([ref.p1]);
        expect(await refs('--review', 'missing-my-score', '--as', emailOf('ana'))).toEqual([ref.p2]);
        const asAna = Object.fromEntries((await run('--as', emailOf('ana'))).map((row) => [row.Reference, row]));
        expect(asAna[ref.p1]).toMatchObject({ 'First name': HIDDEN });
        const all = Object.fromEntries((await run()).map((row) => [row.Reference, row]));
        expect(all[ref.p1]).toMatchObject({ 'First name': 'Zoraida', Score: '3.5', [`${CRITERIA[0]!.label} — ${emailOf('ana')}`]: '5' });
        await expect(run('--review', 'mine')).rejects.toThrow(UsageError);
        await expect(run('--status', 'lost')).rejects.toThrow("--status takes received, in_review");
        await expect(run('--assignee', 'nobody@example.org')).rejects.toThrow("no active team member has the email 'nobody@example.org'");
      });
    });

    describe('a reviewer’s own list', () => {
      it('groups the applications assigned to them, oldest first', async () => {
        const mine = async (seat: Seat) => (await (await api(seat).get('/my-reviews')).json()) as { pending: Array<Record<string, unknown>>; scored: Array<Record<string, unknown>>; recused: Array<Record<string, unknown>> };
        const ana = await mine('ana');
        expect(ana.pending.map((item) => item.reference)).toEqual([ref.p2]);
        expect(ana.pending[0]).toMatchObject({ declaration: 'none', scoredAt: null, aggregate: null, status: 'in_review', programme: 'Project Grants' });
        expect(ana.scored.map((item) => item.reference)).toEqual([ref.p1]);
        expect(ana.scored[0]).toMatchObject({ aggregate: { score: 3.5, disagreement: true }, scoredAt: expect.any(String) });
        expect(ana.recused).toEqual([]);
        const beto = await mine('beto');
        expect(beto.scored.map((item) => item.reference)).toEqual([ref.p1, ref.p3]);
        const carla = await mine('carla');
        expect(carla.recused).toEqual([{ id: ref.p1, reference: ref.p1, form: 'project-grants' }]);
        expect(carla.scored).toEqual([]);
        expect(carla.pending).toEqual([expect.objectContaining({ reference: ref.p2, declaration: null, scoredAt: null, aggregate: null })]);
        expect((await api('finance').get('/my-reviews')).status).toBe(403);
        expect((await teamClient(server.url, null).get('/my-reviews')).status).toBe(401);
      });
    });
  });
}
