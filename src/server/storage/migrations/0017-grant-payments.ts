import type { Migration } from './migration';

export const migration: Migration = {
  version: 17,
  name: 'grant payments',
  statements: [
    // A payment recorded by finance against a milestone, or an advance (milestone_id NULL). Amounts
    // are minor units (src/lib/money.ts); grant_amount is its value in the grant's currency.
    // Erasing the application erased its grant and so its payments; since migration 18 the payments are kept, without the person.
    // The destination (address or IBAN) is sealed like payment details (src/server/finance/sealedColumns.ts);
    // its clear twin `destination` is never filled, there only so key rotation treats it like the others.
    `CREATE TABLE grant_payments (
        id bigserial PRIMARY KEY,
        grant_id bigint NOT NULL REFERENCES grants (id) ON DELETE CASCADE,
        milestone_id bigint REFERENCES grant_milestones (id) ON DELETE CASCADE,
        amount numeric(78,0) NOT NULL CHECK (amount > 0),
        currency text NOT NULL CHECK (currency IN ('USD', 'ETH', 'DAI')),
        grant_amount numeric(78,0) NOT NULL CHECK (grant_amount > 0),
        rate text,
        paid_on date NOT NULL,
        method text NOT NULL CHECK (method IN ('bank_transfer', 'eth', 'eth_l2', 'dai', 'dai_l2')),
        reference text NOT NULL,
        destination text CHECK (destination IS NULL),
        destination_ciphertext bytea NOT NULL,
        destination_iv bytea NOT NULL,
        destination_auth_tag bytea NOT NULL,
        destination_key_id text NOT NULL,
        details_version integer,
        destination_mismatch_confirmed boolean NOT NULL DEFAULT false,
        recorded_by bigint NOT NULL REFERENCES team_members (id),
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`,
    'CREATE INDEX grant_payments_grant_idx ON grant_payments (grant_id)',
    'CREATE INDEX grant_payments_paid_on_idx ON grant_payments (paid_on, id)',
    // Every event a webhook may carry, the grant's included (src/server/webhooks/outbox.ts).
    'ALTER TABLE webhook_outbox DROP CONSTRAINT webhook_outbox_event_check',
    `ALTER TABLE webhook_outbox ADD CONSTRAINT webhook_outbox_event_check CHECK (event IN (
        'application.received', 'application.status_changed', 'application.information_requested', 'application.information_received', 'application.withdrawn',
        'grant.created', 'grant.milestone_accepted', 'grant.payment_recorded', 'grant.completed'))`,
  ],
};
