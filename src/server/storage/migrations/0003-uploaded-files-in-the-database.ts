import type { Migration } from './migration';

export const migration: Migration = {
  version: 3,
  name: 'uploaded files in the database',
  statements: [
    // The proposal's bytes, written in the submission's transaction (src/server/storage/files.ts);
    // its name, type, size and hash stay in the submissions row.
    `CREATE TABLE submission_files (
        submission_id bigint PRIMARY KEY REFERENCES submissions (id),
        content bytea NOT NULL
      )`,
    // Proposals are PDFs and Office files, already compressed: storing them out of line without
    // a second compression attempt saves CPU on every upload and keeps substring() reads cheap.
    'ALTER TABLE submission_files ALTER COLUMN content SET STORAGE EXTERNAL',
  ],
};
