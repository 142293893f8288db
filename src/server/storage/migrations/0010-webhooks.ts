import type { Migration } from './migration';

export const migration: Migration = {
  version: 10,
  name: 'webhook endpoints and outbox',
  statements: [
    // The configured WEBHOOK_URLS, by the SHA-256 of each URL: a receiver's URL often carries its own
    // secret (n8n, Zapier), so it stays in the environment; the server marks the configured ones active at start.
    `CREATE TABLE webhook_endpoints (
        url_sha256 text PRIMARY KEY,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    // One row per event and active endpoint (src/server/webhooks/outbox.ts), written in the transaction of
    // the event itself; the body is composed when sent, from the stored application, so no copy of the
    // answers waits here. status/attempts/claims as in mail_outbox.
    `CREATE TABLE webhook_outbox (
        id bigserial PRIMARY KEY,
        endpoint_sha256 text NOT NULL REFERENCES webhook_endpoints (url_sha256),
        submission_id bigint NOT NULL REFERENCES submissions (id),
        event text NOT NULL CHECK (event IN ('application.received', 'application.status_changed')),
        status_after text NOT NULL,
        status_before text,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        claimed_by text,
        claimed_until timestamptz,
        last_error text,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    "CREATE INDEX webhook_outbox_due_idx ON webhook_outbox (next_attempt_at) WHERE status = 'pending'",
    'CREATE INDEX webhook_outbox_submission_idx ON webhook_outbox (submission_id)',
  ],
};
