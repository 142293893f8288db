import type { Migration } from './migration';

export const migration: Migration = {
  version: 19,
  name: 'rounds as records; each application recorded in its round',
  statements: [
    // A programme's rounds (convocatorias), run by the team (src/server/rounds/): the moments as instants, the
    // timezone the admin typed them in (AoE is UTC−12), a grace period never published, an optional budget and cap.
    // closes_at NULL: open with no end (an always-open programme). Rounds of one programme never overlap, counting
    // the grace: [opens_at, closes_at + grace) — checked by the server in a transaction holding the programme's lock.
    // announced_state: the last state the webhooks announced (round.opened, round.closed), so that a moment that
    // passes by itself is announced once, even with two servers (a conditional UPDATE decides who announces).
    `CREATE TABLE rounds (
        id bigserial PRIMARY KEY,
        programme text NOT NULL CHECK (programme IN ('project-grants', 'small-grants', 'academic-grants', 'devcon-grants', 'office-hours')),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
        opens_at timestamptz NOT NULL,
        closes_at timestamptz,
        timezone text NOT NULL CHECK (timezone IN ('AoE', 'UTC', 'America/Mexico_City', 'America/Bogota', 'America/Lima', 'America/Caracas',
          'America/Santiago', 'America/Argentina/Buenos_Aires', 'America/Sao_Paulo', 'America/Montevideo')),
        grace_hours integer NOT NULL DEFAULT 0 CHECK (grace_hours BETWEEN 0 AND 168),
        budget_amount numeric(78, 0) CHECK (budget_amount >= 0),
        budget_currency text CHECK (budget_currency IN ('USD', 'ETH', 'DAI')),
        cap integer CHECK (cap > 0),
        announced_state text CHECK (announced_state IN ('upcoming', 'open', 'closed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (closes_at IS NULL OR closes_at > opens_at),
        CHECK ((budget_amount IS NULL) = (budget_currency IS NULL))
      )`,
    'CREATE INDEX rounds_programme_opens_idx ON rounds (programme, opens_at)',
    // The round an application came in, chosen by the server at submission (never the client). NULL only for the
    // payment-details form, which belongs to no round, and for applications stored before this migration until the
    // server's start seeds the first rounds (src/server/rounds/seed.ts) and files them in.
    'ALTER TABLE submissions ADD COLUMN round_id bigint REFERENCES rounds (id)',
    'CREATE INDEX submissions_round_idx ON submissions (round_id, created_at) WHERE round_id IS NOT NULL',
    // Round events (round.opened, round.closed, round.changed) are about a round, not an application: a webhook row
    // names exactly one of the two. status_after/status_before carry the round's state (upcoming, open, closed).
    'ALTER TABLE webhook_outbox ALTER COLUMN submission_id DROP NOT NULL',
    'ALTER TABLE webhook_outbox ADD COLUMN round_id bigint REFERENCES rounds (id)',
    'ALTER TABLE webhook_outbox ADD CONSTRAINT webhook_outbox_subject_check CHECK (num_nonnulls(submission_id, round_id) = 1)',
    'ALTER TABLE webhook_outbox DROP CONSTRAINT webhook_outbox_event_check',
    `ALTER TABLE webhook_outbox ADD CONSTRAINT webhook_outbox_event_check CHECK (event IN (
        'application.received', 'application.status_changed', 'application.information_requested', 'application.information_received', 'application.withdrawn',
        'grant.created', 'grant.milestone_accepted', 'grant.payment_recorded', 'grant.completed',
        'round.opened', 'round.closed', 'round.changed'))`,
  ],
};
