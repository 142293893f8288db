import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from './queryable';

/**
 * Uploaded proposals live in the database (table submission_files, migration 3), written in the
 * same transaction as their submission: a file never exists without its row, and every server
 * on one PostgreSQL sees every file. The submissions row keeps the file's name, type, size and hash.
 */

export type StoredFile = {
  readonly bytes: Buffer;
  readonly mediaType: string;
  /** What the applicant called it (sanitised): metadata for the team, never a path. */
  readonly originalName: string;
  readonly size: number;
  /** Hex SHA-256 of the bytes, taken when they arrived. */
  readonly sha256: string;
};

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** PGlite returns bytea as a Uint8Array, node-postgres as a Buffer: one type for the callers. */
const asBuffer = (value: Uint8Array): Buffer => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength));

/** Stores a submission's file; call it inside the transaction that inserts the submission. */
export async function insertSubmissionFile(tx: Queryable, submissionId: string, bytes: Buffer): Promise<void> {
  await tx.query('INSERT INTO submission_files (submission_id, content) VALUES ($1, $2)', [submissionId, bytes]);
}

/** A submission's uploaded file, or null when the submission does not exist or has no file. */
export async function readSubmissionFile(db: Queryable, submissionId: string): Promise<StoredFile | null> {
  // Ids are bigserial numbers; anything else names no submission (and must not reach a bigint cast).
  if (!/^\d{1,18}$/.test(submissionId)) return null;
  const [row] = await db.query<{ content: Uint8Array; media_type: string; original_name: string; size: number; sha256: string }>(
    `SELECT f.content, s.file_media_type AS media_type, s.file_original_name AS original_name, s.file_size AS size, s.file_sha256 AS sha256
     FROM submission_files f JOIN submissions s ON s.id = f.submission_id WHERE f.submission_id = $1`,
    [submissionId],
  );
  if (!row) return null;
  return { bytes: asBuffer(row.content), mediaType: row.media_type, originalName: row.original_name, size: row.size, sha256: row.sha256 };
}

/** Where versions before files moved into the database kept uploads; only read now, to move them in. */
export const legacyUploadsDir = (dataDir: string): string => path.join(dataDir, 'uploads');

export type LegacyUploadsReport = {
  /** Files copied into the database now. */
  readonly moved: number;
  /** Files left in DATA_DIR/uploads: no submission names them (an upload whose row never committed) or their bytes do not match the stored hash. */
  readonly leftInPlace: readonly string[];
};

/**
 * Moves files from DATA_DIR/uploads into the database. Idempotent and safe to interrupt: a file is
 * deleted only once its bytes are committed, a file already in the database is just deleted, and
 * concurrent movers (servers sharing a PostgreSQL) insert each file once. Files of other servers'
 * disks are moved when those servers start.
 */
export async function moveLegacyUploads(db: Queryable, dataDir: string): Promise<LegacyUploadsReport> {
  const dir = legacyUploadsDir(dataDir);
  let names: string[];
  try {
    names = (await fs.readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { moved: 0, leftInPlace: [] };
    throw error;
  }
  if (names.length === 0) return { moved: 0, leftInPlace: [] };
  const rows = await db.query<{ id: string; stored_name: string; sha256: string | null; in_database: boolean }>(
    `SELECT s.id::text AS id, s.file_stored_name AS stored_name, s.file_sha256 AS sha256,
       EXISTS (SELECT 1 FROM submission_files f WHERE f.submission_id = s.id) AS in_database
     FROM submissions s WHERE s.file_stored_name = ANY($1::text[])`,
    [names],
  );
  const byName = new Map(rows.map((row) => [row.stored_name, row]));
  let moved = 0;
  const leftInPlace: string[] = [];
  for (const name of names) {
    const row = byName.get(name);
    const filePath = path.join(dir, name);
    if (!row) {
      leftInPlace.push(name);
      continue;
    }
    if (!row.in_database) {
      const bytes = await fs.readFile(filePath);
      if (sha256Hex(bytes) !== row.sha256) {
        leftInPlace.push(name);
        continue;
      }
      const inserted = await db.query('INSERT INTO submission_files (submission_id, content) VALUES ($1, $2) ON CONFLICT (submission_id) DO NOTHING RETURNING submission_id', [row.id, bytes]);
      moved += inserted.length;
    }
    await fs.rm(filePath, { force: true });
  }
  if (leftInPlace.length === 0) await fs.rmdir(dir).catch(() => undefined);
  return { moved, leftInPlace };
}
