import type { Migration } from './migration';

export const migration: Migration = {
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
};
