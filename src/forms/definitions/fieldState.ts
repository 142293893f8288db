import type { FieldDefinition, FormValues } from './types';

/** The value of a field, '' when absent. */
export function valueOf(values: FormValues, name: string): string {
  return values[name] ?? '';
}

export function isVisible(field: FieldDefinition, values: FormValues): boolean {
  return field.visibleWhen ? field.visibleWhen(values) : true;
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
