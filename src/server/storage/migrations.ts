import type { Database } from './queryable';

/**
 * The schema, as an append-only list: a released migration is never edited, a change is a new
 * entry. The same statements run on PGlite and on PostgreSQL. Each migration is a list of single
 * statements (PGlite's query() takes one at a time).
 */
export const MIGRATIONS: ReadonlyArray<{ readonly version: number; readonly name: string; readonly statements: readonly string[] }> = [
  {
    version: 1,
    name: 'submissions, newsletter, grantees',
    statements: [
      `CREATE TABLE submissions (
        id bigserial PRIMARY KEY,
        form text NOT NULL,
        endpoint text NOT NULL,
        payload jsonb NOT NULL,
        file_stored_name text,
        file_original_name text,
        file_media_type text,
        file_size integer,
        file_sha256 text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX submissions_form_created_idx ON submissions (form, created_at)',
      `CREATE TABLE newsletter_subscribers (
        id bigserial PRIMARY KEY,
        email text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      // One subscription per address, whatever its letter case.
      'CREATE UNIQUE INDEX newsletter_subscribers_email_idx ON newsletter_subscribers (lower(email))',
      `CREATE TABLE grantees (
        id bigserial PRIMARY KEY,
        label text NOT NULL DEFAULT '',
        id_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`,
      `CREATE TABLE grantee_finance_versions (
        id bigserial PRIMARY KEY,
        grantee_id bigint NOT NULL REFERENCES grantees (id),
        version integer NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (grantee_id, version)
      )`,
    ],
  },
  {
    version: 2,
    name: 'mail outbox',
    statements: [
      // One row per email to send (src/server/mail/outbox.ts), written with the application it confirms.
      `CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        submission_id bigint REFERENCES submissions (id),
        finance_version_id bigint REFERENCES grantee_finance_versions (id),
        audience text NOT NULL CHECK (audience IN ('applicant', 'team')),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'skipped', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        claimed_by text,
        claimed_until timestamptz,
        last_error text,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((submission_id IS NULL) <> (finance_version_id IS NULL))
      )`,
      "CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending'",
    ],
  },
  {
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
  },
  {
    version: 4,
    name: 'composed emails in the outbox, newsletter double opt-in',
    statements: [
      // Any feature may queue a composed email (mail/outbox.ts enqueueEmail): its purpose, recipient,
      // subject and body are stored; the body is blanked once the message is sent or given up.
      'ALTER TABLE mail_outbox ADD COLUMN purpose text',
      'ALTER TABLE mail_outbox ADD COLUMN recipient text',
      'ALTER TABLE mail_outbox ADD COLUMN subject text',
      'ALTER TABLE mail_outbox ADD COLUMN body text',
      'ALTER TABLE mail_outbox ALTER COLUMN audience DROP NOT NULL',
      // Migration 2's unnamed table CHECK (exactly one application reference).
      'ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_check',
      // Exactly one source: a submission, a finance version, or a composed email with a purpose.
      'ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_source_check CHECK (num_nonnulls(submission_id, finance_version_id, purpose) = 1)',
      `ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_composed_check CHECK (
        CASE WHEN purpose IS NULL THEN audience IS NOT NULL AND recipient IS NULL AND subject IS NULL AND body IS NULL
        ELSE audience IS NULL AND recipient IS NOT NULL AND subject IS NOT NULL AND (body IS NOT NULL OR status <> 'pending') END
      )`,
      // Newsletter double opt-in (src/server/storage/newsletter.ts). Addresses stored before it never
      // confirmed, so they start pending: they count once they sign up again and confirm.
      `ALTER TABLE newsletter_subscribers ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed'))`,
      // SHA-256 of the single-use confirmation token mailed to the address, and when it expires.
      'ALTER TABLE newsletter_subscribers ADD COLUMN confirm_token_hash text',
      'ALTER TABLE newsletter_subscribers ADD COLUMN confirm_expires_at timestamptz',
      'ALTER TABLE newsletter_subscribers ADD COLUMN confirmed_at timestamptz',
      // In clear: whoever sends the newsletter puts it in every email; it can only unsubscribe its address.
      'ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token text UNIQUE',
      'ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribed_at timestamptz',
      // Sign-ups per address in the current window (the per-address limit).
      'ALTER TABLE newsletter_subscribers ADD COLUMN signup_window_started_at timestamptz NOT NULL DEFAULT now()',
      'ALTER TABLE newsletter_subscribers ADD COLUMN signups_in_window integer NOT NULL DEFAULT 0',
      'CREATE UNIQUE INDEX newsletter_subscribers_confirm_token_idx ON newsletter_subscribers (confirm_token_hash)',
    ],
  },
  {
    version: 5,
    name: 'team members, passkeys, enrolment links, sessions',
    statements: [
      // The programme team (src/server/team): who may sign in, with which role.
      `CREATE TABLE team_members (
        id bigserial PRIMARY KEY,
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('admin', 'reviewer', 'finance')),
        webauthn_user_id text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`,
      'CREATE UNIQUE INDEX team_members_email_idx ON team_members (lower(email))',
      // Many passkeys per member; the id is the credential id (base64url) the authenticator chose.
      `CREATE TABLE team_passkeys (
        id text PRIMARY KEY,
        member_id bigint NOT NULL REFERENCES team_members (id),
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`,
      'CREATE INDEX team_passkeys_member_idx ON team_passkeys (member_id)',
      // Only the SHA-256 of an enrolment token is stored: the link itself is shown once.
      `CREATE TABLE team_enrolment_links (
        token_hash text PRIMARY KEY,
        member_id bigint NOT NULL REFERENCES team_members (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`,
      // Only the SHA-256 of a session token is stored; id is a separate random handle for listing.
      `CREATE TABLE team_sessions (
        id text PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        member_id bigint NOT NULL REFERENCES team_members (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX team_sessions_member_idx ON team_sessions (member_id)',
      // WebAuthn challenges: single use (deleted when checked), short-lived.
      `CREATE TABLE team_webauthn_challenges (
        challenge text PRIMARY KEY,
        purpose text NOT NULL CHECK (purpose IN ('enrol', 'sign-in', 'add-passkey')),
        member_id bigint REFERENCES team_members (id),
        expires_at timestamptz NOT NULL
      )`,
    ],
  },
  {
    version: 6,
    name: 'team audit log (append-only), full-text search over answers',
    statements: [
      `CREATE TABLE team_audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor text NOT NULL,
        action text NOT NULL,
        target text NOT NULL DEFAULT ''
      )`,
      'CREATE INDEX team_audit_log_at_idx ON team_audit_log (at)',
      // The log is evidence: the database itself refuses to change or remove an entry.
      `CREATE FUNCTION team_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'team_audit_log is append-only';
      END
      $$`,
      `CREATE TRIGGER team_audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON team_audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION team_audit_log_append_only()`,
      // The inbox search (src/server/storage/search.ts): the answers' text values in Spanish and
      // English, computed once when a row is written (recomputing them per search is a full scan).
      `ALTER TABLE submissions ADD COLUMN answers_search tsvector GENERATED ALWAYS AS (
        jsonb_to_tsvector('spanish'::regconfig, payload, '["string"]') || jsonb_to_tsvector('english'::regconfig, payload, '["string"]')
      ) STORED`,
      'CREATE INDEX submissions_answers_search_idx ON submissions USING gin (answers_search)',
      `ALTER TABLE grantee_finance_versions ADD COLUMN answers_search tsvector GENERATED ALWAYS AS (
        jsonb_to_tsvector('spanish'::regconfig, payload, '["string"]') || jsonb_to_tsvector('english'::regconfig, payload, '["string"]')
      ) STORED`,
      'CREATE INDEX grantee_finance_versions_answers_search_idx ON grantee_finance_versions USING gin (answers_search)',
    ],
  },
  {
    version: 8,
    name: 'grantee payment details encrypted at rest',
    statements: [
      // The payload becomes an AES-256-GCM ciphertext (src/server/finance). The key never reaches
      // the database, so existing clear rows are encrypted by the server at start (sealFinanceRows),
      // not here; until then their payload column stays as it was.
      'ALTER TABLE grantee_finance_versions ALTER COLUMN payload DROP NOT NULL',
      'ALTER TABLE grantee_finance_versions ADD COLUMN payload_ciphertext bytea',
      'ALTER TABLE grantee_finance_versions ADD COLUMN payload_iv bytea',
      'ALTER TABLE grantee_finance_versions ADD COLUMN payload_auth_tag bytea',
      'ALTER TABLE grantee_finance_versions ADD COLUMN payload_key_id text',
      // In clear on purpose: whom the confirmation email greets and goes to, and the inbox's name column.
      "ALTER TABLE grantee_finance_versions ADD COLUMN beneficiary_name text NOT NULL DEFAULT ''",
      "ALTER TABLE grantee_finance_versions ADD COLUMN contact_email text NOT NULL DEFAULT ''",
      `UPDATE grantee_finance_versions
       SET beneficiary_name = COALESCE(payload->>'beneficiaryName', ''), contact_email = COALESCE(payload->>'contactEmail', '')`,
      // Either still in clear (before the first start with a key) or fully sealed, never both.
      `ALTER TABLE grantee_finance_versions ADD CONSTRAINT grantee_finance_versions_sealed_check CHECK (
        num_nonnulls(payload_ciphertext, payload_iv, payload_auth_tag, payload_key_id) IN (0, 4)
        AND (payload IS NULL) <> (payload_ciphertext IS NULL)
      )`,
      // Migration 6's search vector of the payload would keep the payment details' words in clear:
      // the inbox searches a version by its clear name and contact email only.
      'DROP INDEX grantee_finance_versions_answers_search_idx',
      'ALTER TABLE grantee_finance_versions DROP COLUMN answers_search',
      `ALTER TABLE grantee_finance_versions ADD COLUMN answers_search tsvector GENERATED ALWAYS AS (
        to_tsvector('spanish'::regconfig, beneficiary_name || ' ' || contact_email) || to_tsvector('english'::regconfig, beneficiary_name || ' ' || contact_email)
      ) STORED`,
      'CREATE INDEX grantee_finance_versions_answers_search_idx ON grantee_finance_versions USING gin (answers_search)',
    ],
  },
  {
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
  },
  {
    version: 10,
    name: 'webhook endpoints and outbox',
    statements: [
      // The configured WEBHOOK_URLS, by the SHA-256 of each URL: a receiver's URL often carries its own
      // secret (n8n, Zapier), so it stays in the environment; the server marks the configured ones active at start.
      `CREATE TABLE webhook_endpoints (
        url_sha256 text PRIMARY KEY,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      // One row per event and active endpoint (src/server/webhooks/outbox.ts), written in the transaction of
      // the event itself; the body is composed when sent, from the stored application, so no copy of the
      // answers waits here. status/attempts/claims as in mail_outbox.
      `CREATE TABLE webhook_outbox (
        id bigserial PRIMARY KEY,
        endpoint_sha256 text NOT NULL REFERENCES webhook_endpoints (url_sha256),
        submission_id bigint NOT NULL REFERENCES submissions (id),
        event text NOT NULL CHECK (event IN ('application.received', 'application.status_changed')),
        status_after text NOT NULL,
        status_before text,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        claimed_by text,
        claimed_until timestamptz,
        last_error text,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      "CREATE INDEX webhook_outbox_due_idx ON webhook_outbox (next_attempt_at) WHERE status = 'pending'",
      'CREATE INDEX webhook_outbox_submission_idx ON webhook_outbox (submission_id)',
    ],
  },
  {
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
  },
  {
    version: 12,
    name: 'outbox bodies and unsubscribe tokens sealed',
    statements: [
      // A composed email's body is stored sealed (src/server/finance/sealedColumns.ts): it may carry a
      // grantee ID or a single-use link, and a clear value would stay in the WAL and in backups even
      // once blanked. The key never reaches the database, so the bodies of rows from before are
      // sealed by the server at start; until then the clear column keeps them.
      'ALTER TABLE mail_outbox ADD COLUMN body_ciphertext bytea',
      'ALTER TABLE mail_outbox ADD COLUMN body_iv bytea',
      'ALTER TABLE mail_outbox ADD COLUMN body_auth_tag bytea',
      'ALTER TABLE mail_outbox ADD COLUMN body_key_id text',
      "ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_body_sealed_check CHECK (num_nonnulls(body_ciphertext, body_iv, body_auth_tag, body_key_id) IN (0, 4) AND NOT (body IS NOT NULL AND body_ciphertext IS NOT NULL))",
      'ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_composed_check',
      `ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_composed_check CHECK (
        CASE WHEN purpose IS NULL THEN audience IS NOT NULL AND recipient IS NULL AND subject IS NULL AND body IS NULL AND body_ciphertext IS NULL
        ELSE audience IS NULL AND recipient IS NOT NULL AND subject IS NOT NULL AND (body IS NOT NULL OR body_ciphertext IS NOT NULL OR status <> 'pending') END
      )`,
      // The unsubscribe token is looked up by its SHA-256 and kept sealed for the newsletter's emails,
      // which must carry it; the clear column of migration 4 is emptied by the server at start.
      'ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token_hash text UNIQUE',
      `UPDATE newsletter_subscribers SET unsubscribe_token_hash = encode(sha256(convert_to(unsubscribe_token, 'UTF8')), 'hex') WHERE unsubscribe_token IS NOT NULL`,
      'ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token_ciphertext bytea',
      'ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token_iv bytea',
      'ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token_auth_tag bytea',
      'ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token_key_id text',
      `ALTER TABLE newsletter_subscribers ADD CONSTRAINT newsletter_subscribers_unsubscribe_sealed_check CHECK (
        num_nonnulls(unsubscribe_token_ciphertext, unsubscribe_token_iv, unsubscribe_token_auth_tag, unsubscribe_token_key_id) IN (0, 4)
      )`,
    ],
  },
  {
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
  },
  {
    version: 14,
    name: 'one outbox: job kinds and idempotency keys',
    statements: [
      // Both outbox tables are claimed and settled by src/server/outbox/queue.ts. A feature may name a
      // job with a key (a reminder: 'reminder:milestone:<id>:7d'); the same key is queued once, ever.
      'ALTER TABLE mail_outbox ADD COLUMN idempotency_key text UNIQUE',
      'ALTER TABLE webhook_outbox ADD COLUMN idempotency_key text UNIQUE',
      // Reminders are emails sent later (next_attempt_at in the future); counted apart in the metrics.
      "ALTER TABLE mail_outbox ADD COLUMN kind text NOT NULL DEFAULT 'mail' CHECK (kind IN ('mail', 'reminder'))",
    ],
  },
  {
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
  },
  {
    version: 16,
    name: 'grants, milestones and progress reports',
    statements: [
      // The grant of an approved application (src/server/grants): amounts are exact minor units
      // (src/lib/money.ts), never floating point. Erasing the application erases its grant.
      `CREATE TABLE grants (
        id bigserial PRIMARY KEY,
        submission_id bigint NOT NULL UNIQUE REFERENCES submissions (id) ON DELETE CASCADE,
        amount numeric(78,0) NOT NULL CHECK (amount > 0),
        currency text NOT NULL CHECK (currency IN ('USD', 'ETH', 'DAI')),
        state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'completed', 'cancelled')),
        cancel_reason text,
        state_changed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by bigint REFERENCES team_members (id),
        CHECK ((state = 'cancelled') = (cancel_reason IS NOT NULL))
      )`,
      // Vencido is not a stored state: it is derived from due_date when read.
      `CREATE TABLE grant_milestones (
        id bigserial PRIMARY KEY,
        grant_id bigint NOT NULL REFERENCES grants (id) ON DELETE CASCADE,
        position integer NOT NULL,
        title text NOT NULL,
        done_criteria text NOT NULL,
        due_date date NOT NULL,
        amount numeric(78,0) NOT NULL CHECK (amount > 0),
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'accepted', 'changes_requested')),
        created_at timestamptz NOT NULL DEFAULT now(),
        accepted_at timestamptz,
        CHECK ((state = 'accepted') = (accepted_at IS NOT NULL))
      )`,
      'CREATE INDEX grant_milestones_grant_idx ON grant_milestones (grant_id, position)',
      // Each report is a new version, never written over; its file is kept like an answer's (migration 13).
      `CREATE TABLE milestone_reports (
        id bigserial PRIMARY KEY,
        milestone_id bigint NOT NULL REFERENCES grant_milestones (id) ON DELETE CASCADE,
        version integer NOT NULL CHECK (version > 0),
        body text NOT NULL,
        links jsonb NOT NULL DEFAULT '[]',
        file_content bytea,
        file_original_name text,
        file_media_type text,
        file_size integer,
        file_sha256 text,
        submitted_at timestamptz NOT NULL DEFAULT now(),
        decision text CHECK (decision IN ('accepted', 'changes_requested')),
        comment text,
        reviewed_by bigint REFERENCES team_members (id),
        reviewed_at timestamptz,
        UNIQUE (milestone_id, version),
        CHECK (num_nonnulls(file_content, file_original_name, file_media_type, file_size, file_sha256) IN (0, 5)),
        CHECK ((decision IS NULL) = (reviewed_at IS NULL))
      )`,
      'ALTER TABLE webhook_outbox DROP CONSTRAINT webhook_outbox_event_check',
      `ALTER TABLE webhook_outbox ADD CONSTRAINT webhook_outbox_event_check CHECK (event IN (
        'application.received', 'application.status_changed', 'application.information_requested', 'application.information_received', 'application.withdrawn',
        'grant.created', 'grant.milestone_accepted', 'grant.completed'))`,
    ],
  },
  {
    version: 17,
    name: 'grant payments',
    statements: [
      // A payment recorded by finance against a milestone, or an advance (milestone_id NULL). Amounts
      // are minor units (src/lib/money.ts); grant_amount is its value in the grant's currency.
      // Erasing the application erased its grant and so its payments; since migration 18 the payments are kept, without the person.
      // The destination (address or IBAN) is sealed like payment details (src/server/finance/sealedColumns.ts);
      // its clear twin `destination` is never filled, there only so key rotation treats it like the others.
      `CREATE TABLE grant_payments (
        id bigserial PRIMARY KEY,
        grant_id bigint NOT NULL REFERENCES grants (id) ON DELETE CASCADE,
        milestone_id bigint REFERENCES grant_milestones (id) ON DELETE CASCADE,
        amount numeric(78,0) NOT NULL CHECK (amount > 0),
        currency text NOT NULL CHECK (currency IN ('USD', 'ETH', 'DAI')),
        grant_amount numeric(78,0) NOT NULL CHECK (grant_amount > 0),
        rate text,
        paid_on date NOT NULL,
        method text NOT NULL CHECK (method IN ('bank_transfer', 'eth', 'eth_l2', 'dai', 'dai_l2')),
        reference text NOT NULL,
        destination text CHECK (destination IS NULL),
        destination_ciphertext bytea NOT NULL,
        destination_iv bytea NOT NULL,
        destination_auth_tag bytea NOT NULL,
        destination_key_id text NOT NULL,
        details_version integer,
        destination_mismatch_confirmed boolean NOT NULL DEFAULT false,
        recorded_by bigint NOT NULL REFERENCES team_members (id),
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX grant_payments_grant_idx ON grant_payments (grant_id)',
      'CREATE INDEX grant_payments_paid_on_idx ON grant_payments (paid_on, id)',
      // Every event a webhook may carry, the grant's included (src/server/webhooks/outbox.ts).
      'ALTER TABLE webhook_outbox DROP CONSTRAINT webhook_outbox_event_check',
      `ALTER TABLE webhook_outbox ADD CONSTRAINT webhook_outbox_event_check CHECK (event IN (
        'application.received', 'application.status_changed', 'application.information_requested', 'application.information_received', 'application.withdrawn',
        'grant.created', 'grant.milestone_accepted', 'grant.payment_recorded', 'grant.completed'))`,
    ],
  },
  {
    version: 18,
    name: 'payment records kept after erasure',
    statements: [
      // The programme's accounts keep what was paid, when and by which transfer or transaction (accounting and tax law;
      // GDPR art. 17(3)(b), LGPD art. 16). Erasing an application (src/server/dataRights/erase.ts) keeps its grant's
      // payments, stripped of the person: no grant or milestone (so no name, email or application), no destination, no
      // payment-details version; tied instead to the erasure's tombstone in the audit log (`erased_in`), with the grant's
      // currency and the milestone's number copied so the row still reads. A grant deleted any other way would leave a
      // payment without its tombstone, which the checks refuse: the deletion fails rather than keep the person's data.
      'ALTER TABLE grant_payments DROP CONSTRAINT grant_payments_grant_id_fkey',
      'ALTER TABLE grant_payments ADD CONSTRAINT grant_payments_grant_id_fkey FOREIGN KEY (grant_id) REFERENCES grants (id) ON DELETE SET NULL',
      'ALTER TABLE grant_payments DROP CONSTRAINT grant_payments_milestone_id_fkey',
      'ALTER TABLE grant_payments ADD CONSTRAINT grant_payments_milestone_id_fkey FOREIGN KEY (milestone_id) REFERENCES grant_milestones (id) ON DELETE SET NULL',
      'ALTER TABLE grant_payments ALTER COLUMN grant_id DROP NOT NULL',
      'ALTER TABLE grant_payments ALTER COLUMN destination_ciphertext DROP NOT NULL',
      'ALTER TABLE grant_payments ALTER COLUMN destination_iv DROP NOT NULL',
      'ALTER TABLE grant_payments ALTER COLUMN destination_auth_tag DROP NOT NULL',
      'ALTER TABLE grant_payments ALTER COLUMN destination_key_id DROP NOT NULL',
      'ALTER TABLE grant_payments ADD COLUMN erased_in bigint REFERENCES team_audit_log (id)',
      "ALTER TABLE grant_payments ADD COLUMN erased_grant_currency text CHECK (erased_grant_currency IN ('USD', 'ETH', 'DAI'))",
      'ALTER TABLE grant_payments ADD COLUMN erased_milestone_position integer',
      `ALTER TABLE grant_payments ADD CONSTRAINT grant_payments_erased_check CHECK (CASE WHEN erased_in IS NULL
        THEN grant_id IS NOT NULL AND num_nonnulls(destination_ciphertext, destination_iv, destination_auth_tag, destination_key_id) = 4
          AND erased_grant_currency IS NULL AND erased_milestone_position IS NULL
        ELSE grant_id IS NULL AND milestone_id IS NULL AND details_version IS NULL AND erased_grant_currency IS NOT NULL
          AND num_nonnulls(destination_ciphertext, destination_iv, destination_auth_tag, destination_key_id) = 0 END)`,
      'CREATE INDEX grant_payments_erased_in_idx ON grant_payments (erased_in) WHERE erased_in IS NOT NULL',
    ],
  },
];

/** Any constant; it serialises concurrent migrators (several servers on one PostgreSQL). */
const MIGRATION_LOCK_KEY = 727_001;

/** Applies the migrations not yet applied, all in one transaction. Returns the versions applied now. */
export async function applyMigrations(database: Database): Promise<number[]> {
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((row) => row.version));
    const pending = MIGRATIONS.filter((migration) => !applied.has(migration.version));
    for (const migration of pending) {
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    }
    return pending.map((migration) => migration.version);
  });
}
