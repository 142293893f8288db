import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database, Queryable } from './storage/database';

/**
 * Grantee security IDs: random key phrases handed out by the programme team (`npm run grantees`),
 * stored only as SHA-256 hashes (an ID carries 90 random bits, so a fast hash is enough) and
 * compared in constant time.
 */

/** Crockford's base32: no I, L, O or U, so an ID read aloud or retyped survives. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The finance form's cap on granteeSecurityID. */
export const SECURITY_ID_LENGTH = 18;

export function generateSecurityId(): string {
  let id = '';
  for (let index = 0; index < SECURITY_ID_LENGTH; index += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

export function hashSecurityId(id: string): Buffer {
  return createHash('sha256').update(id, 'utf8').digest();
}

export type GranteeRow = { id: string; label: string; created_at: Date; revoked_at: Date | null };

/**
 * A new grantee with a fresh security ID, returned once (only its hash is stored). The CLI's grantees
 * stand alone; the team area's are issued from an application (`origin`), in its transaction.
 */
export async function addGrantee(
  db: Queryable,
  label: string,
  origin: { readonly submissionId: string; readonly issuedBy: string } | null = null,
): Promise<{ grantee: GranteeRow; securityId: string }> {
  const securityId = generateSecurityId();
  const idHash = hashSecurityId(securityId).toString('hex');
  const returning = 'RETURNING id::text AS id, label, created_at, revoked_at';
  const [grantee] = origin
    ? await db.query<GranteeRow>(`INSERT INTO grantees (label, id_hash, submission_id, issued_by) VALUES ($1, $2, $3, $4) ${returning}`, [label, idHash, origin.submissionId, origin.issuedBy])
    : await db.query<GranteeRow>(`INSERT INTO grantees (label, id_hash) VALUES ($1, $2) ${returning}`, [label, idHash]);
  if (!grantee) throw new Error('INSERT … RETURNING gave no row');
  return { grantee, securityId };
}

export function listGrantees(database: Database): Promise<GranteeRow[]> {
  return database.query<GranteeRow>('SELECT id::text AS id, label, created_at, revoked_at FROM grantees ORDER BY id');
}

/** Revokes by row id; true when an active grantee was revoked. */
export async function revokeGrantee(database: Database, id: string): Promise<boolean> {
  const rows = await database.query<{ id: string }>('UPDATE grantees SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id::text AS id', [id]);
  return rows.length > 0;
}

/**
 * The active grantee this ID belongs to, or null. Every active hash is compared, with no early
 * exit, so the time taken says nothing about how close a guess came.
 */
export async function findGranteeBySecurityId(tx: Queryable, securityId: string): Promise<string | null> {
  const candidate = hashSecurityId(securityId);
  const rows = await tx.query<{ id: string; id_hash: string }>('SELECT id::text AS id, id_hash FROM grantees WHERE revoked_at IS NULL');
  let match: string | null = null;
  for (const row of rows) {
    const stored = Buffer.from(row.id_hash, 'hex');
    if (stored.length === candidate.length && timingSafeEqual(stored, candidate)) match = row.id;
  }
  return match;
}
