import type { Migration } from './migration';

export const migration: Migration = {
  version: 16,
  name: 'grants, milestones and progress reports',
  statements: [
    // The grant of an approved application (src/server/grants): amounts are exact minor units
    // (src/lib/money.ts), never floating point. Erasing the application erases its grant.
    `CREATE TABLE grants (
        id bigserial PRIMARY KEY,
        submission_id bigint NOT NULL UNIQUE REFERENCES submissions (id) ON DELETE CASCADE,
        amount numeric(78,0) NOT NULL CHECK (amount > 0),
        currency text NOT NULL CHECK (currency IN ('USD', 'ETH', 'DAI')),
        state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'completed', 'cancelled')),
        cancel_reason text,
        state_changed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by bigint REFERENCES team_members (id),
        CHECK ((state = 'cancelled') = (cancel_reason IS NOT NULL))
      )`,
    // Vencido is not a stored state: it is derived from due_date when read.
    `CREATE TABLE grant_milestones (
        id bigserial PRIMARY KEY,
        grant_id bigint NOT NULL REFERENCES grants (id) ON DELETE CASCADE,
        position integer NOT NULL,
        title text NOT NULL,
        done_criteria text NOT NULL,
        due_date date NOT NULL,
        amount numeric(78,0) NOT NULL CHECK (amount > 0),
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'accepted', 'changes_requested')),
        created_at timestamptz NOT NULL DEFAULT now(),
        accepted_at timestamptz,
        CHECK ((state = 'accepted') = (accepted_at IS NOT NULL))
      )`,
    'CREATE INDEX grant_milestones_grant_idx ON grant_milestones (grant_id, position)',
    // Each report is a new version, never written over; its file is kept like an answer's (migration 13).
    `CREATE TABLE milestone_reports (
        id bigserial PRIMARY KEY,
        milestone_id bigint NOT NULL REFERENCES grant_milestones (id) ON DELETE CASCADE,
        version integer NOT NULL CHECK (version > 0),
        body text NOT NULL,
        links jsonb NOT NULL DEFAULT '[]',
        file_content bytea,
        file_original_name text,
        file_media_type text,
        file_size integer,
        file_sha256 text,
        submitted_at timestamptz NOT NULL DEFAULT now(),
        decision text CHECK (decision IN ('accepted', 'changes_requested')),
        comment text,
        reviewed_by bigint REFERENCES team_members (id),
        reviewed_at timestamptz,
        UNIQUE (milestone_id, version),
        CHECK (num_nonnulls(file_content, file_original_name, file_media_type, file_size, file_sha256) IN (0, 5)),
        CHECK ((decision IS NULL) = (reviewed_at IS NULL))
      )`,
    'ALTER TABLE webhook_outbox DROP CONSTRAINT webhook_outbox_event_check',
    `ALTER TABLE webhook_outbox ADD CONSTRAINT webhook_outbox_event_check CHECK (event IN (
        'application.received', 'application.status_changed', 'application.information_requested', 'application.information_received', 'application.withdrawn',
        'grant.created', 'grant.milestone_accepted', 'grant.completed'))`,
  ],
};
