import type { Migration } from './migration';

export const migration: Migration = {
  version: 24,
  name: 'an application sent again links the rejected or withdrawn one it started from',
  statements: [
    // Reapplying (src/server/applicant/reapply.ts): the new submission names the applicant's earlier one. Erasing the earlier
    // one leaves the new one whole, unlinked. No file is copied: the new row has only the file sent with it.
    'ALTER TABLE submissions ADD COLUMN previous_submission_id bigint REFERENCES submissions (id) ON DELETE SET NULL',
    'CREATE INDEX submissions_previous_submission_idx ON submissions (previous_submission_id) WHERE previous_submission_id IS NOT NULL',
  ],
};
