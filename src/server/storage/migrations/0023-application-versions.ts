import type { Migration } from './migration';

export const migration: Migration = {
  version: 23,
  name: 'corrections and versions of applications: opened answers, every version kept, scores marked with their version',
  statements: [
    // "Pedir información" may open answers for correction (src/server/applicant/corrections.ts): the field names, resolved
    // when asked (the whole application included, which is also remembered as such); NULL for a question only.
    'ALTER TABLE information_requests ADD COLUMN open_fields text[]',
    'ALTER TABLE information_requests ADD COLUMN opens_whole_application boolean NOT NULL DEFAULT false',
    'ALTER TABLE information_requests ADD CONSTRAINT information_requests_whole_check CHECK (NOT opens_whole_application OR open_fields IS NOT NULL)',
    // The submission row holds the CURRENT version (payload, and its number here): every reader that was there before
    // (inbox, answer search, export, blind review, the portal's ownership rule, emails) reads the current answers unchanged.
    'ALTER TABLE submissions ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1)',
    // Every version whole, never updated: written only by a correction, in its transaction, which first copies the
    // submission's payload as version 1 (the application as sent, untouched until then) and then adds version n+1
    // with the answer (response_id) that brought it. An application never corrected has no rows: its payload is version 1.
    // Erasure removes them with the submission.
    `CREATE TABLE application_versions (
        submission_id bigint NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        version integer NOT NULL CHECK (version >= 1),
        payload jsonb NOT NULL,
        response_id bigint REFERENCES information_responses (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (submission_id, version),
        CHECK ((version = 1) = (response_id IS NULL))
      )`,
    // The version of the application a reviewer's scores were given, or last confirmed, on.
    'ALTER TABLE review_verdicts ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1)',
  ],
};
