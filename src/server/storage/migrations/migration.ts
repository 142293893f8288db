/**
 * One change to the schema, in its own file named after its version (0009-review-workflow.ts holds
 * version 9). Its statements are single SQL statements (PGlite's query() takes one at a time) and run
 * alike on PGlite and on PostgreSQL. A released migration is never edited: a change is a new file.
 */
export type Migration = {
  readonly version: number;
  /** Recorded beside the version in schema_migrations. */
  readonly name: string;
  readonly statements: readonly string[];
};
