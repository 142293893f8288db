import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets handed to a browser (session cookies, enrolment links): 256 random bits, base64url.
 * The database keeps only their SHA-256, so a leaked copy of it opens nothing.
 */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** What a token from a cookie, link or body must look like before it is hashed and looked up. */
export const looksLikeToken = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
