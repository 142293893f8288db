import type { Migration } from './migration';

export const migration: Migration = {
  version: 13,
  name: 'applicant portal: sign-in links and sessions, information requests, decision messages, withdrawals, satisfaction, erasure requests',
  statements: [
    // Información solicitada (src/lib/applicationStatus.ts): set by a question to the applicant.
    'ALTER TABLE submissions DROP CONSTRAINT submissions_status_check',
    `ALTER TABLE submissions ADD CONSTRAINT submissions_status_check
        CHECK (status IN ('received', 'in_review', 'information_requested', 'approved', 'rejected', 'withdrawn'))`,
    'ALTER TABLE webhook_outbox DROP CONSTRAINT webhook_outbox_event_check',
    `ALTER TABLE webhook_outbox ADD CONSTRAINT webhook_outbox_event_check CHECK (event IN (
        'application.received', 'application.status_changed', 'application.information_requested', 'application.information_received', 'application.withdrawn'))`,
    // The portal finds an applicant's applications by their email answer (src/server/applicant/service.ts).
    "CREATE INDEX submissions_applicant_email_idx ON submissions (lower(btrim(payload->>'email')))",
    // Single-use sign-in links (src/server/applicant/links.ts): only the token's SHA-256 is kept.
    `CREATE TABLE applicant_links (
        token_hash text PRIMARY KEY,
        email text NOT NULL CHECK (email = lower(email)),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    'CREATE INDEX applicant_links_email_idx ON applicant_links (email, created_at)',
    // Applicant sessions (src/server/applicant/sessions.ts), as the team's: the cookie's token hashed.
    `CREATE TABLE applicant_sessions (
        id text PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        email text NOT NULL CHECK (email = lower(email)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now()
      )`,
    // The team's questions to an applicant, and the answers: never written over the application's own answers.
    `CREATE TABLE information_requests (
        id bigserial PRIMARY KEY,
        submission_id bigint NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        question text NOT NULL,
        member_id bigint REFERENCES team_members (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    'CREATE INDEX information_requests_submission_idx ON information_requests (submission_id, id)',
    // An answer's file is kept like a form's upload: the bytes in the database, its sniffed type, cleaned name and hash beside them.
    `CREATE TABLE information_responses (
        id bigserial PRIMARY KEY,
        request_id bigint NOT NULL REFERENCES information_requests (id) ON DELETE CASCADE,
        body text NOT NULL,
        file_content bytea,
        file_original_name text,
        file_media_type text,
        file_size integer,
        file_sha256 text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (num_nonnulls(file_content, file_original_name, file_media_type, file_size, file_sha256) IN (0, 5))
      )`,
    'CREATE INDEX information_responses_request_idx ON information_responses (request_id, id)',
    // The team's optional message to the applicant, sent with the decision email and shown in the portal.
    'ALTER TABLE application_decision_emails ADD COLUMN applicant_message text',
    `CREATE TABLE application_withdrawals (
        submission_id bigint PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
        reason text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE TABLE application_satisfaction (
        submission_id bigint PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
        comment text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    // An applicant's request to erase their data: the admins act on it (src/server/dataRights) within 15 days.
    `CREATE TABLE applicant_erasure_requests (
        id bigserial PRIMARY KEY,
        email text NOT NULL CHECK (email = lower(email)),
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
  ],
};
