/**
 * `npm run bench:inbox`: the team's inbox at scale. Fills a fresh database with 20,000 project-grant
 * applications, three reviewers each with their scores (bulk inserts with generate_series), then times
 * the inbox's queries (src/server/team/applications.ts, the code the route runs) N times each and
 * prints p50/p95 per query, on PGlite and then on PostgreSQL (a throwaway cluster). The target is a
 * p95 of 200 ms or less per query. A benchmark, not a timed test: the figures go in docs/bench-inbox.md.
 * (`-- --runs 10 --applications 5000` for a quick run; `-- --only pglite|postgres`; `-- --pglite-dir <dir>` keeps the
 * filled PGlite folder there and reuses it on the next run; BENCH_PORT moves the PostgreSQL cluster.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_REVIEW_CONFIG } from '../src/config/review';
import { openDatabase, type Database } from '../src/server/storage/database';
import { listApplications, type ApplicationFilter } from '../src/server/team/applications';
import type { Viewer } from '../src/server/team/inboxFilter';
import { startPostgresCluster } from './postgres-cluster';
import { percentile, reportQueryBench, type QueryTiming } from './support/queryBench';

const argument = (name: string, fallback: number): number => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const APPLICATIONS = argument('applications', 20_000);
const RUNS = argument('runs', 30);
const POSTGRES_PORT = Number(process.env.BENCH_PORT || 3190) + 1;
const REVIEWERS = 3;
const CRITERIA = DEFAULT_REVIEW_CONFIG.programmes['project-grants'].criteria.map((criterion) => criterion.key);
const TARGET_MS = 200;
const option = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const ONLY = option('only');
const PGLITE_DIR = option('pglite-dir');

/**
 * The applications, reviewers, assignments, scores, verdicts and aggregates, in a handful of statements. Every
 * 100th application mentions "cooperativa" (the search word); the reviewers' totals spread apart on every 7th
 * (Desacuerdo); the last tenth has no scores yet (pending work for the filters).
 */
async function fill(database: Database): Promise<void> {
  const names = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Fabián', 'Gloria', 'Héctor', 'Inés', 'Julián'];
  await database.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO team_members (email, role, webauthn_user_id)
       SELECT 'revisor' || n || '@example.org', CASE WHEN n = 1 THEN 'admin' ELSE 'reviewer' END, 'bench-' || n FROM generate_series(1, $1::int) n`,
      [REVIEWERS + 1],
    );
    await tx.query(
      `INSERT INTO submissions (form, endpoint, payload, created_at, status)
       SELECT 'project-grants', '/api/project-grants',
              jsonb_build_object(
                'firstName', ($2::text[])[1 + i % 10], 'lastName', 'Apellido' || i, 'email', 'persona' || i || '@example.org',
                'company', 'Organización ' || (i % 500),
                'projectName', 'Proyecto ' || i,
                'projectDescription', CASE WHEN i % 100 = 0 THEN 'Una cooperativa de desarrolladores que enseña Solidity.' ELSE 'Herramientas abiertas para auditar contratos inteligentes, número ' || i || '.' END,
                'teamProfile', 'Equipo de ' || (2 + i % 5) || ' personas con experiencia en Ethereum.',
                'problemBeingSolved', 'Faltan herramientas en español para la comunidad de la región.'),
              now() - make_interval(mins => i),
              CASE WHEN i % 20 = 0 THEN 'approved' WHEN i % 20 = 1 THEN 'rejected' WHEN i % 3 = 0 THEN 'in_review' ELSE 'received' END
       FROM generate_series(1, $1::int) i`,
      [APPLICATIONS, names],
    );
    // Reviewers 2..4 (members), every application to all three.
    await tx.query(
      `INSERT INTO review_assignments (submission_id, member_id, assigned_by, declaration, declared_at)
       SELECT s.id, m.id, (SELECT min(id) FROM team_members), 'none', now() FROM submissions s CROSS JOIN team_members m WHERE m.role = 'reviewer'`,
    );
    // Scores 1..5 that depend on the application and the reviewer; none on the last tenth of the applications.
    await tx.query(
      `INSERT INTO review_scores (submission_id, member_id, criterion, score)
       SELECT a.submission_id, a.member_id, c, 1 + ((a.submission_id * 7 + a.member_id * (CASE WHEN a.submission_id % 7 = 0 THEN 3 ELSE 1 END) + length(c)) % 5)::int
       FROM review_assignments a CROSS JOIN unnest($1::text[]) c
       WHERE a.submission_id % 10 <> 0`,
      [CRITERIA],
    );
    await tx.query(
      `INSERT INTO review_verdicts (submission_id, member_id, recommendation, total)
       SELECT submission_id, member_id, 'unsure', avg(score) FROM review_scores GROUP BY submission_id, member_id`,
    );
    await tx.query(
      `INSERT INTO review_aggregates (submission_id, score, reviews_done, reviews_assigned, spread, disagreement)
       SELECT a.submission_id, avg(v.total), count(v.total)::int, count(*)::int, max(v.total) - min(v.total),
              count(v.total) >= 2 AND max(v.total) - min(v.total) >= $1
       FROM review_assignments a LEFT JOIN review_verdicts v ON v.submission_id = a.submission_id AND v.member_id = a.member_id
       GROUP BY a.submission_id`,
      [DEFAULT_REVIEW_CONFIG.disagreementThreshold],
    );
  });
  await database.query('ANALYZE');
}

type Query = { readonly name: string; readonly filter: Partial<ApplicationFilter>; readonly as: 'admin' | 'reviewer' };

const QUERIES: readonly Query[] = [
  { name: 'list, first page', filter: {}, as: 'admin' },
  { name: 'list, page 400', filter: { page: 400 }, as: 'admin' },
  { name: 'search "cooperativa"', filter: { search: 'cooperativa' }, as: 'admin' },
  { name: 'search "cooperativa", blind reviewer', filter: { search: 'cooperativa' }, as: 'reviewer' },
  { name: 'sort by score, desc', filter: { sort: 'score-desc' }, as: 'admin' },
  { name: 'sort by score, asc', filter: { sort: 'score-asc' }, as: 'admin' },
  { name: 'sort by score, reviewer', filter: { sort: 'score-desc' }, as: 'reviewer' },
  { name: 'Me toca revisar (mine)', filter: { review: ['mine'] }, as: 'reviewer' },
  { name: 'Falta mi puntaje (missing-my-score)', filter: { review: ['missing-my-score'] }, as: 'reviewer' },
  { name: 'Desacuerdo (disagreement)', filter: { review: ['disagreement'] }, as: 'admin' },
  { name: 'status in_review', filter: { statuses: ['in_review'] }, as: 'admin' },
  { name: 'assignee = a reviewer', filter: { assignee: { memberId: 'REVIEWER' } }, as: 'admin' },
];


type Measured = QueryTiming & { rows: number; total: number };

async function measure(backend: string, database: Database): Promise<Measured[]> {
  const started = performance.now();
  const [filled] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM submissions');
  if (filled!.n === 0) await fill(database);
  console.error(`${backend}: ${filled!.n === 0 ? 'filled' : 'reused'} ${APPLICATIONS} applications in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [admin] = await database.query<{ id: string }>("SELECT id::text AS id FROM team_members WHERE role = 'admin'");
  const [reviewer] = await database.query<{ id: string }>("SELECT min(id)::text AS id FROM team_members WHERE role = 'reviewer'");
  // Blind review is set per round: the reviewer reads every project-grants round blind.
  const blindRounds = (await database.query<{ id: string }>("SELECT id::text AS id FROM rounds WHERE programme = 'project-grants'")).map((row) => row.id);
  const viewers: Record<Query['as'], Viewer> = {
    admin: { memberId: admin!.id, role: 'admin', blindRounds: [] },
    reviewer: { memberId: reviewer!.id, role: 'reviewer', blindRounds },
  };
  const results: Measured[] = [];
  for (const query of QUERIES) {
    const assignee = query.filter.assignee ? { memberId: reviewer!.id } : null;
    const filter: ApplicationFilter = { forms: ['project-grants'], since: null, page: 1, ...query.filter, assignee };
    const times: number[] = [];
    let last = { items: [] as unknown[], total: 0 };
    // One run first, untimed: the plan and the pages are cached, as on a server that has been up a while.
    await listApplications(database, filter, viewers[query.as]);
    for (let run = 0; run < RUNS; run += 1) {
      const start = performance.now();
      last = await listApplications(database, filter, viewers[query.as]);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    results.push({ backend, query: query.name, p50: percentile(times, 0.5), p95: percentile(times, 0.95), rows: last.items.length, total: last.total });
    console.error(`${backend}: ${query.name}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`);
  }
  return results;
}

async function main(): Promise<void> {
  const results: Measured[] = [];
  if (ONLY !== 'postgres') {
    const dataDir = PGLITE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-inbox-pglite-'));
    try {
      const database = await openDatabase({ dataDir, databaseUrl: null }, 'server');
      try {
        results.push(...(await measure('PGlite', database)));
      } finally {
        await database.close();
      }
    } finally {
      if (!PGLITE_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (ONLY !== 'pglite') results.push(...(await onPostgres()));
  report(results);
}

async function onPostgres(): Promise<Measured[]> {
  const results: Measured[] = [];
  const cluster = startPostgresCluster(POSTGRES_PORT);
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-inbox-pg-'));
  try {
    const database = await openDatabase({ dataDir: pgDataDir, databaseUrl: cluster.adminUrl }, 'server');
    try {
      results.push(...(await measure('PostgreSQL', database)));
    } finally {
      await database.close();
    }
  } finally {
    cluster.stop();
    fs.rmSync(pgDataDir, { recursive: true, force: true });
  }
  return results;
}

function report(results: readonly Measured[]): void {
  reportQueryBench({
    heading: `${APPLICATIONS} applications × ${REVIEWERS} reviewers (${CRITERIA.length} criteria)`,
    runs: RUNS,
    targetMs: TARGET_MS,
    results,
    extra: [
      { header: 'rows on the page', cell: (row) => row.rows },
      { header: 'matching', cell: (row) => row.total },
    ],
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
