import type { Database } from '../queryable';
import type { Migration } from './migration';
import { migration as m0001 } from './0001-submissions-newsletter-grantees';
import { migration as m0002 } from './0002-mail-outbox';
import { migration as m0003 } from './0003-uploaded-files-in-the-database';
import { migration as m0004 } from './0004-composed-emails-newsletter-double-opt-in';
import { migration as m0005 } from './0005-team-members-passkeys-sessions';
import { migration as m0006 } from './0006-team-audit-log-answer-search';
import { migration as m0008 } from './0008-finance-details-encrypted-at-rest';
import { migration as m0009 } from './0009-review-workflow';
import { migration as m0010 } from './0010-webhooks';
import { migration as m0011 } from './0011-decision-emails-grantee-id-issuer';
import { migration as m0012 } from './0012-outbox-sealed';
import { migration as m0013 } from './0013-applicant-portal';
import { migration as m0014 } from './0014-one-outbox';
import { migration as m0015 } from './0015-review-scoring';
import { migration as m0016 } from './0016-grants-milestones-reports';
import { migration as m0017 } from './0017-grant-payments';
import { migration as m0018 } from './0018-payment-records-kept-after-erasure';
import { migration as m0019 } from './0019-rounds';
import { migration as m0020 } from './0020-round-review-setup';
import { migration as m0021 } from './0021-open-books-and-revision-events';
import { migration as m0022 } from './0022-grant-publications';

export type { Migration };

/**
 * The schema, one migration per file in this folder, in the order they run. A new migration is a new
 * file with the next number, added at the end here (tests/api/migrations.test.ts checks the two agree).
 */
export const MIGRATIONS: readonly Migration[] = [
  m0001, m0002, m0003, m0004, m0005, m0006, m0008, m0009, m0010, m0011, m0012, m0013, m0014, m0015, m0016, m0017, m0018, m0019, m0020, m0021, m0022,
];

/**
 * Numbers no migration has: 7 was never released (the encryption at rest took 8 after 6). A released
 * number is never given to another migration nor renumbered: deployments record versions in schema_migrations.
 */
export const SKIPPED_VERSIONS: readonly number[] = [7];

/** Any constant; it serialises concurrent migrators (several servers on one PostgreSQL). */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies the migrations not yet applied, in order, all in one transaction; with `through`, only those up to that
 * version (a database as an older release left it, for the upgrade tests). Returns the versions applied now.
 */
export async function applyMigrations(database: Database, options: { readonly through?: number } = {}): Promise<number[]> {
  const through = options.through ?? Number.POSITIVE_INFINITY;
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((row) => row.version));
    const pending = MIGRATIONS.filter((migration) => migration.version <= through && !applied.has(migration.version));
    for (const migration of pending) {
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    }
    return pending.map((migration) => migration.version);
  });
}
