import type { SniffedType } from './fileType';
import { sha256Hex, type StoredFile } from './storage/files';

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

/** An accepted upload as it is stored (src/server/storage/files.ts): the bytes, their sniffed type, the cleaned name and hash. */
export function describeUpload(bytes: Buffer, type: SniffedType, originalName: string): StoredFile {
  return { bytes, mediaType: type.mediaType, originalName: sanitiseFileName(originalName), size: bytes.length, sha256: sha256Hex(bytes) };
}
