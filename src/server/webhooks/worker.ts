import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { isReviewedProgramme, programmes } from '../../config/programmes';
import type { WirePayload } from '../../forms/definitions/types';
import { teamRoutes } from '../../lib/team';
import { referenceOf } from '../mail/compose';
import { afterFailure, type Outcome } from '../outbox/queue';
import { startPollingLoop, type LoopTask, type PollingLoop } from '../pollingLoop';
import type { Database } from '../storage/database';
import { endpointKeyOf, type WebhookConfig } from './config';
import { claimDueWebhook, settleWebhook, type ClaimedWebhook } from './outbox';

/**
 * Delivers the webhook outbox from the server process, one delivery at a time, apart from any
 * request, signed as Standard Webhooks says (the `standardwebhooks` package): headers webhook-id
 * (the same on every retry, so a receiver can drop a copy), webhook-timestamp and webhook-signature.
 * A 2xx answer is delivered; anything else is retried with exponential backoff, then given up.
 * Delivery is at least once: a server killed after the receiver answered but before the row was
 * marked sent delivers it again when the lease runs out, with the same webhook-id.
 */

const LEASE_MS = 120_000;
/** Well inside the lease, so a hung receiver fails before another server may claim the delivery. */
const REQUEST_TIMEOUT_MS = 10_000;

/** The team page of an application (the static export has no dynamic routes). */
export const teamPageOf = (siteOrigin: string, reference: string): string => `${siteOrigin}${teamRoutes.application(reference)}`;

export type WebhookBody = {
  readonly type: string;
  readonly timestamp: string;
  readonly data: {
    readonly reference: string;
    readonly programme: string;
    readonly programmeName: string;
    readonly status: string;
    readonly previousStatus: string | null;
    readonly link: string;
    /** Only for programmes listed in WEBHOOK_ANSWERS. */
    readonly answers?: WirePayload;
  };
};

/** A round's event: the round as published (never its grace period or cap), its state before and after, and the team's page of rounds. */
export type RoundWebhookBody = {
  readonly type: string;
  readonly timestamp: string;
  readonly data: {
    readonly round: string;
    readonly name: string;
    readonly programme: string;
    readonly programmeName: string;
    readonly state: string;
    readonly previousState: string | null;
    readonly opensAt: string;
    readonly closesAt: string | null;
    readonly timezone: string;
    readonly link: string;
  };
};

/**
 * What a delivery says: reference, programme, status and the team page; the answers only where the programme opted in.
 * A round's event says which round, its state and its moments.
 */
export function webhookBodyOf(claimed: ClaimedWebhook, config: Pick<WebhookConfig, 'answersFor'>, siteOrigin: string): WebhookBody | RoundWebhookBody {
  if (claimed.subject === 'round') {
    const { round } = claimed;
    return {
      type: claimed.event,
      timestamp: claimed.occurredAt.toISOString(),
      data: {
        round: round.id,
        name: round.name,
        programme: round.programme,
        programmeName: programmes[round.programme].name,
        state: claimed.status,
        previousState: claimed.previousStatus,
        opensAt: round.opensAt.toISOString(),
        closesAt: round.closesAt?.toISOString() ?? null,
        timezone: round.timezone,
        link: `${siteOrigin}${teamRoutes.rounds}`,
      },
    };
  }
  const reference = referenceOf(claimed.form, claimed.submissionId);
  const withAnswers = isReviewedProgramme(claimed.form) && config.answersFor.has(claimed.form);
  return {
    type: claimed.event,
    timestamp: claimed.occurredAt.toISOString(),
    data: {
      reference,
      programme: claimed.form,
      programmeName: programmes[claimed.form].name,
      status: claimed.status,
      previousStatus: claimed.previousStatus,
      link: teamPageOf(siteOrigin, reference),
      ...(withAnswers ? { answers: claimed.payload } : {}),
    },
  };
}

export type WebhookWorker = PollingLoop;

type WebhookDeps = { database: Database; config: WebhookConfig; siteOrigin: string; log: FastifyBaseLogger };

/** The webhook worker on a loop of its own (the server runs it among its other tasks: main.ts). */
export function startWebhookWorker(deps: WebhookDeps): WebhookWorker {
  return startPollingLoop({ tasks: [webhookTask(deps)] });
}

export function webhookTask(deps: WebhookDeps): LoopTask {
  const { database, config, siteOrigin, log } = deps;
  const signer = new Webhook(config.secret);
  const urlByKey = new Map(config.urls.map((url) => [endpointKeyOf(url), url]));
  const endpoints = [...urlByKey.keys()];
  const workerId = randomUUID();

  async function deliver(claimed: ClaimedWebhook): Promise<Outcome> {
    const url = urlByKey.get(claimed.endpoint);
    if (!url) return { status: 'retry', delayMs: config.retryMaxMs, error: 'endpoint no longer configured' };
    const body = JSON.stringify(webhookBodyOf(claimed, config, siteOrigin));
    const messageId = `msg_${claimed.id}`;
    const sentAt = new Date();
    let error: string;
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signer.sign(messageId, sentAt, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await answer.body?.cancel();
      if (answer.ok) return { status: 'sent' };
      error = `HTTP ${answer.status}`;
    } catch (failure) {
      // Names and codes only: messages can quote the URL, which may hold the receiver's secret.
      const cause = (failure as { cause?: { code?: string } }).cause;
      error = [(failure as Error).name, cause?.code].filter(Boolean).join(' ') || 'unknown error';
    }
    return afterFailure(claimed, config, error);
  }

  /** Delivers the next due webhook; false when none is left. */
  async function handleNext(): Promise<boolean> {
    const claimed = await claimDueWebhook(database, workerId, endpoints, LEASE_MS);
    if (!claimed) return false;
    const outcome = await deliver(claimed);
    await settleWebhook(database, workerId, claimed, outcome);
    const subject = claimed.subject === 'round' ? { round: claimed.round.id } : { reference: referenceOf(claimed.form, claimed.submissionId) };
    const logged = { webhook: claimed.id, event: claimed.event, ...subject, attempts: claimed.attempts };
    if (outcome.status === 'retry') log.warn({ ...logged, error: outcome.error, retryInMs: outcome.delayMs }, 'webhook not delivered; will retry');
    else if (outcome.status === 'failed') log.error({ ...logged, error: outcome.error }, 'webhook given up');
    else log.info(logged, 'webhook delivered');
    return true;
  }

  return { everyMs: config.pollMs, log, failureMessage: 'webhook worker failed; retrying', handleNext };
}
