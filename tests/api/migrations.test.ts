import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/server/storage/database';
import { applyMigrations, MIGRATIONS, SKIPPED_VERSIONS, type Migration } from '../../src/server/storage/migrations';
import { BACKENDS, freshStorage, type Backend } from './support/testServer';

/**
 * The schema's migrations, one file each in src/server/storage/migrations/ (issue 49): numbered without a gap or a
 * duplicate, each file named after its version, and a database left at any past version by an older release upgrades
 * to the current one without losing a row or re-running what it already has.
 */

const FOLDER = path.resolve(__dirname, '../../src/server/storage/migrations');
const NUMBERED = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.ts$/;

/** What deployments have recorded in schema_migrations: a released number and name never change. */
const RELEASED: ReadonlyArray<readonly [number, string]> = [
  [1, 'submissions, newsletter, grantees'],
  [2, 'mail outbox'],
  [3, 'uploaded files in the database'],
  [4, 'composed emails in the outbox, newsletter double opt-in'],
  [5, 'team members, passkeys, enrolment links, sessions'],
  [6, 'team audit log (append-only), full-text search over answers'],
  [8, 'grantee payment details encrypted at rest'],
  [9, 'review workflow: status, history, assignee, notes; grantees linked to applications'],
  [10, 'webhook endpoints and outbox'],
  [11, 'decision emails sent from the team area; who issued a grantee ID'],
  [12, 'outbox bodies and unsubscribe tokens sealed'],
  [13, 'applicant portal: sign-in links and sessions, information requests, decision messages, withdrawals, satisfaction, erasure requests'],
  [14, 'one outbox: job kinds and idempotency keys'],
  [15, 'review scoring: several reviewers, declarations, scores, verdicts, aggregates, decision reasons'],
  [16, 'grants, milestones and progress reports'],
  [17, 'grant payments'],
  [18, 'payment records kept after erasure'],
  [19, 'rounds as records; each application recorded in its round'],
];

const versions = MIGRATIONS.map((migration) => migration.version);
const LATEST = Math.max(...versions);

describe('the migrations folder', () => {
  it('holds one file per migration, named after its version, and the runner reads them all in the files’ order', async () => {
    const files = fs.readdirSync(FOLDER).sort();
    expect(files.filter((file) => !NUMBERED.test(file))).toEqual(['index.ts', 'migration.ts']);
    const numbered = files.filter((file) => NUMBERED.test(file));
    const loaded: Migration[] = [];
    for (const file of numbered) {
      const { migration } = (await import(path.join(FOLDER, file))) as { migration: Migration };
      expect({ file, version: migration.version }).toEqual({ file, version: Number(NUMBERED.exec(file)![1]) });
      loaded.push(migration);
    }
    expect(MIGRATIONS).toEqual(loaded);
    expect(MIGRATIONS.every((migration, index) => migration === loaded[index])).toBe(true);
  });

  it('numbers them without a gap or a duplicate (7 was never released), each with statements', () => {
    expect(new Set(versions).size).toBe(versions.length);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    const expected = Array.from({ length: LATEST }, (_, index) => index + 1).filter((version) => !SKIPPED_VERSIONS.includes(version));
    expect(versions).toEqual(expected);
    expect(SKIPPED_VERSIONS).toEqual([7]);
    for (const migration of MIGRATIONS) expect(migration.statements.length).toBeGreaterThan(0);
  });

  it('keeps every released version’s number and name, which deployments have recorded', () => {
    expect(MIGRATIONS.slice(0, RELEASED.length).map((migration) => [migration.version, migration.name])).toEqual(RELEASED);
  });
});

/** Ids of the rows inserted so far, by table, for the rows that refer to them. */
type Refs = Record<string, string>;

/**
 * One representative row per table of each migration that creates tables, written with only the columns its table had
 * when created (what an older release wrote); `key` names the column that finds it again.
 */
const SAMPLES: ReadonlyArray<{ table: string; since: number; key?: string; insert: (db: Database, refs: Refs) => Promise<string> }> = [
  { table: 'submissions', since: 1, insert: (db) => one(db, "INSERT INTO submissions (form, endpoint, payload) VALUES ('office-hours', '/api/office-hours', '{\"name\": \"Rosa\"}') RETURNING id::text AS id") },
  { table: 'newsletter_subscribers', since: 1, insert: (db) => one(db, "INSERT INTO newsletter_subscribers (email) VALUES ('rosa@example.org') RETURNING id::text AS id") },
  { table: 'grantees', since: 1, insert: (db) => one(db, "INSERT INTO grantees (label, id_hash) VALUES ('Rosa', 'hash-1') RETURNING id::text AS id") },
  {
    table: 'grantee_finance_versions',
    since: 1,
    insert: (db, refs) => one(db, "INSERT INTO grantee_finance_versions (grantee_id, version, payload) VALUES ($1, 1, '{\"beneficiaryName\": \"Rosa\"}') RETURNING id::text AS id", [refs.grantees]),
  },
  { table: 'mail_outbox', since: 2, insert: (db, refs) => one(db, "INSERT INTO mail_outbox (submission_id, audience) VALUES ($1, 'applicant') RETURNING id::text AS id", [refs.submissions]) },
  {
    table: 'submission_files',
    since: 3,
    key: 'submission_id',
    insert: (db, refs) => one(db, "INSERT INTO submission_files (submission_id, content) VALUES ($1, '\\x25504446') RETURNING submission_id::text AS id", [refs.submissions]),
  },
  { table: 'team_members', since: 5, insert: (db) => one(db, "INSERT INTO team_members (email, role, webauthn_user_id) VALUES ('rita@example.org', 'admin', 'w1') RETURNING id::text AS id") },
  { table: 'team_audit_log', since: 6, insert: (db) => one(db, "INSERT INTO team_audit_log (actor, action, target) VALUES ('rita@example.org', 'member.added', 'x') RETURNING id::text AS id") },
  {
    table: 'application_notes',
    since: 9,
    insert: (db, refs) => one(db, "INSERT INTO application_notes (submission_id, member_id, body) VALUES ($1, $2, 'Llamar el lunes') RETURNING id::text AS id", [refs.submissions, refs.team_members]),
  },
  { table: 'webhook_endpoints', since: 10, key: 'url_sha256', insert: (db) => one(db, "INSERT INTO webhook_endpoints (url_sha256) VALUES ('ab12') RETURNING url_sha256 AS id") },
  {
    table: 'information_requests',
    since: 13,
    insert: (db, refs) => one(db, "INSERT INTO information_requests (submission_id, question, member_id) VALUES ($1, '¿Cuál es el plazo?', $2) RETURNING id::text AS id", [refs.submissions, refs.team_members]),
  },
  {
    table: 'review_assignments',
    since: 15,
    key: 'submission_id',
    insert: (db, refs) => one(db, 'INSERT INTO review_assignments (submission_id, member_id) VALUES ($1, $2) RETURNING submission_id::text AS id', [refs.submissions, refs.team_members]),
  },
  { table: 'grants', since: 16, insert: (db, refs) => one(db, "INSERT INTO grants (submission_id, amount, currency) VALUES ($1, 100, 'USD') RETURNING id::text AS id", [refs.submissions]) },
  {
    table: 'grant_milestones',
    since: 16,
    insert: (db, refs) =>
      one(db, "INSERT INTO grant_milestones (grant_id, position, title, done_criteria, due_date, amount) VALUES ($1, 1, 'Hito 1', 'Demo', '2027-01-31', 100) RETURNING id::text AS id", [refs.grants]),
  },
  {
    table: 'grant_payments',
    since: 17,
    insert: (db, refs) =>
      one(
        db,
        `INSERT INTO grant_payments (grant_id, amount, currency, grant_amount, paid_on, method, reference, destination_ciphertext, destination_iv, destination_auth_tag, destination_key_id, recorded_by)
         VALUES ($1, 100, 'USD', 100, '2027-02-01', 'bank_transfer', 'TRX-1', '\\x01', '\\x02', '\\x03', 'k1', $2) RETURNING id::text AS id`,
        [refs.grants, refs.team_members],
      ),
  },
  {
    table: 'rounds',
    since: 19,
    insert: (db) =>
      one(db, "INSERT INTO rounds (programme, name, opens_at, closes_at, timezone) VALUES ('academic-grants', 'Academic Grants 2027', '2027-03-01T12:00:00Z', '2027-03-16T12:00:00Z', 'AoE') RETURNING id::text AS id"),
  },
];

async function one(db: Database, sql: string, params: unknown[] = []): Promise<string> {
  const [row] = await db.query<{ id: string }>(sql, params);
  return row!.id;
}

/** A stored row as JSON, its generated search vector left out (a later migration recomputes it from other columns). */
async function snapshot(db: Database, table: string, key: string, id: string): Promise<Record<string, unknown> | null> {
  const [row] = await db.query<{ row: Record<string, unknown> }>(`SELECT to_jsonb(t) - 'answers_search' AS row FROM ${table} t WHERE ${key}::text = $1`, [id]);
  return row?.row ?? null;
}

/** A fresh, empty database of the kind: a copy of an initialised PGlite folder, or a new PostgreSQL database. */
async function emptyDatabase(backend: Backend, emptyPglite: string, dataDir: string): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (backend === 'pglite') {
    fs.cpSync(emptyPglite, dataDir, { recursive: true });
    return { db: await openPglite(dataDir), drop: async () => undefined };
  }
  const storage = await freshStorage('postgres', dataDir);
  return { db: await openPostgres(storage.databaseUrl!), drop: storage.drop };
}

const PAST_VERSIONS = [0, ...versions.filter((version) => version < LATEST)];

for (const backend of BACKENDS) {
  describe(`a ${backend} database left at a past version`, () => {
    let emptyPglite: string;
    beforeAll(async () => {
      emptyPglite = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-empty-'));
      if (backend === 'pglite') await (await openPglite(emptyPglite)).close();
    });
    afterAll(() => fs.rmSync(emptyPglite, { recursive: true, force: true }));

    it.each(PAST_VERSIONS)('upgrades from version %i to the current one, keeping its rows and running only what it lacked', async (past) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-upgrade-'));
      const { db, drop } = await emptyDatabase(backend, emptyPglite, dataDir);
      try {
        // As the release of that version left it: its migrations applied, and rows written into every table it had.
        expect(await applyMigrations(db, { through: past })).toEqual(versions.filter((version) => version <= past));
        const refs: Refs = {};
        const before: Array<{ table: string; key: string; id: string; row: Record<string, unknown> }> = [];
        for (const sample of SAMPLES.filter((candidate) => candidate.since <= past)) {
          const key = sample.key ?? 'id';
          const id = await sample.insert(db, refs);
          refs[sample.table] = id;
          before.push({ table: sample.table, key, id, row: (await snapshot(db, sample.table, key, id))! });
        }

        expect(await applyMigrations(db)).toEqual(versions.filter((version) => version > past));

        const dropped: string[] = [];
        for (const { table, key, id, row } of before) {
          const after = await snapshot(db, table, key, id);
          expect(after, `${table} ${id}`).not.toBeNull();
          for (const [column, value] of Object.entries(row)) {
            if (column in after!) expect(after![column], `${table}.${column}`).toEqual(value);
            else dropped.push(`${table}.${column}`);
          }
        }
        // The one column a later migration dropped: migration 15 moved the single assignee into review_assignments.
        expect(dropped).toEqual(past >= 9 && past < 15 ? ['submissions.assignee_id'] : []);
        const recorded = await db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
        expect(recorded.map((row) => [row.version, row.name])).toEqual(MIGRATIONS.map((migration) => [migration.version, migration.name]));
        // A second start applies nothing.
        expect(await applyMigrations(db)).toEqual([]);
      } finally {
        await db.close();
        await drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
