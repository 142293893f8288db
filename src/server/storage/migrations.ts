import type { Database } from './database';

/**
 * The schema, as an append-only list: a released migration is never edited, a change is a new
 * entry. The same statements run on PGlite and on PostgreSQL. Each migration is a list of single
 * statements (PGlite's query() takes one at a time).
 */
export const MIGRATIONS: ReadonlyArray<{ readonly version: number; readonly name: string; readonly statements: readonly string[] }> = [
  {
    version: 1,
    name: 'submissions, newsletter, grantees',
    statements: [
      `CREATE TABLE submissions (
        id bigserial PRIMARY KEY,
        form text NOT NULL,
        endpoint text NOT NULL,
        payload jsonb NOT NULL,
        file_stored_name text,
        file_original_name text,
        file_media_type text,
        file_size integer,
        file_sha256 text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX submissions_form_created_idx ON submissions (form, created_at)',
      `CREATE TABLE newsletter_subscribers (
        id bigserial PRIMARY KEY,
        email text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      // One subscription per address, whatever its letter case.
      'CREATE UNIQUE INDEX newsletter_subscribers_email_idx ON newsletter_subscribers (lower(email))',
      `CREATE TABLE grantees (
        id bigserial PRIMARY KEY,
        label text NOT NULL DEFAULT '',
        id_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`,
      `CREATE TABLE grantee_finance_versions (
        id bigserial PRIMARY KEY,
        grantee_id bigint NOT NULL REFERENCES grantees (id),
        version integer NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (grantee_id, version)
      )`,
    ],
  },
  {
    version: 2,
    name: 'mail outbox',
    statements: [
      // One row per email to send (src/server/mail/outbox.ts), written with the application it confirms.
      `CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        submission_id bigint REFERENCES submissions (id),
        finance_version_id bigint REFERENCES grantee_finance_versions (id),
        audience text NOT NULL CHECK (audience IN ('applicant', 'team')),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'skipped', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        claimed_by text,
        claimed_until timestamptz,
        last_error text,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((submission_id IS NULL) <> (finance_version_id IS NULL))
      )`,
      "CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending'",
    ],
  },
  {
    version: 4,
    name: 'composed emails in the outbox, newsletter double opt-in',
    statements: [
      // Any feature may queue a composed email (mail/outbox.ts enqueueEmail): its purpose, recipient,
      // subject and body are stored; the body is blanked once the message is sent or given up.
      'ALTER TABLE mail_outbox ADD COLUMN purpose text',
      'ALTER TABLE mail_outbox ADD COLUMN recipient text',
      'ALTER TABLE mail_outbox ADD COLUMN subject text',
      'ALTER TABLE mail_outbox ADD COLUMN body text',
      'ALTER TABLE mail_outbox ALTER COLUMN audience DROP NOT NULL',
      // Migration 2's unnamed table CHECK (exactly one application reference).
      'ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_check',
      // Exactly one source: a submission, a finance version, or a composed email with a purpose.
      'ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_source_check CHECK (num_nonnulls(submission_id, finance_version_id, purpose) = 1)',
      `ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_composed_check CHECK (
        CASE WHEN purpose IS NULL THEN audience IS NOT NULL AND recipient IS NULL AND subject IS NULL AND body IS NULL
        ELSE audience IS NULL AND recipient IS NOT NULL AND subject IS NOT NULL AND (body IS NOT NULL OR status <> 'pending') END
      )`,
      // Newsletter double opt-in (src/server/storage/newsletter.ts). Addresses stored before it never
      // confirmed, so they start pending: they count once they sign up again and confirm.
      `ALTER TABLE newsletter_subscribers ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed'))`,
      // SHA-256 of the single-use confirmation token mailed to the address, and when it expires.
      'ALTER TABLE newsletter_subscribers ADD COLUMN confirm_token_hash text',
      'ALTER TABLE newsletter_subscribers ADD COLUMN confirm_expires_at timestamptz',
      'ALTER TABLE newsletter_subscribers ADD COLUMN confirmed_at timestamptz',
      // In clear: whoever sends the newsletter puts it in every email; it can only unsubscribe its address.
      'ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token text UNIQUE',
      'ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribed_at timestamptz',
      // Sign-ups per address in the current window (the per-address limit).
      'ALTER TABLE newsletter_subscribers ADD COLUMN signup_window_started_at timestamptz NOT NULL DEFAULT now()',
      'ALTER TABLE newsletter_subscribers ADD COLUMN signups_in_window integer NOT NULL DEFAULT 0',
      'CREATE UNIQUE INDEX newsletter_subscribers_confirm_token_idx ON newsletter_subscribers (confirm_token_hash)',
    ],
  },
];

/** Any constant; it serialises concurrent migrators (several servers on one PostgreSQL). */
const MIGRATION_LOCK_KEY = 727_001;

/** Applies the migrations not yet applied, all in one transaction. Returns the versions applied now. */
export async function applyMigrations(database: Database): Promise<number[]> {
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((row) => row.version));
    const pending = MIGRATIONS.filter((migration) => !applied.has(migration.version));
    for (const migration of pending) {
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    }
    return pending.map((migration) => migration.version);
  });
}
