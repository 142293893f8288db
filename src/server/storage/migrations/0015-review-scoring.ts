import type { Migration } from './migration';

export const migration: Migration = {
  version: 15,
  name: 'review scoring: several reviewers, declarations, scores, verdicts, aggregates, decision reasons',
  statements: [
    // Who reviews an application (src/server/team/scoring): several members each, each declaring a conflict of interest or none.
    `CREATE TABLE review_assignments (
        submission_id bigint NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        member_id bigint NOT NULL REFERENCES team_members (id),
        assigned_at timestamptz NOT NULL DEFAULT now(),
        assigned_by bigint REFERENCES team_members (id),
        declaration text CHECK (declaration IN ('none', 'conflict')),
        conflict_reason text,
        declared_at timestamptz,
        PRIMARY KEY (submission_id, member_id),
        CHECK ((declaration IS NULL) = (declared_at IS NULL)),
        CHECK (declaration = 'conflict' OR conflict_reason IS NULL)
      )`,
    'CREATE INDEX review_assignments_member_idx ON review_assignments (member_id, submission_id)',
    // The one assignee of the first review workflow becomes the application's first reviewer.
    `INSERT INTO review_assignments (submission_id, member_id, assigned_at)
        SELECT id, assignee_id, status_changed_at FROM submissions WHERE assignee_id IS NOT NULL`,
    'DROP INDEX submissions_assignee_idx',
    'ALTER TABLE submissions DROP COLUMN assignee_id',
    // One score per criterion of the programme's rubric (src/config/review.ts), 1 to 5.
    `CREATE TABLE review_scores (
        submission_id bigint NOT NULL,
        member_id bigint NOT NULL,
        criterion text NOT NULL,
        score smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
        comment text,
        PRIMARY KEY (submission_id, member_id, criterion),
        FOREIGN KEY (submission_id, member_id) REFERENCES review_assignments (submission_id, member_id) ON DELETE CASCADE
      )`,
    // A reviewer's submitted review: the recommendation and the weighted total of their scores at the time.
    `CREATE TABLE review_verdicts (
        submission_id bigint NOT NULL,
        member_id bigint NOT NULL,
        recommendation text NOT NULL CHECK (recommendation IN ('approve', 'reject', 'unsure')),
        total numeric NOT NULL,
        submitted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (submission_id, member_id),
        FOREIGN KEY (submission_id, member_id) REFERENCES review_assignments (submission_id, member_id) ON DELETE CASCADE
      )`,
    // Recomputed in the same transaction as every assignment, declaration and score change (src/server/team/scoring/aggregate.ts).
    `CREATE TABLE review_aggregates (
        submission_id bigint PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
        score numeric,
        reviews_done integer NOT NULL DEFAULT 0,
        reviews_assigned integer NOT NULL DEFAULT 0,
        spread numeric,
        disagreement boolean NOT NULL DEFAULT false
      )`,
    'CREATE INDEX review_aggregates_score_idx ON review_aggregates (score)',
    `INSERT INTO review_aggregates (submission_id, reviews_done, reviews_assigned)
        SELECT submission_id, 0, count(*) FROM review_assignments GROUP BY submission_id`,
    // An approval or rejection names a reason from the programme's list, and may carry a message to the applicant.
    'ALTER TABLE application_status_history ADD COLUMN reason text',
    'ALTER TABLE application_status_history ADD COLUMN applicant_message text',
  ],
};
