import { programmes } from '../../config/programmes';
import { contact, site } from '../../config/site';
import type { FormKey } from '../../forms/definitions/types';
import { ConfigError, positiveInteger, type Env } from '../config';

/**
 * Email settings (docs/deploying.md "Configuration", .env.example), read once at start. Without SMTP_URL the
 * outbox keeps every message until a server with SMTP_URL starts.
 */
export type MailConfig = {
  /** e.g. smtps://user:password@smtp.example.org:465; null = email off. */
  readonly smtpUrl: string | null;
  readonly from: string;
  /** Team notification address per programme; a programme without one gets no notification. */
  readonly teamAddresses: Readonly<Partial<Record<FormKey, string>>>;
  /** First retry after this long; each further failure doubles it, up to retryMaxMs. */
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** After this many failed attempts a message is marked failed and left for the team to read. */
  readonly maxAttempts: number;
  /** How often the worker looks for due messages when the outbox was empty. */
  readonly pollMs: number;
};

const FORM_KEYS = Object.keys(programmes) as readonly FormKey[];

/** 'project-grants' → TEAM_NOTIFICATIONS_PROJECT_GRANTS. */
export const teamVariableOf = (form: FormKey): string => `TEAM_NOTIFICATIONS_${form.toUpperCase().replace(/-/g, '_')}`;

export function loadMailConfig(env: Env = process.env): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://.');
  const everyProgramme = env.TEAM_NOTIFICATIONS?.trim() || '';
  const teamAddresses: Partial<Record<FormKey, string>> = {};
  for (const form of FORM_KEYS) {
    const address = env[teamVariableOf(form)]?.trim() || everyProgramme;
    if (address) teamAddresses[form] = address;
  }
  const retryBaseMs = positiveInteger(env, 'MAIL_RETRY_BASE_MS', 30_000);
  return {
    smtpUrl,
    from: env.MAIL_FROM?.trim() || `"${site.brand}" <${contact.general}>`,
    teamAddresses,
    retryBaseMs,
    retryMaxMs: Math.max(retryBaseMs, positiveInteger(env, 'MAIL_RETRY_MAX_MS', 3_600_000)),
    maxAttempts: positiveInteger(env, 'MAIL_MAX_ATTEMPTS', 20),
    pollMs: positiveInteger(env, 'MAIL_POLL_MS', 2_000),
  };
}
