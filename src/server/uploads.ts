import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SniffedType } from './fileType';

/** Uploaded proposals live in DATA_DIR/uploads under generated names; nothing the client sent names a file. */
export const uploadsDir = (dataDir: string): string => path.join(dataDir, 'uploads');

export type StoredUpload = {
  readonly storedName: string;
  readonly originalName: string;
  readonly mediaType: string;
  readonly size: number;
  readonly sha256: string;
};

/**
 * The client's file name as metadata only: its last path segment, without control or bidi
 * characters, NFC, at most 255 characters. Never used to name anything on disk.
 */
export function sanitiseFileName(name: string): string {
  const lastSegment = name.split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  return [...cleaned].slice(0, 255).join('') || 'unnamed';
}

async function fsyncPath(target: string, flags: string): Promise<void> {
  const handle = await fs.open(target, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes the file and fsyncs it and its folder, so that it is on disk before its row commits. */
export async function writeUpload(dataDir: string, bytes: Buffer, type: SniffedType, originalName: string): Promise<StoredUpload & { readonly path: string }> {
  const dir = uploadsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const storedName = `${randomUUID()}.${type.extension}`;
  const target = path.join(dir, storedName);
  const handle = await fs.open(target, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fsyncPath(dir, 'r');
  return {
    path: target,
    storedName,
    originalName: sanitiseFileName(originalName),
    mediaType: type.mediaType,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
