import { isValueField, isVisible, valueOf, wireType } from './fieldState';
import type { FieldDefinition, FormValues, WirePayload } from './types';

/**
 * Form values ⇄ request body, one implementation for every form. Each field's
 * WireRule says how it travels; this module applies the rules.
 */

const BOOLEAN_FROM_CHOICE: Readonly<Record<string, boolean>> = { Yes: true, No: false };

export function toPayload(fields: readonly FieldDefinition[], values: FormValues): WirePayload {
  const payload: WirePayload = {};
  for (const field of fields) {
    if (!isValueField(field)) continue;
    const visible = isVisible(field, values);
    if (!visible && !field.wire?.sendWhenHidden) continue;
    // A hidden field's stale value (typed before the applicant changed their mind) is never sent.
    const typed = visible ? valueOf(values, field.name) : '';
    const value = field.wire?.normalise ? field.wire.normalise(typed, values) : typed;
    if (wireType(field) === 'boolean') {
      const flag = BOOLEAN_FROM_CHOICE[value];
      // No choice cannot be a boolean: left out, so the server reports the field as required.
      if (flag !== undefined) payload[field.name] = flag;
    } else {
      payload[field.name] = value;
    }
  }
  return payload;
}

export function fromPayload(fields: readonly FieldDefinition[], payload: WirePayload): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (!isValueField(field)) continue;
    const wire = Object.hasOwn(payload, field.name) ? payload[field.name] : undefined;
    if (typeof wire === 'boolean') values[field.name] = wire ? 'Yes' : 'No';
    else if (typeof wire === 'string') values[field.name] = field.wire?.denormalise ? field.wire.denormalise(wire) : wire;
    else values[field.name] = '';
  }
  return values;
}

/**
 * Multipart text parts → the JSON-typed payload validatePayload expects. Booleans arrive as
 * 'true'/'false' (anything else is left as text, so validation reports a type error), and the
 * CRLF line breaks that multipart encoding puts into every value become '\n' again: that is the
 * value the browser counted against the caps.
 */
export function decodeMultipartFields(fields: readonly FieldDefinition[], parts: Readonly<Record<string, string>>): Record<string, unknown> {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const decoded: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(parts)) {
    const text = raw.replace(/\r\n/g, '\n');
    const field = byName.get(name);
    if (field && wireType(field) === 'boolean' && (text === 'true' || text === 'false')) decoded[name] = text === 'true';
    else decoded[name] = text;
  }
  return decoded;
}

/** The payload as multipart text parts, in the form decodeMultipartFields reads. */
export function payloadToFormEntries(payload: WirePayload): Array<[name: string, value: string]> {
  return Object.entries(payload).map(([name, value]) => [name, String(value)]);
}
