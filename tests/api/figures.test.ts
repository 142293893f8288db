import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Figures } from '../../src/api/contracts/teamFigures';
import { formDefinitions } from '../../src/forms/definitions';
import { receiveApplication } from '../../src/server/applications/receive';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { referenceOf } from '../../src/server/mail/compose';
import type { Role } from '../../src/server/team/roles';
import { validProjectGrants, validSmallGrantsProject } from '../../scripts/support/formAnswers';
import { auditEntries, enrolMember, teamClient, type Member } from './support/teamClient';
import { BACKENDS, startTestServer, type TestServer } from './support/testServer';

/**
 * Cifras (issue 51): GET /api/team/figures and its CSVs against a fixture whose answers were worked out by hand.
 *
 * Round "Ronda 1" of Project Grants (all times UTC, hours from submission):
 *   A  Mon 2026-03-02 10:00  note +2 h, in review +4 h, approved +48 h   grant 1000.00 USD, 300.00 paid; rated 5
 *   B  Tue 2026-03-03 10:00  in review +6 h, rejected +24 h                                                rated 2
 *   C  Tue 2026-03-10 10:00  question to the applicant +10 h
 *   D  Wed 2026-03-11 10:00  the reviewer's score +20 h
 *   E  Thu 2026-03-12 10:00  nothing (the reviewer declared a conflict)                                     rated 4
 * Small Grants, outside any round:
 *   F  Thu 2026-03-05 10:00  approved +72 h                              grant 1.5 ETH cancelled, 0.5 ETH paid
 * First action in the round: 2, 6, 10, 20 h → median (6+10)/2 = 8, p90 = 10 + 0.7·(20−10) = 17 (percentile_cont).
 * Decision: 48, 24 h → median 36, p90 = 24 + 0.9·24 = 45.6. Received 5, decided 2 (0.4), approval 1/2 = 0.5.
 * A's milestones on 2026-04-01: #1 due 03-20 pending (overdue), #2 due 05-01 pending, #3 due 03-15 delivered with a
 * report waiting since 03-25 00:00 (7.5 days at 12:00).
 */

const NOW = new Date('2026-04-01T12:00:00Z');
const HOUR = 3_600_000;

for (const backend of BACKENDS) {
  describe(`the team's figures (${backend})`, () => {
    let server: TestServer;
    const members = {} as Record<Role, Member>;
    const ids = {} as Record<Role, string>;
    const ref = {} as Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', string>;
    let round = '';
    const api = (role: Role | null) => teamClient(server.url, role ? members[role].cookie : null);
    const figures = async (query = ''): Promise<Figures> => {
      const response = await api('admin').get(`/figures${query}`);
      expect(response.status, query).toBe(200);
      return (await response.json()) as Figures;
    };
    const csvOf = (text: string) => parse(text, { bom: true }) as string[][];

    beforeAll(async () => {
      server = await startTestServer({ backend, now: () => NOW, env: { TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
      const db = server.database;
      const keys = resolveFinanceKeys(server.config).keyring;
      for (const role of ['admin', 'reviewer', 'finance'] as const) {
        members[role] = await enrolMember(server.url, db, `${role}@example.org`, role, keys);
        ids[role] = (await db.query<{ id: string }>('SELECT id::text AS id FROM team_members WHERE email = $1', [`${role}@example.org`]))[0]!.id;
      }
      round = (await db.query<{ id: string }>("INSERT INTO rounds (programme, name, opens_at, timezone) VALUES ('project-grants', 'Ronda 1', '2026-02-01T00:00:00Z', 'UTC') RETURNING id::text AS id"))[0]!
        .id;
      const at = (start: Date, hours: number) => new Date(start.getTime() + hours * HOUR);
      const receive = async (key: keyof typeof ref, form: 'project-grants' | 'small-grants', created: string, status: string, roundId: string | null) => {
        const values = form === 'project-grants' ? validProjectGrants() : validSmallGrantsProject();
        const id = await receiveApplication(db, { form, endpoint: `/api/${form}`, payload: formDefinitions[form].toPayload({ ...values, firstName: key }), upload: null });
        await db.query('UPDATE submissions SET created_at = $2, status = $3, status_changed_at = $2, round_id = $4 WHERE id = $1', [id, created, status, roundId]);
        ref[key] = referenceOf(form, id);
        return { id, created: new Date(created) };
      };
      const history = (id: string, from: string, to: string, when: Date) =>
        db.query('INSERT INTO application_status_history (submission_id, from_status, to_status, member_id, created_at) VALUES ($1, $2, $3, $4, $5)', [id, from, to, ids.admin, when]);

      const a = await receive('A', 'project-grants', '2026-03-02T10:00:00Z', 'approved', round);
      await db.query('INSERT INTO application_notes (submission_id, member_id, body, created_at) VALUES ($1, $2, $3, $4)', [a.id, ids.admin, 'Revisar presupuesto', at(a.created, 2)]);
      await history(a.id, 'received', 'in_review', at(a.created, 4));
      await history(a.id, 'in_review', 'approved', at(a.created, 48));
      const b = await receive('B', 'project-grants', '2026-03-03T10:00:00Z', 'rejected', round);
      await history(b.id, 'received', 'in_review', at(b.created, 6));
      await history(b.id, 'in_review', 'rejected', at(b.created, 24));
      const c = await receive('C', 'project-grants', '2026-03-10T10:00:00Z', 'information_requested', round);
      await db.query('INSERT INTO information_requests (submission_id, question, member_id, created_at) VALUES ($1, $2, $3, $4)', [c.id, '¿Cuál es el calendario?', ids.admin, at(c.created, 10)]);
      const d = await receive('D', 'project-grants', '2026-03-11T10:00:00Z', 'in_review', round);
      const e = await receive('E', 'project-grants', '2026-03-12T10:00:00Z', 'received', round);
      const f = await receive('F', 'small-grants', '2026-03-05T10:00:00Z', 'approved', null);
      await history(f.id, 'received', 'approved', at(f.created, 72));

      // The reviewer: C (declared free of conflict, no score yet), D (scored), E (recused). The admin: A.
      const assign = (id: string, member: string, declaration: string | null) =>
        db.query('INSERT INTO review_assignments (submission_id, member_id, declaration, declared_at, conflict_reason) VALUES ($1, $2, $3, $4, $5)', [
          id,
          member,
          declaration,
          declaration ? NOW : null,
          declaration === 'conflict' ? 'Trabajé con este equipo' : null,
        ]);
      await assign(c.id, ids.reviewer, 'none');
      await assign(d.id, ids.reviewer, 'none');
      await assign(e.id, ids.reviewer, 'conflict');
      await assign(a.id, ids.admin, 'none');
      await db.query("INSERT INTO review_verdicts (submission_id, member_id, recommendation, total, submitted_at) VALUES ($1, $2, 'approve', 4, $3)", [d.id, ids.reviewer, at(d.created, 20)]);

      const grantA = (await db.query<{ id: string }>("INSERT INTO grants (submission_id, amount, currency) VALUES ($1, 100000, 'USD') RETURNING id::text AS id", [a.id]))[0]!.id;
      const milestone = async (position: number, due: string, state: string) =>
        (
          await db.query<{ id: string }>(
            "INSERT INTO grant_milestones (grant_id, position, title, done_criteria, due_date, amount, state) VALUES ($1, $2, 'Hito', 'Listo', $3, 10000, $4) RETURNING id::text AS id",
            [grantA, position, due, state],
          )
        )[0]!.id;
      await milestone(1, '2026-03-20', 'pending');
      await milestone(2, '2026-05-01', 'pending');
      const delivered = await milestone(3, '2026-03-15', 'delivered');
      await db.query("INSERT INTO milestone_reports (milestone_id, version, body, submitted_at) VALUES ($1, 1, 'Avance', '2026-03-25T00:00:00Z')", [delivered]);
      const pay = (grant: string, amount: string, currency: string) =>
        db.query(
          `INSERT INTO grant_payments (grant_id, amount, currency, grant_amount, paid_on, method, reference, destination_ciphertext, destination_iv, destination_auth_tag, destination_key_id, recorded_by)
           VALUES ($1, $2, $3, $2, '2026-03-20', 'bank_transfer', 'TRF-1', '\\x00', '\\x00', '\\x00', 'k', $4)`,
          [grant, amount, currency, ids.finance],
        );
      await pay(grantA, '30000', 'USD');
      const grantF = (
        await db.query<{ id: string }>("INSERT INTO grants (submission_id, amount, currency, state, cancel_reason) VALUES ($1, 1500000000000000000, 'ETH', 'cancelled', 'Proyecto abandonado') RETURNING id::text AS id", [
          f.id,
        ])
      )[0]!.id;
      await pay(grantF, '500000000000000000', 'ETH');

      const rate = (id: string, rating: number, comment: string, when: string) =>
        db.query('INSERT INTO application_satisfaction (submission_id, rating, comment, created_at) VALUES ($1, $2, $3, $4)', [id, rating, comment, when]);
      await rate(a.id, 5, 'Muy claro todo', '2026-03-06T10:00:00Z');
      await rate(b.id, 2, 'Tardaron en responder', '2026-03-05T10:00:00Z');
      await rate(e.id, 4, 'Bien', '2026-03-13T10:00:00Z');
    });
    afterAll(async () => {
      await server?.close();
    });

    it('admins and reviewers read the figures and their CSV; finance is refused and a visitor must sign in', async () => {
      const expected: Record<string, number> = { admin: 200, reviewer: 200, finance: 403, visitor: 401 };
      for (const route of ['/figures', '/figures.csv?table=review']) {
        for (const [who, status] of Object.entries(expected)) {
          const response = await api(who === 'visitor' ? null : (who as Role)).get(route);
          expect(response.status, `${who} ${route}`).toBe(status);
          if (status !== 200) expect(((await response.json()) as { error: string }).error).toBe(status === 401 ? 'Inicia sesión para continuar.' : 'Tu rol no permite esta acción.');
        }
      }
    });

    it('refuses a programme, round or table that does not exist, in Spanish', async () => {
      const cases: Array<[string, string]> = [
        ['/figures?programme=grantee-finance', 'El programa debe ser uno de'],
        ['/figures?round=abc', 'La convocatoria debe ser all, current o el número de una convocatoria.'],
        ['/figures.csv?table=nada', 'La tabla debe ser una de'],
        ['/figures.csv', 'Elige la tabla que quieres descargar'],
      ];
      for (const [route, message] of cases) {
        const response = await api('admin').get(route);
        expect(response.status, route).toBe(400);
        expect(((await response.json()) as { error: string }).error, route).toContain(message);
      }
    });

    it('counts the week, the review, the times and the rates exactly', async () => {
      const data = await figures();
      expect(data.today).toBe('2026-04-01');
      expect(data.weeks.map((row) => [row.programme, row.round?.name ?? null, row.week, row.received])).toEqual([
        ['project-grants', 'Ronda 1', '2026-W10', 2],
        ['project-grants', 'Ronda 1', '2026-W11', 3],
        ['small-grants', null, '2026-W10', 1],
      ]);
      expect(data.weeks[1]!.inbox).toEqual({ form: 'project-grants', round, from: '2026-03-09', to: '2026-03-15' });
      expect(data.weeks[2]!.inbox).toEqual({ form: 'small-grants', round: 'all', from: '2026-03-02', to: '2026-03-08' });

      const [pg, sg] = data.review;
      expect(pg).toMatchObject({
        programme: 'project-grants',
        round: { id: round, name: 'Ronda 1' },
        received: 5,
        decided: 2,
        approved: 1,
        rejected: 1,
        decidedShare: 0.4,
        approvalRate: 0.5,
        firstAction: { count: 4, medianHours: 8, p90Hours: 17 },
        decision: { count: 2, medianHours: 36, p90Hours: 45.6 },
        ratings: 3,
        averageRating: 3.67,
      });
      expect(pg!.inbox).toEqual({
        received: { form: 'project-grants', round },
        approved: { form: 'project-grants', round, status: 'approved' },
        rejected: { form: 'project-grants', round, status: 'rejected' },
      });
      expect(sg).toMatchObject({ programme: 'small-grants', round: null, received: 1, decided: 1, decidedShare: 1, approvalRate: 1, firstAction: { count: 1, medianHours: 72, p90Hours: 72 } });
    });

    it('sums the amounts per currency: approved without cancelled grants, paid, outstanding', async () => {
      const { money } = await figures();
      expect(money.map(({ programme, currency, grants, approved, paid, outstanding }) => ({ programme, currency, grants, approved, paid, outstanding }))).toEqual([
        { programme: 'project-grants', currency: 'USD', grants: 1, approved: '1000.00', paid: '300.00', outstanding: '700.00' },
        { programme: 'small-grants', currency: 'ETH', grants: 1, approved: '0', paid: '0.5', outstanding: '0' },
      ]);
      expect(money[0]!.inbox).toEqual({ form: 'project-grants', round, status: 'approved' });
    });

    it('counts overdue milestones and the reports waiting, with the oldest wait', async () => {
      const { grants } = await figures();
      expect(grants).toHaveLength(1);
      expect(grants[0]).toMatchObject({ programme: 'project-grants', overdueMilestones: 1, overdueGrants: 1, reportsWaiting: 1, oldestReportAt: '2026-03-25T00:00:00.000Z', oldestWaitDays: 7.5 });
    });

    it("gives each reviewer's load, linked to the inbox by assignee", async () => {
      const { reviewers } = await figures();
      expect(reviewers.map(({ member, assigned, scored, waiting, inbox }) => ({ email: member.email, assigned, scored, waiting, inbox }))).toEqual([
        { email: 'admin@example.org', assigned: 1, scored: 0, waiting: 0, inbox: { form: 'project-grants', round, assignee: ids.admin } },
        { email: 'reviewer@example.org', assigned: 3, scored: 1, waiting: 1, inbox: { form: 'project-grants', round, assignee: ids.reviewer } },
      ]);
    });

    it('lists the ratings with their comments, newest first; a reviewer does not read those of an application they are recused from', async () => {
      const { ratings, ratingsTotal } = await figures();
      expect(ratingsTotal).toBe(3);
      expect(ratings.map((row) => [row.reference, row.rating, row.comment])).toEqual([
        [ref.E, 4, 'Bien'],
        [ref.A, 5, 'Muy claro todo'],
        [ref.B, 2, 'Tardaron en responder'],
      ]);
      const response = await api('reviewer').get('/figures');
      const seen = (await response.json()) as Figures;
      expect(seen.ratings.map((row) => row.reference)).toEqual([ref.A, ref.B]);
    });

    it('filters by programme and by round', async () => {
      const small = await figures('?programme=small-grants');
      expect(small.review.map((row) => row.programme)).toEqual(['small-grants']);
      expect(small.reviewers).toEqual([]);
      const inRound = await figures(`?round=${round}`);
      expect(inRound.review.map((row) => row.round?.id)).toEqual([round]);
      // The times are the same computed over that round alone.
      expect(inRound.review[0]).toMatchObject({ firstAction: { count: 4, medianHours: 8, p90Hours: 17 }, decision: { count: 2, medianHours: 36, p90Hours: 45.6 } });
      expect((await figures('?programme=small-grants')).review[0]!.decision).toEqual({ count: 1, medianHours: 72, p90Hours: 72 });
      expect(inRound.money.map((row) => row.currency)).toEqual(['USD']);
      const all = await figures('?round=all&programme=');
      expect(all.review).toHaveLength(2);
    });

    it('writes each table as CSV with its columns, and audits the export', async () => {
      const expectedHeaders: Record<string, string[]> = {
        weeks: ['Programa', 'Convocatoria', 'Semana', 'Desde', 'Recibidas'],
        money: ['Programa', 'Convocatoria', 'Moneda', 'Becas', 'Aprobado', 'Pagado', 'Pendiente'],
        grants: ['Programa', 'Convocatoria', 'Hitos vencidos', 'Becas con hitos vencidos', 'Informes por revisar', 'Informe más antiguo', 'Espera más larga (días)'],
        reviewers: ['Programa', 'Convocatoria', 'Miembro', 'Asignadas', 'Con puntaje', 'Por revisar'],
        ratings: ['Programa', 'Convocatoria', 'Solicitud', 'Valoración', 'Comentario', 'Fecha'],
      };
      for (const [table, headers] of Object.entries(expectedHeaders)) {
        const response = await api('admin').get(`/figures.csv?table=${table}`);
        expect(response.headers.get('content-type')).toContain('text/csv');
        expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="cifras-[a-z]+-2026-04-01\.csv"$/);
        expect(csvOf(await response.text())[0], table).toEqual(headers);
      }
      const money = csvOf(await (await api('admin').get('/figures.csv?table=money')).text());
      expect(money.slice(1)).toEqual([
        ['Project Grants', 'Ronda 1', 'USD', '1', '1000.00', '300.00', '700.00'],
        ['Small Grants', 'Sin convocatoria', 'ETH', '1', '0', '0.5', '0'],
      ]);
      const review = csvOf(await (await api('admin').get(`/figures.csv?table=review&round=${round}`)).text());
      expect(review[0]).toContain('Primera acción: p90 (horas)');
      expect(review.slice(1)).toEqual([['Project Grants', 'Ronda 1', '5', '2', '1', '1', '0.4', '0.5', '4', '8', '17', '2', '36', '45.6', '3', '3.67']]);
      expect(await auditEntries(server.database)).toContainEqual({ actor: 'admin@example.org', action: 'export', target: `cifras table=review round=${round} (1)` });
    });
  });
}
