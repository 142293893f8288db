import type { Migration } from './migration';

export const migration: Migration = {
  version: 11,
  name: 'decision emails sent from the team area; who issued a grantee ID',
  statements: [
    // Each decision email a member sent (src/server/team/review.ts): the detail page lists them,
    // and the outbox row says whether it has left. Composed outbox rows carry no application link,
    // hence this table; the email's text stays in the outbox (blanked once sent), not here.
    `CREATE TABLE application_decision_emails (
        id bigserial PRIMARY KEY,
        submission_id bigint NOT NULL REFERENCES submissions (id),
        status text NOT NULL CHECK (status IN ('approved', 'rejected')),
        outbox_id bigint NOT NULL REFERENCES mail_outbox (id),
        member_id bigint NOT NULL REFERENCES team_members (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    'CREATE INDEX application_decision_emails_submission_idx ON application_decision_emails (submission_id, id)',
    // The member who issued a grantee ID from an application; null for the CLI's grantees.
    'ALTER TABLE grantees ADD COLUMN issued_by bigint REFERENCES team_members (id)',
  ],
};
