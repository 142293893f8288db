import type { AuditAction } from '../../lib/team';
import type { Queryable } from '../storage/database';

/**
 * The team's audit log (migration 6): who did what, to what, when. Append-only: the database
 * refuses UPDATE, DELETE and TRUNCATE on the table, and nothing here tries.
 */

/** The actor of the CLI: whoever has a shell on the server. */
export const CLI_ACTOR = 'cli';
/** The actor of the daily retention sweep (src/server/dataRights/retention.ts). */
export const RETENTION_ACTOR = 'retention';

/** Appends an entry; answers its id (an erasure's kept payments point to their tombstone). */
export async function recordAudit(db: Queryable, entry: { actor: string; action: AuditAction; target?: string }): Promise<string> {
  const [row] = await db.query<{ id: string }>('INSERT INTO team_audit_log (actor, action, target) VALUES ($1, $2, $3) RETURNING id::text AS id', [entry.actor, entry.action, entry.target ?? '']);
  return row!.id;
}

export const AUDIT_PAGE_SIZE = 50;

export type AuditPage = { items: Array<{ at: string; actor: string; action: string; target: string }>; total: number; page: number; pageSize: number };

/** Newest first. */
export async function readAudit(db: Queryable, page: number): Promise<AuditPage> {
  const rows = await db.query<{ at: Date; actor: string; action: string; target: string; total: number }>(
    `SELECT at, actor, action, target, count(*) OVER ()::int AS total FROM team_audit_log ORDER BY id DESC LIMIT $1 OFFSET $2`,
    [AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE],
  );
  const total = rows[0]?.total ?? (page > 1 ? (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM team_audit_log'))[0]!.n : 0);
  return {
    items: rows.map((row) => ({ at: new Date(row.at).toISOString(), actor: row.actor, action: row.action, target: row.target })),
    total,
    page,
    pageSize: AUDIT_PAGE_SIZE,
  };
}
