/**
 * The type of an uploaded proposal, from its first bytes, never from its name or the browser's
 * claim. Accepts the documents a proposal plausibly is: PDF, images (PNG, JPEG, GIF, WebP),
 * office documents (OOXML and OpenDocument, both ZIP containers), and UTF-8 plain text / Markdown.
 */

export type SniffedType = { readonly mediaType: string; readonly extension: string };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** The ZIP's first entry name, which tells an office document from any other archive. */
function zipOfficeType(bytes: Uint8Array): SniffedType | null {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || bytes.length < 30) return null;
  const nameLength = bytes[26]! | (bytes[27]! << 8);
  const extraLength = bytes[28]! | (bytes[29]! << 8);
  const name = Buffer.from(bytes.subarray(30, 30 + nameLength)).toString('latin1');
  if (name === 'mimetype') {
    // OpenDocument: the stored 'mimetype' entry comes first, uncompressed.
    const start = 30 + nameLength + extraLength;
    const mediaType = Buffer.from(bytes.subarray(start, start + 80)).toString('latin1').match(/^application\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation)/);
    if (!mediaType) return null;
    const extension = { text: 'odt', spreadsheet: 'ods', presentation: 'odp' }[mediaType[1] as 'text' | 'spreadsheet' | 'presentation'];
    return { mediaType: mediaType[0], extension };
  }
  // OOXML: the archive holds [Content_Types].xml and a word/, xl/ or ppt/ folder; look for them by name.
  const text = Buffer.from(bytes).toString('latin1');
  if (!text.includes('[Content_Types].xml')) return null;
  if (text.includes('word/')) return { mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' };
  if (text.includes('xl/')) return { mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' };
  if (text.includes('ppt/')) return { mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extension: 'pptx' };
  return null;
}

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

export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return { mediaType: 'application/pdf', extension: 'pdf' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mediaType: 'image/png', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mediaType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { mediaType: 'image/gif', extension: 'gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { mediaType: 'image/webp', extension: 'webp' };
  const office = zipOfficeType(bytes);
  if (office) return office;
  if (isPlainText(bytes)) return { mediaType: 'text/plain; charset=utf-8', extension: 'txt' };
  return null;
}

export const ACCEPTED_FILE_TYPES_MESSAGE = 'File type must be PDF, PNG, JPEG, GIF, WebP, an office document (docx, xlsx, pptx, odt, ods, odp) or plain text.';
