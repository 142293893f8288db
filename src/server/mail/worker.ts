import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { startPollingLoop, type LoopTask, type PollingLoop } from '../pollingLoop';
import type { FinanceKeyring } from '../finance/encryption';
import { afterFailure, type Outcome } from '../outbox/queue';
import type { Database } from '../storage/database';
import { isReminderStale } from '../grants/reminders';
import { applicantAddressOf, composeConfirmation, composeTeamNotice, referenceOf, type ComposedEmail } from './compose';
import type { MailConfig } from './config';
import { MILESTONE_REMINDER_PURPOSE } from './grants';
import { claimDueMessage, settleMessage, type ClaimedMessage } from './outbox';

/**
 * Sends the outbox in the server process, one message at a time, apart from any request: a slow
 * or absent SMTP server never delays a submission. Failures are retried with exponential backoff.
 * Delivery is at least once: a crash after the SMTP server accepted a message but before it was
 * marked sent resends it when the lease runs out; its Message-ID stays the same, so mail clients
 * can tell the copy.
 */

/** SMTP timeouts well inside the lease, so a hung connection fails before another worker may claim its message. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const LEASE_MS = 120_000;

export type OutboxWorker = PollingLoop;

/** What is kept of an SMTP failure: codes only, since server replies can quote addresses. */
function errorSummary(error: unknown): string {
  const { code, responseCode, command } = error as { code?: string; responseCode?: number; command?: string };
  return [code, responseCode, command].filter((part) => part !== undefined).join(' ') || 'unknown error';
}

function messageIdOf(message: ClaimedMessage, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<outbox-${message.id}@${domain}>`;
}

type MailDeps = { database: Database; config: MailConfig & { smtpUrl: string }; log: FastifyBaseLogger; keys: FinanceKeyring };

/** The mail worker on a loop of its own (the server runs it among its other tasks: main.ts). */
export function startOutboxWorker(deps: MailDeps): OutboxWorker {
  return startPollingLoop({ tasks: [mailTask(deps)] });
}

/** `keys` open the sealed bodies of composed emails (the finance keys: FINANCE_ENCRYPTION_KEY and the old ones). */
export function mailTask(deps: MailDeps): LoopTask {
  const { database, config, log, keys } = deps;
  const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
  const workerId = randomUUID();

  /** The email a claimed message stands for, or the outcome when there is nothing to send. */
  function emailOf(message: ClaimedMessage): ComposedEmail | Outcome {
    if (message.kind === 'composed') return message.email;
    if (message.kind === 'unreadable') {
      // Retried like a failed send: the missing key may be added to FINANCE_ENCRYPTION_OLD_KEYS meanwhile.
      return afterFailure(message, config, `sealed body unreadable: ${message.reason}`);
    }
    const { application } = message;
    if (message.audience === 'team') {
      const teamAddress = config.teamAddresses[application.form];
      return teamAddress ? composeTeamNotice(application, teamAddress) : { status: 'skipped' };
    }
    if (!applicantAddressOf(application)) return { status: 'failed', error: 'no applicant address' };
    return composeConfirmation(application);
  }

  async function deliver(message: ClaimedMessage): Promise<Outcome> {
    // A milestone reminder queued weeks ago may no longer hold (accepted, new due date, grant cancelled).
    if (message.kind === 'composed' && message.purpose === MILESTONE_REMINDER_PURPOSE && (await isReminderStale(database, message.key))) return { status: 'skipped' };
    const email = emailOf(message);
    if ('status' in email) return email;
    try {
      await transport.sendMail({ ...email, from: config.from, messageId: messageIdOf(message, config.from) });
      return { status: 'sent' };
    } catch (error) {
      return afterFailure(message, config, errorSummary(error));
    }
  }

  /** Sends the next due message; false when none is left. */
  async function handleNext(): Promise<boolean> {
    const message = await claimDueMessage(database, workerId, LEASE_MS, keys);
    if (!message) return false;
    const outcome = await deliver(message);
    await settleMessage(database, workerId, message, outcome);
    // Never the recipient or the body: addresses are personal data and bodies may hold secret links.
    const about = message.kind !== 'application' ? { purpose: message.purpose } : { reference: referenceOf(message.application.form, message.application.id), audience: message.audience };
    const logged = { outbox: message.id, ...about, attempts: message.attempts };
    if (outcome.status === 'retry') log.warn({ ...logged, error: outcome.error, retryInMs: outcome.delayMs }, 'email not sent; will retry');
    else if (outcome.status === 'failed') log.error({ ...logged, error: outcome.error }, 'email given up');
    else log.info(logged, `email ${outcome.status}`);
    return true;
  }

  return { everyMs: config.pollMs, log, failureMessage: 'outbox worker failed; retrying', handleNext, close: () => transport.close() };
}
