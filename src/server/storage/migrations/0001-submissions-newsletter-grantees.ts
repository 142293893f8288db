import type { Migration } from './migration';

export const migration: Migration = {
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
};
