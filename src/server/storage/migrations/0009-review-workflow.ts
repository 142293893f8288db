import type { Migration } from './migration';

export const migration: Migration = {
  version: 9,
  name: 'review workflow: status, history, assignee, notes; grantees linked to applications',
  statements: [
    // The review status of an application (src/lib/applicationStatus.ts); stored as a code, shown in Spanish.
    `ALTER TABLE submissions ADD COLUMN status text NOT NULL DEFAULT 'received'
        CHECK (status IN ('received', 'in_review', 'approved', 'rejected', 'withdrawn'))`,
    // When the status last changed: retention counts from the decision, not from the submission.
    'ALTER TABLE submissions ADD COLUMN status_changed_at timestamptz NOT NULL DEFAULT now()',
    'ALTER TABLE submissions ADD COLUMN assignee_id bigint REFERENCES team_members (id)',
    'CREATE INDEX submissions_status_idx ON submissions (status, form)',
    'CREATE INDEX submissions_assignee_idx ON submissions (assignee_id) WHERE assignee_id IS NOT NULL',
    // Every status change, who made it and when (shown on the detail page). from_status is null for the first.
    `CREATE TABLE application_status_history (
        id bigserial PRIMARY KEY,
        submission_id bigint NOT NULL REFERENCES submissions (id),
        from_status text,
        to_status text NOT NULL,
        member_id bigint REFERENCES team_members (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    'CREATE INDEX application_status_history_submission_idx ON application_status_history (submission_id, id)',
    // Internal notes: the team only, never the applicant.
    `CREATE TABLE application_notes (
        id bigserial PRIMARY KEY,
        submission_id bigint NOT NULL REFERENCES submissions (id),
        member_id bigint NOT NULL REFERENCES team_members (id),
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    'CREATE INDEX application_notes_submission_idx ON application_notes (submission_id, id)',
    // A grantee issued from an approved application ('Emitir ID de beneficiario'); null for CLI grantees.
    'ALTER TABLE grantees ADD COLUMN submission_id bigint REFERENCES submissions (id)',
    'CREATE INDEX grantees_submission_idx ON grantees (submission_id) WHERE submission_id IS NOT NULL',
  ],
};
