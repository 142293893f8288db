import type { Migration } from './migration';

export const migration: Migration = {
  version: 14,
  name: 'one outbox: job kinds and idempotency keys',
  statements: [
    // Both outbox tables are claimed and settled by src/server/outbox/queue.ts. A feature may name a
    // job with a key (a reminder: 'reminder:milestone:<id>:7d'); the same key is queued once, ever.
    'ALTER TABLE mail_outbox ADD COLUMN idempotency_key text UNIQUE',
    'ALTER TABLE webhook_outbox ADD COLUMN idempotency_key text UNIQUE',
    // Reminders are emails sent later (next_attempt_at in the future); counted apart in the metrics.
    "ALTER TABLE mail_outbox ADD COLUMN kind text NOT NULL DEFAULT 'mail' CHECK (kind IN ('mail', 'reminder'))",
  ],
};
