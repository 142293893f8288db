import type { Migration } from './migration';

export const migration: Migration = {
  version: 12,
  name: 'outbox bodies and unsubscribe tokens sealed',
  statements: [
    // A composed email's body is stored sealed (src/server/finance/sealedColumns.ts): it may carry a
    // grantee ID or a single-use link, and a clear value would stay in the WAL and in backups even
    // once blanked. The key never reaches the database, so the bodies of rows from before are
    // sealed by the server at start; until then the clear column keeps them.
    'ALTER TABLE mail_outbox ADD COLUMN body_ciphertext bytea',
    'ALTER TABLE mail_outbox ADD COLUMN body_iv bytea',
    'ALTER TABLE mail_outbox ADD COLUMN body_auth_tag bytea',
    'ALTER TABLE mail_outbox ADD COLUMN body_key_id text',
    "ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_body_sealed_check CHECK (num_nonnulls(body_ciphertext, body_iv, body_auth_tag, body_key_id) IN (0, 4) AND NOT (body IS NOT NULL AND body_ciphertext IS NOT NULL))",
    'ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_composed_check',
    `ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_composed_check CHECK (
        CASE WHEN purpose IS NULL THEN audience IS NOT NULL AND recipient IS NULL AND subject IS NULL AND body IS NULL AND body_ciphertext IS NULL
        ELSE audience IS NULL AND recipient IS NOT NULL AND subject IS NOT NULL AND (body IS NOT NULL OR body_ciphertext IS NOT NULL OR status <> 'pending') END
      )`,
    // The unsubscribe token is looked up by its SHA-256 and kept sealed for the newsletter's emails,
    // which must carry it; the clear column of migration 4 is emptied by the server at start.
    'ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token_hash text UNIQUE',
    `UPDATE newsletter_subscribers SET unsubscribe_token_hash = encode(sha256(convert_to(unsubscribe_token, 'UTF8')), 'hex') WHERE unsubscribe_token IS NOT NULL`,
    'ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token_ciphertext bytea',
    'ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token_iv bytea',
    'ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token_auth_tag bytea',
    'ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token_key_id text',
    `ALTER TABLE newsletter_subscribers ADD CONSTRAINT newsletter_subscribers_unsubscribe_sealed_check CHECK (
        num_nonnulls(unsubscribe_token_ciphertext, unsubscribe_token_iv, unsubscribe_token_auth_tag, unsubscribe_token_key_id) IN (0, 4)
      )`,
  ],
};
