import type { Migration } from './migration';

export const migration: Migration = {
  version: 6,
  name: 'team audit log (append-only), full-text search over answers',
  statements: [
    `CREATE TABLE team_audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor text NOT NULL,
        action text NOT NULL,
        target text NOT NULL DEFAULT ''
      )`,
    'CREATE INDEX team_audit_log_at_idx ON team_audit_log (at)',
    // The log is evidence: the database itself refuses to change or remove an entry.
    `CREATE FUNCTION team_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'team_audit_log is append-only';
      END
      $$`,
    `CREATE TRIGGER team_audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON team_audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION team_audit_log_append_only()`,
    // The inbox search (src/server/storage/search.ts): the answers' text values in Spanish and
    // English, computed once when a row is written (recomputing them per search is a full scan).
    `ALTER TABLE submissions ADD COLUMN answers_search tsvector GENERATED ALWAYS AS (
        jsonb_to_tsvector('spanish'::regconfig, payload, '["string"]') || jsonb_to_tsvector('english'::regconfig, payload, '["string"]')
      ) STORED`,
    'CREATE INDEX submissions_answers_search_idx ON submissions USING gin (answers_search)',
    `ALTER TABLE grantee_finance_versions ADD COLUMN answers_search tsvector GENERATED ALWAYS AS (
        jsonb_to_tsvector('spanish'::regconfig, payload, '["string"]') || jsonb_to_tsvector('english'::regconfig, payload, '["string"]')
      ) STORED`,
    'CREATE INDEX grantee_finance_versions_answers_search_idx ON grantee_finance_versions USING gin (answers_search)',
  ],
};
