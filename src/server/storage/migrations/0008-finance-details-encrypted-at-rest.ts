import type { Migration } from './migration';

export const migration: Migration = {
  version: 8,
  name: 'grantee payment details encrypted at rest',
  statements: [
    // The payload becomes an AES-256-GCM ciphertext (src/server/finance). The key never reaches
    // the database, so existing clear rows are encrypted by the server at start (sealFinanceRows),
    // not here; until then their payload column stays as it was.
    'ALTER TABLE grantee_finance_versions ALTER COLUMN payload DROP NOT NULL',
    'ALTER TABLE grantee_finance_versions ADD COLUMN payload_ciphertext bytea',
    'ALTER TABLE grantee_finance_versions ADD COLUMN payload_iv bytea',
    'ALTER TABLE grantee_finance_versions ADD COLUMN payload_auth_tag bytea',
    'ALTER TABLE grantee_finance_versions ADD COLUMN payload_key_id text',
    // In clear on purpose: whom the confirmation email greets and goes to, and the inbox's name column.
    "ALTER TABLE grantee_finance_versions ADD COLUMN beneficiary_name text NOT NULL DEFAULT ''",
    "ALTER TABLE grantee_finance_versions ADD COLUMN contact_email text NOT NULL DEFAULT ''",
    `UPDATE grantee_finance_versions
       SET beneficiary_name = COALESCE(payload->>'beneficiaryName', ''), contact_email = COALESCE(payload->>'contactEmail', '')`,
    // Either still in clear (before the first start with a key) or fully sealed, never both.
    `ALTER TABLE grantee_finance_versions ADD CONSTRAINT grantee_finance_versions_sealed_check CHECK (
        num_nonnulls(payload_ciphertext, payload_iv, payload_auth_tag, payload_key_id) IN (0, 4)
        AND (payload IS NULL) <> (payload_ciphertext IS NULL)
      )`,
    // Migration 6's search vector of the payload would keep the payment details' words in clear:
    // the inbox searches a version by its clear name and contact email only.
    'DROP INDEX grantee_finance_versions_answers_search_idx',
    'ALTER TABLE grantee_finance_versions DROP COLUMN answers_search',
    `ALTER TABLE grantee_finance_versions ADD COLUMN answers_search tsvector GENERATED ALWAYS AS (
        to_tsvector('spanish'::regconfig, beneficiary_name || ' ' || contact_email) || to_tsvector('english'::regconfig, beneficiary_name || ' ' || contact_email)
      ) STORED`,
    'CREATE INDEX grantee_finance_versions_answers_search_idx ON grantee_finance_versions USING gin (answers_search)',
  ],
};
