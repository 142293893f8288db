import type { WirePayload } from '../../forms/definitions/types';
import type { Queryable } from './database';
import { insertSubmissionFile, type StoredFile } from './files';

/** A submission's row and its file (when it has one), written in the caller's transaction. */
/** `roundId`: the round the server chose (src/server/rounds/accept.ts); null only for payment details, which belong to none. */
/** `previousId`: the rejected or withdrawn submission this one was sent again from (migration 24), checked by the caller. */
export async function insertSubmission(
  tx: Queryable,
  row: { form: string; endpoint: string; payload: WirePayload; upload: StoredFile | null; roundId: string | null; previousId?: string | null },
): Promise<string> {
  const [inserted] = await tx.query<{ id: string }>(
    `INSERT INTO submissions (form, endpoint, payload, file_original_name, file_media_type, file_size, file_sha256, round_id, previous_submission_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::text AS id`,
    [row.form, row.endpoint, JSON.stringify(row.payload), row.upload?.originalName ?? null, row.upload?.mediaType ?? null, row.upload?.size ?? null, row.upload?.sha256 ?? null, row.roundId, row.previousId ?? null],
  );
  if (!inserted) throw new Error('INSERT … RETURNING gave no row');
  if (row.upload) await insertSubmissionFile(tx, inserted.id, row.upload.bytes);
  return inserted.id;
}
