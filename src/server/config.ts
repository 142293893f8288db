import path from 'node:path';

/**
 * The server's settings, all from the environment (README "Configuration", .env.example).
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
  /** Origin of the page-view tracker, allowed by the Content-Security-Policy when set. */
  readonly analyticsOrigin: string | null;
  readonly requestTimeoutMs: number;
  /** Requests per client address per minute on each API endpoint. */
  readonly rateLimitPerMinute: number;
  /** The same for grantee finance, kept low against guessing security IDs. */
  readonly financeRateLimitPerMinute: number;
  readonly logLevel: string;
  /**
   * NEXT_PUBLIC_SITE_URL's origin (default http://localhost:3000): the only Origin the team API
   * accepts, and the WebAuthn origin whose host is the relying party ID.
   */
  readonly siteOrigin: string;
  /** Team sign-in and enrolment attempts per client address per minute (TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE). */
  readonly teamSignInRateLimitPerMinute: number;
};

export class ConfigError extends Error {}

type Env = Readonly<Record<string, string | undefined>>;

function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive whole number, got '${raw}'.`);
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

export function loadConfig(env: Env = process.env, projectDir: string = process.cwd()): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const secret = env.RECAPTCHA_SECRET_KEY ?? '';
  if (production && secret === '') {
    throw new ConfigError('RECAPTCHA_SECRET_KEY is required when NODE_ENV=production: captcha tokens cannot be verified without it.');
  }
  const verifyUrl = env.RECAPTCHA_VERIFY_URL || GOOGLE_SITEVERIFY_URL;
  originOf(verifyUrl, 'RECAPTCHA_VERIFY_URL');
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got '${env.PORT}'.`);
  return {
    host: env.HOST || '127.0.0.1',
    port,
    production,
    dataDir: path.resolve(projectDir, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || null,
    outDir: path.resolve(projectDir, env.OUT_DIR || 'out'),
    recaptchaSecret: secret || RECAPTCHA_TEST_SECRET,
    recaptchaVerifyUrl: verifyUrl,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    analyticsOrigin: originOf(env.NEXT_PUBLIC_ANALYTICS_URL, 'NEXT_PUBLIC_ANALYTICS_URL'),
    requestTimeoutMs: positiveInteger(env, 'REQUEST_TIMEOUT_MS', 30_000),
    rateLimitPerMinute: positiveInteger(env, 'RATE_LIMIT_PER_MINUTE', 60),
    financeRateLimitPerMinute: positiveInteger(env, 'FINANCE_RATE_LIMIT_PER_MINUTE', 5),
    logLevel: env.LOG_LEVEL || 'info',
    siteOrigin: originOf(env.NEXT_PUBLIC_SITE_URL, 'NEXT_PUBLIC_SITE_URL') ?? 'http://localhost:3000',
    teamSignInRateLimitPerMinute: positiveInteger(env, 'TEAM_SIGNIN_RATE_LIMIT_PER_MINUTE', 10),
  };
}
