import type { Migration } from './migration';

export const migration: Migration = {
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
};
