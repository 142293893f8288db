import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_REVIEW_CONFIG, parseReviewConfigText, ReviewConfigError, type ReviewConfig } from '../config/review';
import { site } from '../config/site';

/**
 * The server's settings, all from the environment (docs/deploying.md "Configuration", .env.example).
 * Read once at start; a setting that cannot be right stops the start with a clear message.
 */

/** Google's documented siteverify endpoint. */
export const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/**
 * Google's published test secret: siteverify accepts every token for it. Used outside production
 * when no secret is set, so that a local `npm start` still verifies through the same code path.
 */
export const RECAPTCHA_TEST_SECRET = '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe';

export type TrustProxy = boolean | number | string[];

export type ServerConfig = {
  readonly host: string;
  readonly port: number;
  readonly production: boolean;
  /** Uploaded files, and the embedded database unless databaseUrl is set. */
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  /** The static export served at /. */
  readonly outDir: string;
  readonly recaptchaSecret: string;
  readonly recaptchaVerifyUrl: string;
  readonly trustProxy: TrustProxy;
  /**
   * The site's public origin (NEXT_PUBLIC_SITE_URL): API requests from a page of it are same-site;
   * also the team area's WebAuthn origin, whose host name is the relying party ID.
   */
  readonly siteOrigin: string;
  /**
   * The origins whose pages may send state-changing requests (src/server/origin.ts): siteOrigin
   * first, then those listed in ALLOWED_ORIGINS. Never one derived from a request.
   */
  readonly allowedOrigins: readonly string[];
  /** Origin of the page-view tracker, allowed by the Content-Security-Policy when set. */
  readonly analyticsOrigin: string | null;
  readonly requestTimeoutMs: number;
  /** Requests per client address per minute on each API endpoint. */
  readonly rateLimitPerMinute: number;
  /** The same for grantee finance, kept low against guessing security IDs. */
  readonly financeRateLimitPerMinute: number;
  readonly logLevel: string;
  /** Shared rate-limit counters for several servers; null counts in this process's memory. */
  readonly redisUrl: string | null;
  /** /metrics on its own listener at metricsHost:metricsPort (and not on the main port); null serves it on the main port to loopback only. */
  readonly metricsPort: number | null;
  readonly metricsHost: string;
  /** Team sign-in and enrolment attempts per client address per minute (TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE). */
  readonly teamSignInRateLimitPerMinute: number;
  /** Applicant portal link requests and sign-ins per client address per minute (APPLICANT_LINK_RATE_LIMIT_PER_MINUTE). */
  readonly applicantLinkRateLimitPerMinute: number;
  /**
   * FINANCE_ENCRYPTION_KEY: the key payment details are encrypted under (src/server/finance).
   * null outside production when unset: a key generated into DATA_DIR/finance.key is used instead.
   */
  readonly financeKey: FinanceKey | null;
  /** FINANCE_ENCRYPTION_OLD_KEYS: former keys, kept only to read (and re-encrypt) older rows. */
  readonly financeOldKeys: readonly FinanceKey[];
  /**
   * The rubrics, blind review and decision reasons: REVIEW_CONFIG's file, else the defaults of src/config/review.ts.
   * Only the seed of rounds without a review set-up (src/server/rounds/reviewSetup.ts): each round holds its own.
   */
  readonly review: ReviewConfig;
  /** REVIEW_CONFIG as set (the file's path), or null: a start says once that the set-up is now edited per round. */
  readonly reviewConfigFile?: string | null;
  /**
   * BLOCK_EXPLORER_TX_URLS: per network, a block explorer's transaction page without the hash; the public list of
   * funded grants (src/server/openBooks) links each on-chain payment to it. A network without one shows the hash unlinked.
   */
  readonly blockExplorers: BlockExplorers;
};

/** The networks on-chain payments are made on: Ethereum (eth, dai) and a layer 2 (eth_l2, dai_l2). */
export const EXPLORER_NETWORKS = ['ethereum', 'l2'] as const;
export type ExplorerNetwork = (typeof EXPLORER_NETWORKS)[number];
/** A transaction page per network, the hash appended to it (e.g. `https://etherscan.io/tx/`). */
export type BlockExplorers = Readonly<Partial<Record<ExplorerNetwork, string>>>;

/** An AES-256 key with the id stored beside every ciphertext it sealed. */
export type FinanceKey = { readonly id: string; readonly key: Buffer };

export class ConfigError extends Error {}

export type Env = Readonly<Record<string, string | undefined>>;

/** A whole number above zero from the environment, or the fallback when unset; anything else stops the start. */
export function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive whole number, got '${raw}'.`);
  return value;
}

/** The value is not echoed: it may hold a password. */
function redisUrlOf(raw: string | undefined): string | null {
  if (!raw) return null;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'redis:' && protocol !== 'rediss:') throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL.');
  return raw;
}

function portNumber(env: Env, name: string): number | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new ConfigError(`${name} must be a port number, got '${raw}'.`);
  return value;
}

/** TRUST_PROXY: empty/false = no proxy; true; a hop count; or a comma-separated list of addresses/CIDRs. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim()).filter(Boolean);
}

function originOf(raw: string | undefined, name: string): string | null {
  if (!raw) return null;
  try {
    return new URL(raw).origin;
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got '${raw}'.`);
  }
}

const FINANCE_KEY_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** 32 bytes in standard base64 (what `crypto.randomBytes(32).toString('base64')` prints). */
const BASE64_32_BYTES = /^[A-Za-z0-9+/]{43}=$/;

const EXPLORERS_FORMAT = "BLOCK_EXPLORER_TX_URLS must be 'network=url' pairs separated by commas, the networks 'ethereum' and 'l2', each URL an https:// transaction page without the hash, e.g. 'ethereum=https://etherscan.io/tx/,l2=https://optimistic.etherscan.io/tx/'";

/**
 * BLOCK_EXPLORER_TX_URLS, e.g. `ethereum=https://etherscan.io/tx/,l2=https://optimistic.etherscan.io/tx/`. Unset or
 * without `ethereum`, Ethereum takes NEXT_PUBLIC_BLOCK_EXPLORER_TX_URL (the grantee's own page's link) when that is set.
 */
export function parseBlockExplorers(raw: string | undefined, fallbackEthereum: string | undefined): BlockExplorers {
  const explorers: Partial<Record<ExplorerNetwork, string>> = {};
  const entries = (raw ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) {
    const separator = entry.indexOf('=');
    const network = entry.slice(0, separator).trim();
    const url = entry.slice(separator + 1).trim();
    if (separator < 0 || !(EXPLORER_NETWORKS as readonly string[]).includes(network)) throw new ConfigError(`${EXPLORERS_FORMAT}; got '${entry}'.`);
    if (!URL.canParse(url) || new URL(url).protocol !== 'https:') throw new ConfigError(`${EXPLORERS_FORMAT}; '${url}' is not an https:// URL.`);
    if (explorers[network as ExplorerNetwork] !== undefined) throw new ConfigError(`BLOCK_EXPLORER_TX_URLS names the network '${network}' twice.`);
    explorers[network as ExplorerNetwork] = url;
  }
  const fallback = fallbackEthereum?.trim() ?? '';
  if (explorers.ethereum === undefined && fallback !== '') {
    if (!URL.canParse(fallback) || !['https:', 'http:'].includes(new URL(fallback).protocol)) throw new ConfigError(`NEXT_PUBLIC_BLOCK_EXPLORER_TX_URL must be an absolute URL, got '${fallback}'.`);
    explorers.ethereum = fallback;
  }
  return explorers;
}

/** `kid:base64key`. The messages never repeat the key itself. */
export function parseFinanceKey(raw: string, name: string): FinanceKey {
  const value = raw.trim();
  const separator = value.indexOf(':');
  const id = separator < 0 ? '' : value.slice(0, separator);
  const encoded = separator < 0 ? value : value.slice(separator + 1);
  if (!FINANCE_KEY_ID.test(id)) {
    throw new ConfigError(`${name} must be 'key-id:base64-key' (the id: letters, digits, '.', '_' or '-', up to 64), e.g. '2026-11:' followed by 32 random bytes in base64.`);
  }
  if (!BASE64_32_BYTES.test(encoded)) throw new ConfigError(`${name}: the key with id '${id}' is not 32 bytes in base64 (44 characters ending in '=').`);
  return { id, key: Buffer.from(encoded, 'base64') };
}

function financeKeysOf(env: Env, production: boolean): { financeKey: FinanceKey | null; financeOldKeys: FinanceKey[] } {
  const currentRaw = env.FINANCE_ENCRYPTION_KEY ?? '';
  if (production && currentRaw.trim() === '') {
    throw new ConfigError('FINANCE_ENCRYPTION_KEY is required when NODE_ENV=production: payment details are stored encrypted under it.');
  }
  const financeKey = currentRaw.trim() === '' ? null : parseFinanceKey(currentRaw, 'FINANCE_ENCRYPTION_KEY');
  const financeOldKeys = (env.FINANCE_ENCRYPTION_OLD_KEYS ?? '')
    .split(',')
    .filter((entry) => entry.trim() !== '')
    .map((entry) => parseFinanceKey(entry, 'FINANCE_ENCRYPTION_OLD_KEYS'));
  const seen = new Map<string, Buffer>();
  for (const { id, key } of [...(financeKey ? [financeKey] : []), ...financeOldKeys]) {
    const earlier = seen.get(id);
    if (earlier && !earlier.equals(key)) throw new ConfigError(`Two different finance keys have the id '${id}': each key needs its own id.`);
    seen.set(id, key);
  }
  return { financeKey, financeOldKeys };
}

/** REVIEW_CONFIG: the path of a JSON file replacing the review defaults; one that does not parse stops the start. */
function reviewConfigOf(env: Env, projectDir: string): ReviewConfig {
  const raw = env.REVIEW_CONFIG?.trim();
  if (!raw) return DEFAULT_REVIEW_CONFIG;
  const file = path.resolve(projectDir, raw);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`REVIEW_CONFIG: cannot read the file '${file}'.`);
  }
  try {
    return parseReviewConfigText(text);
  } catch (error) {
    if (error instanceof ReviewConfigError) throw new ConfigError(`REVIEW_CONFIG (${file}): ${error.message}`);
    throw error;
  }
}

export function loadConfig(env: Env = process.env, projectDir: string = process.cwd()): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const secret = env.RECAPTCHA_SECRET_KEY ?? '';
  if (production && secret === '') {
    throw new ConfigError('RECAPTCHA_SECRET_KEY is required when NODE_ENV=production: captcha tokens cannot be verified without it.');
  }
  const verifyUrl = env.RECAPTCHA_VERIFY_URL || GOOGLE_SITEVERIFY_URL;
  originOf(verifyUrl, 'RECAPTCHA_VERIFY_URL');
  const port = portNumber(env, 'PORT') ?? 3000;
  const host = env.HOST || '127.0.0.1';
  const siteOrigin = originOf(env.NEXT_PUBLIC_SITE_URL || site.url, 'NEXT_PUBLIC_SITE_URL')!;
  const extraOrigins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => originOf(entry, 'ALLOWED_ORIGINS')!);
  return {
    host,
    port,
    production,
    dataDir: path.resolve(projectDir, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || null,
    outDir: path.resolve(projectDir, env.OUT_DIR || 'out'),
    recaptchaSecret: secret || RECAPTCHA_TEST_SECRET,
    recaptchaVerifyUrl: verifyUrl,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    siteOrigin,
    allowedOrigins: [...new Set([siteOrigin, ...extraOrigins])],
    analyticsOrigin: originOf(env.NEXT_PUBLIC_ANALYTICS_URL, 'NEXT_PUBLIC_ANALYTICS_URL'),
    requestTimeoutMs: positiveInteger(env, 'REQUEST_TIMEOUT_MS', 30_000),
    rateLimitPerMinute: positiveInteger(env, 'RATE_LIMIT_PER_MINUTE', 60),
    financeRateLimitPerMinute: positiveInteger(env, 'FINANCE_RATE_LIMIT_PER_MINUTE', 5),
    logLevel: env.LOG_LEVEL || 'info',
    redisUrl: redisUrlOf(env.REDIS_URL),
    metricsPort: portNumber(env, 'METRICS_PORT'),
    metricsHost: env.METRICS_HOST || host,
    teamSignInRateLimitPerMinute: positiveInteger(env, 'TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE', 10),
    applicantLinkRateLimitPerMinute: positiveInteger(env, 'APPLICANT_LINK_RATE_LIMIT_PER_MINUTE', 10),
    ...financeKeysOf(env, production),
    review: reviewConfigOf(env, projectDir),
    reviewConfigFile: env.REVIEW_CONFIG?.trim() ? path.resolve(projectDir, env.REVIEW_CONFIG.trim()) : null,
    blockExplorers: parseBlockExplorers(env.BLOCK_EXPLORER_TX_URLS, env.NEXT_PUBLIC_BLOCK_EXPLORER_TX_URL),
  };
}
