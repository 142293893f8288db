/**
 * `npm run bench:figures`: the team's figures (Cifras) at scale. Fills a fresh database with 20,000 applications in
 * two programmes and four rounds, with their status history, notes, questions, three reviewers' assignments and
 * verdicts, a grant for every approved one (three milestones, payments, progress reports) and ratings (bulk inserts
 * with generate_series), then times the figures' queries (src/server/team/figures.ts, the code the route runs) N
 * times each and prints p50/p95, on PGlite and then on PostgreSQL (a throwaway cluster). The target is a p95 of
 * 200 ms or less per query. A benchmark, not a timed test: the figures go in docs/operating.md ("Cifras").
 * (`-- --runs 10 --applications 5000` for a quick run; `-- --only pglite|postgres`; `-- --pglite-dir <dir>` keeps the filled
 * PGlite folder there and reuses it on the next run; BENCH_PORT moves the cluster.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/server/storage/database';
import { grantsOf, moneyOf, ratingsOf, readFigures, reviewersOf, reviewOf, weeksOf, type FiguresFilter } from '../src/server/team/figures';
import { RATINGS_SHOWN } from '../src/api/contracts/teamFigures';
import { startPostgresCluster } from './postgres-cluster';
import { percentile, reportQueryBench, type QueryTiming } from './support/queryBench';

const argument = (name: string, fallback: number): number => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const option = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const APPLICATIONS = argument('applications', 20_000);
const RUNS = argument('runs', 30);
const POSTGRES_PORT = Number(process.env.BENCH_PORT || 3192) + 1;
const ONLY = option('only');
const PGLITE_DIR = option('pglite-dir');
const TARGET_MS = 200;
const NOW = new Date();

/**
 * Applications i = 1…N over the last 400 days, alternating Project Grants and Small Grants, in two rounds each
 * (old / new half). Every 4th approved (with a grant), every 4th + 1 rejected, a third of the rest in review. The
 * history has each application's review start (a member, 1 to 72 h after submission) and decision (2 to 30 days);
 * every 5th has a note, every 7th a question; three reviewers each, all but every 10th scored; a grant of
 * USD 30,000 (or 5 ETH on every 8th) with three milestones, the first paid and reported, the second half-way due.
 */
async function fill(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO team_members (email, role, webauthn_user_id)
       SELECT 'revisor' || n || '@example.org', CASE WHEN n = 1 THEN 'admin' WHEN n = 5 THEN 'finance' ELSE 'reviewer' END, 'bench-' || n FROM generate_series(1, 5) n`,
    );
    await tx.query(
      `INSERT INTO rounds (programme, name, opens_at, closes_at, timezone)
       SELECT p, p || CASE WHEN half = 1 THEN ' 2025' ELSE ' 2026' END, $1::timestamptz - make_interval(days => CASE WHEN half = 1 THEN 420 ELSE 200 END),
              CASE WHEN half = 1 THEN $1::timestamptz - make_interval(days => 201) ELSE NULL END, 'UTC'
       FROM unnest(ARRAY['project-grants', 'small-grants']) p CROSS JOIN generate_series(1, 2) half`,
      [NOW],
    );
    await tx.query(
      `INSERT INTO submissions (form, endpoint, payload, created_at, status, status_changed_at, round_id)
       SELECT form, '/api/' || form, jsonb_build_object('firstName', 'Persona' || i, 'email', 'persona' || i || '@example.org', 'projectName', 'Proyecto ' || i),
              created, status, created, (SELECT id FROM rounds r WHERE r.programme = form AND r.name LIKE CASE WHEN created < $2::timestamptz - interval '200 days' THEN '% 2025' ELSE '% 2026' END)
       FROM (SELECT i, CASE WHEN i % 2 = 0 THEN 'project-grants' ELSE 'small-grants' END AS form,
                    $2::timestamptz - make_interval(secs => (i::float8 * 400 * 86400 / $1::int)) AS created,
                    CASE WHEN i % 4 = 0 THEN 'approved' WHEN i % 4 = 1 THEN 'rejected' WHEN i % 3 = 0 THEN 'in_review' ELSE 'received' END AS status
             FROM generate_series(1, $1::int) i) a`,
      [APPLICATIONS, NOW],
    );
    const admin = "(SELECT min(id) FROM team_members WHERE role = 'admin')";
    await tx.query(
      `INSERT INTO application_status_history (submission_id, from_status, to_status, member_id, created_at)
       SELECT id, 'received', 'in_review', ${admin}, created_at + make_interval(hours => 1 + (id % 72)::int) FROM submissions WHERE status <> 'received'`,
    );
    await tx.query(
      `INSERT INTO application_status_history (submission_id, from_status, to_status, member_id, created_at)
       SELECT id, 'in_review', status, ${admin}, created_at + make_interval(days => 2 + (id % 29)::int) FROM submissions WHERE status IN ('approved', 'rejected')`,
    );
    await tx.query(`INSERT INTO application_notes (submission_id, member_id, body, created_at) SELECT id, ${admin}, 'Nota', created_at + interval '30 minutes' FROM submissions WHERE id % 5 = 0`);
    await tx.query(`INSERT INTO information_requests (submission_id, question, member_id, created_at) SELECT id, '¿Pregunta?', ${admin}, created_at + interval '3 hours' FROM submissions WHERE id % 7 = 0`);
    await tx.query(
      `INSERT INTO review_assignments (submission_id, member_id, assigned_by, declaration, declared_at, conflict_reason)
       SELECT s.id, m.id, ${admin}, CASE WHEN (s.id + m.id) % 50 = 0 THEN 'conflict' ELSE 'none' END, s.created_at, CASE WHEN (s.id + m.id) % 50 = 0 THEN 'Conflicto' END
       FROM submissions s CROSS JOIN team_members m WHERE m.role = 'reviewer'`,
    );
    await tx.query(
      `INSERT INTO review_verdicts (submission_id, member_id, recommendation, total, submitted_at)
       SELECT a.submission_id, a.member_id, 'unsure', 3, s.created_at + make_interval(hours => 2 + ((a.submission_id + a.member_id) % 100)::int)
       FROM review_assignments a JOIN submissions s ON s.id = a.submission_id WHERE a.submission_id % 10 <> 0 AND a.declaration = 'none'`,
    );
    await tx.query(
      `INSERT INTO grants (submission_id, amount, currency, created_at)
       SELECT id, CASE WHEN id % 8 = 0 THEN 5000000000000000000 ELSE 3000000 END, CASE WHEN id % 8 = 0 THEN 'ETH' ELSE 'USD' END, created_at + interval '20 days'
       FROM submissions WHERE status = 'approved'`,
    );
    await tx.query(
      `INSERT INTO grant_milestones (grant_id, position, title, done_criteria, due_date, amount, state, accepted_at)
       SELECT g.id, n, 'Hito ' || n, 'Listo', (g.created_at + make_interval(days => 60 * n))::date, g.amount / 4 * CASE WHEN n = 3 THEN 2 ELSE 1 END,
              CASE WHEN n = 1 THEN 'accepted' WHEN n = 2 AND g.id % 3 = 0 THEN 'delivered' ELSE 'pending' END,
              CASE WHEN n = 1 THEN g.created_at + interval '50 days' END
       FROM grants g CROSS JOIN generate_series(1, 3) n`,
    );
    await tx.query(
      `INSERT INTO milestone_reports (milestone_id, version, body, submitted_at, decision, reviewed_at)
       SELECT m.id, 1, 'Informe', m.due_date - 5, CASE WHEN m.state = 'accepted' THEN 'accepted' END, CASE WHEN m.state = 'accepted' THEN m.due_date::timestamptz END
       FROM grant_milestones m WHERE m.state IN ('accepted', 'delivered')`,
    );
    await tx.query(
      `INSERT INTO grant_payments (grant_id, milestone_id, amount, currency, grant_amount, paid_on, method, reference, destination_ciphertext, destination_iv, destination_auth_tag, destination_key_id, recorded_by)
       SELECT g.id, m.id, m.amount, g.currency, m.amount, (m.accepted_at + interval '3 days')::date, CASE WHEN g.currency = 'ETH' THEN 'eth' ELSE 'bank_transfer' END, 'REF-' || m.id,
              '\\x00', '\\x00', '\\x00', 'k', (SELECT min(id) FROM team_members WHERE role = 'finance')
       FROM grants g JOIN grant_milestones m ON m.grant_id = g.id AND m.position = 1`,
    );
    await tx.query(
      `INSERT INTO application_satisfaction (submission_id, rating, comment, created_at)
       SELECT id, 1 + (id % 5)::int, CASE WHEN id % 3 = 0 THEN 'Comentario ' || id END, status_changed_at + interval '40 days' FROM submissions WHERE status IN ('approved', 'rejected') AND id % 3 <> 1`,
    );
  });
  await database.query('ANALYZE');
}

type Measured = QueryTiming & { rows: number };


async function measure(backend: string, database: Database): Promise<Measured[]> {
  const started = performance.now();
  const [filled] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM submissions');
  if (filled!.n === 0) await fill(database);
  console.error(`${backend}: ${filled!.n === 0 ? 'filled' : 'reused'} ${APPLICATIONS} applications in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [counts] = await database.query<Record<string, number>>(
    `SELECT (SELECT count(*) FROM grants)::int AS grants, (SELECT count(*) FROM grant_milestones)::int AS milestones, (SELECT count(*) FROM grant_payments)::int AS payments,
            (SELECT count(*) FROM application_satisfaction)::int AS ratings, (SELECT count(*) FROM application_status_history)::int AS history`,
  );
  console.error(`${backend}: ${JSON.stringify(counts)}`);
  const [reviewer] = await database.query<{ id: string }>("SELECT min(id)::text AS id FROM team_members WHERE role = 'reviewer'");
  const [round] = await database.query<{ id: string }>("SELECT max(id)::text AS id FROM rounds WHERE programme = 'project-grants'");
  const every: FiguresFilter = { programme: null, round: null, now: NOW, memberId: reviewer!.id };
  const oneRound: FiguresFilter = { ...every, programme: 'project-grants', round: [round!.id] };
  const queries: ReadonlyArray<{ name: string; run: () => Promise<number> }> = [
    { name: 'the whole page, every programme and round', run: async () => (await readFigures(database, every)).review.length },
    { name: 'the whole page, one round', run: async () => (await readFigures(database, oneRound)).review.length },
    { name: 'weeks', run: async () => (await weeksOf(database, every)).length },
    { name: 'review (times, rates)', run: async () => (await reviewOf(database, every)).length },
    { name: 'money', run: async () => (await moneyOf(database, every)).length },
    { name: 'grants follow-up', run: async () => (await grantsOf(database, every)).length },
    { name: 'reviewers', run: async () => (await reviewersOf(database, every)).length },
    { name: `ratings (newest ${RATINGS_SHOWN})`, run: async () => (await ratingsOf(database, every, RATINGS_SHOWN)).rows.length },
    { name: 'ratings CSV (all)', run: async () => (await ratingsOf(database, every, null)).rows.length },
  ];
  const results: Measured[] = [];
  for (const query of queries) {
    // One run first, untimed: the plan and the pages are cached, as on a server that has been up a while.
    let rows = await query.run();
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const start = performance.now();
      rows = await query.run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    results.push({ backend, query: query.name, p50: percentile(times, 0.5), p95: percentile(times, 0.95), rows });
    console.error(`${backend}: ${query.name}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`);
  }
  return results;
}

async function onPglite(): Promise<Measured[]> {
  const dataDir = PGLITE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-figures-pglite-'));
  try {
    const database = await openDatabase({ dataDir, databaseUrl: null }, 'server');
    try {
      return await measure('PGlite', database);
    } finally {
      await database.close();
    }
  } finally {
    if (!PGLITE_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Measured[]> {
  const cluster = startPostgresCluster(POSTGRES_PORT);
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-figures-pg-'));
  try {
    const database = await openDatabase({ dataDir: pgDataDir, databaseUrl: cluster.adminUrl }, 'server');
    try {
      return await measure('PostgreSQL', database);
    } finally {
      await database.close();
    }
  } finally {
    cluster.stop();
    fs.rmSync(pgDataDir, { recursive: true, force: true });
  }
}

function report(results: readonly Measured[]): void {
  reportQueryBench({
    heading: `${APPLICATIONS} applications`,
    runs: RUNS,
    targetMs: TARGET_MS,
    results,
    extra: [{ header: 'rows', cell: (row) => row.rows }],
  });
}

async function main(): Promise<void> {
  const results: Measured[] = [];
  if (ONLY !== 'postgres') results.push(...(await onPglite()));
  if (ONLY !== 'pglite') results.push(...(await onPostgres()));
  report(results);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
