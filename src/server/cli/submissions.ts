/**
 * `npm run submissions -- [form] [--limit N]`: the stored applications, newest first, one JSON
 * object per line (payload, and the proposal's name, type, size, hash and the command that writes it).
 * Same DATA_DIR / DATABASE_URL as the server; works while it runs (openDatabase goes through its socket).
 */
import type { WirePayload } from '../../forms/definitions/types';
import { loadConfig } from '../config';
import { fetchFileCommand } from '../export/applications';
import { openDatabase } from '../storage/database';

type SubmissionRow = {
  id: string;
  form: string;
  endpoint: string;
  created_at: Date;
  payload: WirePayload;
  file_original_name: string | null;
  file_media_type: string | null;
  file_size: number | null;
  file_sha256: string | null;
};

export async function listSubmissions(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const limitAt = args.indexOf('--limit');
  const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : 20;
  if (!Number.isInteger(limit) || limit <= 0) throw new Error('usage: npm run submissions -- [form] [--limit N]');
  const form = args.find((arg, index) => !arg.startsWith('--') && index !== limitAt + 1) ?? null;
  const config = loadConfig(env);
  const database = await openDatabase(config);
  try {
    const rows = await database.query<SubmissionRow>(
      `SELECT id::text AS id, form, endpoint, created_at, payload, file_original_name, file_media_type, file_size, file_sha256
       FROM submissions WHERE $1::text IS NULL OR form = $1 ORDER BY id DESC LIMIT $2`,
      [form, limit],
    );
    return rows.map((row) =>
      JSON.stringify({
        id: row.id,
        form: row.form,
        endpoint: row.endpoint,
        createdAt: new Date(row.created_at).toISOString(),
        payload: row.payload,
        file: row.file_sha256
          ? { fetch: fetchFileCommand(row.id), originalName: row.file_original_name, mediaType: row.file_media_type, size: row.file_size, sha256: row.file_sha256 }
          : null,
      }),
    );
  } finally {
    await database.close();
  }
}
