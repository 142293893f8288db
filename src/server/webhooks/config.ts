import { createHash } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { REVIEWED_PROGRAMMES, type ReviewedProgrammeKey } from '../../config/programmes';
import { ConfigError, positiveInteger, type Env } from '../config';

/**
 * Webhook settings (docs/deploying.md "Webhooks"), read once at start:
 * - WEBHOOK_URLS: comma-separated http(s) receivers (a CRM, Airtable, n8n); empty = webhooks off.
 * - WEBHOOK_SECRET: the Standard Webhooks signing secret, `whsec_` and base64 (required with URLs).
 * - WEBHOOK_ANSWERS: comma-separated programmes whose events carry the applicant's answers;
 *   the others carry reference, programme, status and link only. Never grantee finance.
 * - WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_MAX_MS, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_POLL_MS: as for email.
 */
export type WebhookConfig = {
  readonly urls: readonly string[];
  readonly secret: string;
  readonly answersFor: ReadonlySet<ReviewedProgrammeKey>;
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  readonly maxAttempts: number;
  readonly pollMs: number;
};

/** How the outbox names an endpoint: the URL itself may hold a receiver's secret, so only its hash is stored. */
export const endpointKeyOf = (url: string): string => createHash('sha256').update(url, 'utf8').digest('hex');

const list = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

export function loadWebhookConfig(env: Env = process.env): WebhookConfig | null {
  const urls = list(env.WEBHOOK_URLS);
  if (urls.length === 0) return null;
  for (const url of urls) {
    let protocol = '';
    try {
      protocol = new URL(url).protocol;
    } catch {
      // reported below
    }
    // The URL is not echoed: it may carry the receiver's secret.
    if (protocol !== 'https:' && protocol !== 'http:') throw new ConfigError('WEBHOOK_URLS must be a comma-separated list of http(s) URLs.');
  }
  const secret = env.WEBHOOK_SECRET?.trim() ?? '';
  try {
    if (!secret.startsWith('whsec_')) throw new Error('no prefix');
    new Webhook(secret);
  } catch {
    throw new ConfigError("WEBHOOK_SECRET must be a Standard Webhooks secret: 'whsec_' followed by base64 (24 to 64 random bytes), e.g. from `node -e \"console.log('whsec_' + require('crypto').randomBytes(32).toString('base64'))\"`.");
  }
  const answersFor = new Set<ReviewedProgrammeKey>();
  for (const programme of list(env.WEBHOOK_ANSWERS)) {
    if (!(REVIEWED_PROGRAMMES as readonly string[]).includes(programme)) {
      throw new ConfigError(`WEBHOOK_ANSWERS lists '${programme}'; programmes: ${REVIEWED_PROGRAMMES.join(', ')} (grantee finance never sends answers).`);
    }
    answersFor.add(programme as ReviewedProgrammeKey);
  }
  const retryBaseMs = positiveInteger(env, 'WEBHOOK_RETRY_BASE_MS', 30_000);
  return {
    urls: [...new Set(urls)],
    secret,
    answersFor,
    retryBaseMs,
    retryMaxMs: Math.max(retryBaseMs, positiveInteger(env, 'WEBHOOK_RETRY_MAX_MS', 3_600_000)),
    maxAttempts: positiveInteger(env, 'WEBHOOK_MAX_ATTEMPTS', 20),
    pollMs: positiveInteger(env, 'WEBHOOK_POLL_MS', 2_000),
  };
}
