import type { FastifyRequest } from 'fastify';
import { RESPONSE_FILE_MAX_BYTES } from '../../../api/contracts/applicant';
import { DISALLOWED_TEXT_MESSAGE_ES, isAllowedText } from '../../../forms/definitions/validate';
import { sniffFileType } from '../../fileType';
import { describeUpload } from '../../uploads';
import type { StoredFile } from '../../storage/files';
import { APPLICANT_MESSAGES } from './shared';

/** A multipart body refused, with the status and the Spanish message to answer. */
export class PartsRefused extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export type TextAndFile<Field extends string> = { readonly fields: Partial<Record<Field, string>>; readonly file: { readonly name: string; readonly bytes: Buffer } | null };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The portal's multipart bodies (an answer to a question, a progress report), read as the forms read
 * theirs (src/server/formRoutes.ts): every part as bytes, the named text parts decoded strictly as
 * UTF-8 and held to the forms' rule of allowed text (isAllowedText): bytes that are not UTF-8 (a lone
 * surrogate's CESU-8 form among them) or a character no field may hold are refused with
 * DISALLOWED_TEXT_MESSAGE_ES, as the JSON routes' Text fields are, each at most once, and at most one
 * `file` of RESPONSE_FILE_MAX_BYTES.
 * Any other part is refused with `badForm`.
 */
export async function readTextAndFile<Field extends string>(
  request: FastifyRequest,
  options: { readonly fields: readonly Field[]; readonly textMaxBytes: number; readonly badForm: string },
): Promise<TextAndFile<Field>> {
  const fields: Partial<Record<Field, string>> = {};
  let file: TextAndFile<Field>['file'] = null;
  const isField = (name: string): name is Field => (options.fields as readonly string[]).includes(name);
  const parts = options.fields.length + 1;
  try {
    for await (const part of request.parts({ isPartAFile: () => true, limits: { fieldNameSize: 100, fileSize: Math.max(RESPONSE_FILE_MAX_BYTES, options.textMaxBytes), files: parts, parts } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && part.filename !== undefined && file === null) {
        if (bytes.length > RESPONSE_FILE_MAX_BYTES) throw new PartsRefused(413, APPLICANT_MESSAGES.fileTooLarge);
        // An empty file input: no file.
        if (bytes.length > 0 || part.filename !== '') file = { name: part.filename, bytes };
      } else if (isField(part.fieldname) && part.filename === undefined && fields[part.fieldname] === undefined) {
        let text: string;
        try {
          text = strictUtf8.decode(bytes);
        } catch {
          throw new PartsRefused(400, DISALLOWED_TEXT_MESSAGE_ES);
        }
        if (!isAllowedText(text)) throw new PartsRefused(400, DISALLOWED_TEXT_MESSAGE_ES);
        fields[part.fieldname] = text;
      } else {
        throw new PartsRefused(400, options.badForm);
      }
    }
  } catch (error) {
    if (error instanceof PartsRefused) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PartsRefused(413, APPLICANT_MESSAGES.fileTooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new PartsRefused(400, options.badForm);
    throw new PartsRefused(400, APPLICANT_MESSAGES.unreadable);
  }
  return { fields, file };
}

/** The file checked as the forms check theirs: its type from its bytes (refused otherwise), its name cleaned. */
export async function checkedUpload(file: TextAndFile<string>['file']): Promise<StoredFile | null> {
  if (!file) return null;
  const sniffed = await sniffFileType(file.bytes);
  if (!sniffed) throw new PartsRefused(400, APPLICANT_MESSAGES.badFileType);
  return describeUpload(file.bytes, sniffed, file.name);
}
