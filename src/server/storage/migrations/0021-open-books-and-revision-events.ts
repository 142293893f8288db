import type { Migration } from './migration';

export const migration: Migration = {
  version: 21,
  name: 'webhook events for published grants and revised applications',
  statements: [
    // Open books (src/server/openBooks): a grantee published or withdrew their grant. Corrections: an applicant sent a new version.
    'ALTER TABLE webhook_outbox DROP CONSTRAINT webhook_outbox_event_check',
    `ALTER TABLE webhook_outbox ADD CONSTRAINT webhook_outbox_event_check CHECK (event IN (
        'application.received', 'application.status_changed', 'application.information_requested', 'application.information_received', 'application.withdrawn',
        'application.revised',
        'grant.created', 'grant.milestone_accepted', 'grant.payment_recorded', 'grant.completed', 'grant.published', 'grant.unpublished',
        'round.opened', 'round.closed', 'round.changed'))`,
  ],
};
