import type { FieldDefinition, FormDefinition, WirePayload } from '../../forms/definitions/types';

/**
 * What every export of a form shares, applications and payment details alike: one column per
 * answered field, headed by its label, holding the value as the applicant sent it.
 */

export type ExportTable = { readonly headers: readonly string[]; readonly rows: ReadonlyArray<readonly string[]> };

/**
 * Which applications: received at or after `since`, before `before`, whose answers match `search`; null = no limit.
 * `reviewOnly`: a review filter is on (status, reviewer, scores), which records without a review never match.
 */
export type ExportFilter = { readonly since: Date | null; readonly before?: Date | null; readonly search?: string | null; readonly reviewOnly?: boolean };

/** Fields the applicant answers: not the captcha token, not the upload (own columns), not a field never stored (the security ID). */
export function answerFields(definition: FormDefinition): FieldDefinition[] {
  return definition.fields.filter((field) => field.kind !== 'captcha' && field.kind !== 'file' && !field.neverStored);
}

/** Labels as headers; a label used twice in one form gets its field name added, so columns stay apart. */
export function fieldHeaders(fields: readonly FieldDefinition[]): string[] {
  const seen = new Map<string, number>();
  for (const field of fields) seen.set(field.label, (seen.get(field.label) ?? 0) + 1);
  return fields.map((field) => ((seen.get(field.label) ?? 0) > 1 ? `${field.label} (${field.name})` : field.label));
}

/** The answers of a payload, one per field, in the fields' order ('' where unanswered). */
export const answerCells = (fields: readonly FieldDefinition[], payload: WirePayload): string[] =>
  fields.map((field) => {
    const value = payload[field.name];
    return value === undefined ? '' : String(value);
  });
