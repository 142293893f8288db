import type { FieldDefinition, FormValues } from './types';

/** The value of a field, '' when absent. */
export function valueOf(values: FormValues, name: string): string {
  return values[name] ?? '';
}

export function isVisible(field: FieldDefinition, values: FormValues): boolean {
  return field.visibleWhen ? field.visibleWhen(values) : true;
}

/** Whether other answers can change if the field is required: it has a visibility rule or a required rule. */
export function requiredDependsOnAnswers(field: FieldDefinition): boolean {
  return field.visibleWhen !== undefined || typeof field.required === 'function';
}

/** Required counts only while the field is visible: a hidden field is never an error. */
export function isRequired(field: FieldDefinition, values: FormValues): boolean {
  if (!isVisible(field, values)) return false;
  return typeof field.required === 'function' ? field.required(values) : field.required;
}

/** The wire type of a field; file fields travel as a file part, never as a value. */
export function wireType(field: FieldDefinition): 'string' | 'boolean' {
  return field.wire?.type ?? 'string';
}

/** Fields that are part of FormValues and of the payload: all but the file. */
export function isValueField(field: FieldDefinition): boolean {
  return field.kind !== 'file';
}

/**
 * The values after the applicant sets `name` to `value`: when the value really changes, the
 * fields the changed one names in resetsOnChange go back to their defaults ('' unless given).
 */
export function valuesAfterChange(fields: readonly FieldDefinition[], values: FormValues, name: string, value: string): FormValues {
  const next: FormValues = { ...values, [name]: value };
  const changed = fields.find((field) => field.name === name);
  if (!changed?.resetsOnChange || valueOf(values, name) === value) return next;
  for (const resetName of changed.resetsOnChange) {
    const reset = fields.find((field) => field.name === resetName);
    if (reset) next[resetName] = reset.defaultValue ?? '';
  }
  return next;
}
