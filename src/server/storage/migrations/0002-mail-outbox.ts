import type { Migration } from './migration';

export const migration: Migration = {
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
};
