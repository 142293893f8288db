import type { Queryable } from '../storage/database';
import { hashToken, newSecretToken } from '../team/tokens';

/**
 * The applicant's sign-in links: a 256-bit token emailed once, valid LINK_VALID_MINUTES, used at most
 * once; the table keeps only its SHA-256 and the address, lower-cased. An address gets at most
 * LINKS_PER_ADDRESS links per LINK_WINDOW_MINUTES, silently: the answer to the request never says so.
 * The clock is the database's.
 */
import { LINK_VALID_MINUTES, LINK_WINDOW_MINUTES, LINKS_PER_ADDRESS } from '../../lib/applicantLinks';

/** A new link's token for the address, or null when the address has had its links for now. */
export async function issueLink(tx: Queryable, email: string): Promise<string | null> {
  // Links long past their use are useless; removing them here keeps the table small.
  await tx.query("DELETE FROM applicant_links WHERE expires_at < now() - interval '1 day'");
  const [recent] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM applicant_links WHERE email = $1 AND created_at > now() - interval '${LINK_WINDOW_MINUTES} minutes'`, [email]);
  if ((recent?.n ?? 0) >= LINKS_PER_ADDRESS) return null;
  const token = newSecretToken();
  await tx.query(`INSERT INTO applicant_links (token_hash, email, expires_at) VALUES ($1, $2, now() + interval '${LINK_VALID_MINUTES} minutes')`, [hashToken(token), email]);
  return token;
}

/** Uses the link up: its address, or null when it is unknown, used or expired. */
export async function consumeLink(tx: Queryable, token: string): Promise<string | null> {
  const [row] = await tx.query<{ email: string }>('UPDATE applicant_links SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING email', [
    hashToken(token),
  ]);
  return row?.email ?? null;
}
