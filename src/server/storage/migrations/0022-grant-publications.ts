import type { Migration } from './migration';

export const migration: Migration = {
  version: 22,
  name: 'grant publications (open books)',
  statements: [
    // What a grantee agreed to publish of their grant (src/server/openBooks): one row per grant, written by the grantee
    // in the portal. Nothing of the application's answers is copied here: the project's name and description are
    // written for publication. Erasing the application erases its grant and so this row (ON DELETE CASCADE): the
    // public list and the feed lose it at once. public_id is the list's stable, opaque id (never the reference);
    // it survives a withdrawal and a new publication. publish = false hides everything, whatever the rest says.
    `CREATE TABLE grant_publications (
        grant_id bigint PRIMARY KEY REFERENCES grants (id) ON DELETE CASCADE,
        public_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        publish boolean NOT NULL DEFAULT false,
        project_name text NOT NULL DEFAULT '' CHECK (length(project_name) <= 120),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 600),
        show_amount boolean NOT NULL DEFAULT false,
        show_milestones boolean NOT NULL DEFAULT false,
        show_payments boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (NOT publish OR length(btrim(project_name)) > 0)
      )`,
    'CREATE INDEX grant_publications_published_idx ON grant_publications (grant_id) WHERE publish',
  ],
};
