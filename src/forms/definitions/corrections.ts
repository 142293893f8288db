import type { FieldDefinition, FormDefinition } from './types';

/**
 * Which answers of an application the team may open for correction ("Pedir información", issue 52),
 * one rule for the team's field chooser, the server's check of the request and of the correction:
 * every answer the applicant typed or chose, except
 * - the file (the answer to the question already takes a new file: a correction does not replace the proposal's file),
 * - the captcha (never stored),
 * - `email`: the address the portal signs the applicant in with and the application's owner (src/server/applicant/service.ts),
 * - a value that is never stored (neverStored).
 */
export const UNCORRECTABLE_FIELDS: readonly string[] = ['email'];

export function isCorrectable(field: FieldDefinition): boolean {
  return field.kind !== 'file' && field.kind !== 'captcha' && !field.neverStored && !UNCORRECTABLE_FIELDS.includes(field.name);
}

/** The fields a request may open, in the form's order ("toda la solicitud" opens all of them). */
export function correctableFields(definition: Pick<FormDefinition, 'fields'>): FieldDefinition[] {
  return definition.fields.filter(isCorrectable);
}
