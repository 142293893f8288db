import type { Migration } from './migration';

export const migration: Migration = {
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
};
