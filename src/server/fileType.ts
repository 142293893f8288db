import { fileTypeFromBuffer } from 'file-type';

/**
 * The type of an uploaded proposal, from its bytes, never from its name or the browser's claim.
 * Accepts the documents a proposal plausibly is: PDF, images (PNG, JPEG, GIF, WebP), office
 * documents (OOXML and OpenDocument) and UTF-8 plain text (Markdown included). Binary formats are
 * recognised by file-type; text, which has no signature, is text when it decodes as UTF-8 without
 * control characters.
 */

export type SniffedType = { readonly mediaType: string; readonly extension: string };

/** Every accepted type, by media type: its extension is what an exported copy is named with. */
export const ACCEPTED_TYPES: readonly SniffedType[] = [
  { mediaType: 'application/pdf', extension: 'pdf' },
  { mediaType: 'image/png', extension: 'png' },
  { mediaType: 'image/jpeg', extension: 'jpg' },
  { mediaType: 'image/gif', extension: 'gif' },
  { mediaType: 'image/webp', extension: 'webp' },
  { mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  { mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  { mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extension: 'pptx' },
  { mediaType: 'application/vnd.oasis.opendocument.text', extension: 'odt' },
  { mediaType: 'application/vnd.oasis.opendocument.spreadsheet', extension: 'ods' },
  { mediaType: 'application/vnd.oasis.opendocument.presentation', extension: 'odp' },
  { mediaType: 'text/plain; charset=utf-8', extension: 'txt' },
];

const TEXT = ACCEPTED_TYPES.find((type) => type.extension === 'txt')!;
const BINARY_BY_EXTENSION = new Map(ACCEPTED_TYPES.filter((type) => type !== TEXT).map((type) => [type.extension, type]));

/** UTF-8 text without NUL or other control characters than tab, line feed, carriage return, form feed. */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

export async function sniffFileType(bytes: Uint8Array): Promise<SniffedType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  const binary = detected && BINARY_BY_EXTENSION.get(detected.ext);
  if (binary) return binary;
  // file-type names some text formats too (XML, SVG): as text, they are accepted as text.
  return isPlainText(bytes) ? TEXT : null;
}

/** The extension of a stored file's (sniffed) media type; 'bin' for one this list no longer has. */
export function extensionOfMediaType(mediaType: string): string {
  return ACCEPTED_TYPES.find((type) => type.mediaType === mediaType)?.extension ?? 'bin';
}

export const ACCEPTED_FILE_TYPES_MESSAGE = 'File type must be PDF, PNG, JPEG, GIF, WebP, an office document (docx, xlsx, pptx, odt, ods, odp) or plain text.';
