import type { Migration } from './migration';

export const migration: Migration = {
  version: 20,
  name: 'each round holds its review set-up',
  statements: [
    // The round's review set-up (src/server/rounds/review.ts): { criteria: [{ key, label, description, weight, meanings[5] }],
    // blind, reviewersPerApplication, reasons: { approved, rejected }, disagreementThreshold }. NULL only until the server's
    // start seeds it from the running configuration (REVIEW_CONFIG or the defaults); a new round copies its programme's previous one.
    'ALTER TABLE rounds ADD COLUMN review jsonb',
  ],
};
