import type { FinanceKeyring } from '../finance/encryption';
import { enqueueEmail, type QueuedEmail } from '../mail/outbox';
import type { Queryable } from '../storage/database';
import { enqueueWebhookEvent, type WebhookEventJob } from '../webhooks/outbox';

/**
 * The one door into the outbox for a feature: call it inside the feature's own transaction, so the
 * job exists if and only if what it is about was stored. `key` makes it idempotent (the same key is
 * queued once, ever: 'reminder:milestone:<id>:7d'); `notBefore` holds it until then.
 */
export type OutboxJob =
  | { readonly kind: 'mail' | 'reminder'; readonly key?: string; readonly notBefore?: Date; readonly payload: QueuedEmail }
  | { readonly kind: 'webhook'; readonly key?: string; readonly notBefore?: Date; readonly payload: WebhookEventJob };

/** `keys` seal an email's body at rest (the finance keys); a webhook carries no body to seal. */
export async function enqueue(tx: Queryable, job: OutboxJob, keys: FinanceKeyring): Promise<void> {
  const { key, notBefore } = job;
  if (job.kind === 'webhook') await enqueueWebhookEvent(tx, job.payload, { key, notBefore });
  else await enqueueEmail(tx, job.payload, keys, { kind: job.kind, key, notBefore });
}
