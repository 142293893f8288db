import { isRequired, isValueField, isVisible, valueOf, wireType } from './fieldState';
import type { FieldDefinition, FieldErrors, FormDefinition, FormSection, FormValues, UploadInfo, WirePayload } from './types';

/**
 * The rules, one implementation each, used by the browser's resolver and by the server.
 * Order for a visible field: required (whitespace-only counts as empty), allowed text, cap, kind (email,
 * number, date, option), pattern, further checks. An empty optional field passes.
 */

export const DEFAULT_REQUIRED_MESSAGE = 'Field is required.';
export const capMessage = (maxLength: number): string => `Cannot exceed ${maxLength} characters.`;

export const UNKNOWN_FIELD_MESSAGE = 'Unknown field.';
export const NOT_APPLICABLE_MESSAGE = 'Field is not applicable.';
export const NOT_TEXT_MESSAGE = 'Must be a string.';
export const NOT_BOOLEAN_MESSAGE = 'Must be true or false.';
export const NOT_A_FILE_MESSAGE = 'Must be sent as a file.';
export const NO_FILE_EXPECTED_MESSAGE = 'This form does not take a file.';
export const NOT_AN_OBJECT_MESSAGE = 'The body must be a JSON object of form fields.';
/** Error keys that are not field names. */
export const PAYLOAD_ERROR_KEY = '_payload';
export const UPLOAD_ERROR_KEY = '_upload';

/**
 * The browser's own email check for `<input type="email">` (WHATWG HTML), so the form and the
 * server accept exactly what the input accepts; plus RFC 5321's 254-character limit on an address.
 */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/**
 * The one rule for text anyone sends (forms, notes and every free-text field of every route, whose
 * schemas state it through src/api/contracts/common.ts): no NUL or other C0 control character except
 * TAB, LF and CR, no DEL or C1 control (a terminal reads U+009B as ESC [), no bidi embedding, override
 * or isolate (U+202A–U+202E, U+2066–U+2069: text that reads otherwise than it is stored, "Trojan
 * source"), and no unpaired UTF-16 surrogate (PostgreSQL refuses NUL and broken UTF-16; a lone
 * surrogate is not a character at all). A character class for a `u` regular expression (ajv compiles
 * schema patterns with the `u` flag too), in which `\ud800-\udfff` matches only a lone surrogate: a
 * pair is one code point.
 */
export const DISALLOWED_TEXT_CLASS = '[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069\\ud800-\\udfff]';
const DISALLOWED_TEXT = new RegExp(DISALLOWED_TEXT_CLASS, 'u');
export const DISALLOWED_TEXT_MESSAGE = 'Contains characters that are not allowed (control characters or broken Unicode).';
/** The same refusal on the Spanish screens (the portal, the team area) and in the API's Spanish answers. */
export const DISALLOWED_TEXT_MESSAGE_ES = 'Tu texto tiene un carácter que no podemos guardar (suele venir de copiar y pegar). Pégalo como texto sin formato e inténtalo de nuevo.';
export function isAllowedText(value: string): boolean {
  return !DISALLOWED_TEXT.test(value);
}

const DISALLOWED_TEXT_EVERYWHERE = new RegExp(DISALLOWED_TEXT_CLASS, 'gu');
/**
 * Text as exports write and the command line prints it: each character no field may hold (one that
 * was stored before the rule, or came in another way) replaced by U+FFFD, so a spreadsheet or a
 * terminal never receives a control sequence (ESC [ …, BEL) or a bidi override.
 */
export function withDisallowedTextReplaced(value: string): string {
  return value.replace(DISALLOWED_TEXT_EVERYWHERE, '\uFFFD');
}

/** A count: digits only (a number input also lets through '-1', '2.5' and '1e3'). */
export function isWholeNumber(value: string): boolean {
  return /^\d+$/.test(value);
}

/** A calendar date as `<input type="date">` gives it: YYYY-MM-DD, and a day that exists. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const KIND_RULES: Partial<Record<FieldDefinition['kind'], { test: (value: string, field: FieldDefinition) => boolean; message: string }>> = {
  email: { test: isEmail, message: 'Enter a valid email address.' },
  number: { test: isWholeNumber, message: 'Enter a whole number.' },
  date: { test: isIsoDate, message: 'Enter a valid date.' },
  select: { test: isOneOfTheOptions, message: 'Choose one of the options.' },
  radio: { test: isOneOfTheOptions, message: 'Choose one of the options.' },
};

function isOneOfTheOptions(value: string, field: FieldDefinition): boolean {
  return (field.options ?? []).some((option) => option.value === value);
}

/** The message for the upload, or undefined. A missing file is an error only if the field is required. */
export function validateUpload(field: FieldDefinition, upload: UploadInfo, values: FormValues = {}): string | undefined {
  if (!isVisible(field, values)) return undefined;
  if (upload === null) return isRequired(field, values) ? (field.messages.required ?? DEFAULT_REQUIRED_MESSAGE) : undefined;
  if (field.maxBytes !== undefined && upload.size > field.maxBytes) return field.messages.invalid ?? `File is larger than ${field.maxBytes} bytes`;
  return undefined;
}

/** The message for one field given all the values (visibility and requiredness may depend on others), or undefined. */
export function validateField(field: FieldDefinition, values: FormValues, upload: UploadInfo = null): string | undefined {
  if (!isVisible(field, values)) return undefined;
  if (field.kind === 'file') return validateUpload(field, upload, values);
  const value = valueOf(values, field.name);
  if (value.trim() === '') return isRequired(field, values) ? (field.messages.required ?? DEFAULT_REQUIRED_MESSAGE) : undefined;
  if (!isAllowedText(value)) return field.messages.disallowed ?? DISALLOWED_TEXT_MESSAGE;
  if (field.maxLength !== undefined && value.length > field.maxLength) return field.messages.maxLength ?? capMessage(field.maxLength);
  const kindRule = KIND_RULES[field.kind];
  if (kindRule && !kindRule.test(value, field)) return field.messages.invalid ?? kindRule.message;
  if (field.pattern && !field.pattern.regex.test(value)) return field.pattern.message;
  return field.checks?.find((check) => !check.test(value))?.message;
}

export function visibleFields(definition: Pick<FormDefinition, 'fields'>, values: FormValues): FieldDefinition[] {
  return definition.fields.filter((field) => isVisible(field, values));
}

/** The sections that have visible fields, in order, each with those fields: what the form renders. */
export function visibleSections(definition: Pick<FormDefinition, 'fields' | 'sections'>, values: FormValues): Array<{ section: FormSection; fields: FieldDefinition[] }> {
  const fields = visibleFields(definition, values);
  return definition.sections
    .map((section) => ({ section, fields: fields.filter((field) => field.section === section.id) }))
    .filter((group) => group.fields.length > 0);
}

/** Every value field at its default ('' unless the definition gives one). */
export function defaultValues(definition: Pick<FormDefinition, 'fields'>): FormValues {
  const values: FormValues = {};
  for (const field of definition.fields) if (isValueField(field)) values[field.name] = field.defaultValue ?? '';
  return values;
}

/** Errors of the visible fields, by field name; empty when the form may be sent. */
export function validateForm(definition: Pick<FormDefinition, 'fields'>, values: FormValues, upload: UploadInfo = null): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of definition.fields) {
    const message = validateField(field, values, upload);
    if (message !== undefined) errors[field.name] = message;
  }
  return errors;
}

export type PayloadValidation =
  | { ok: true; values: FormValues; payload: WirePayload }
  | { ok: false; errors: FieldErrors };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The server's check of a request body (parsed JSON, or multipart parts after
 * decodeMultipartFields) against the same definition the browser used:
 * - a key that is not a field → 'Unknown field.'; the file field as a value → 'Must be sent as a file.';
 * - a value of the wrong JSON type → 'Must be a string.' / 'Must be true or false.';
 * - a field that is hidden for the values sent → 'Field is not applicable.' (unless it is one the
 *   browser sends while hidden, with exactly the value the browser would send: the company
 *   fallback for individuals; a different value there is reported only when nothing else is wrong);
 * - then every rule of validateForm, on the values the payload stands for (fromPayload).
 * On success, `payload` is the canonical body toPayload gives for those values: what to store.
 */
export function validatePayload(definition: FormDefinition, payload: unknown, options: { upload?: UploadInfo } = {}): PayloadValidation {
  if (!isPlainObject(payload)) return { ok: false, errors: { [PAYLOAD_ERROR_KEY]: NOT_AN_OBJECT_MESSAGE } };
  const byName = new Map(definition.fields.map((field) => [field.name, field]));
  const errors: FieldErrors = {};
  const typed: WirePayload = {};

  for (const [name, raw] of Object.entries(payload)) {
    const field = byName.get(name);
    if (!field) errors[name] = UNKNOWN_FIELD_MESSAGE;
    else if (!isValueField(field)) errors[name] = NOT_A_FILE_MESSAGE;
    else if (wireType(field) === 'boolean') {
      if (typeof raw === 'boolean') typed[name] = raw;
      else errors[name] = NOT_BOOLEAN_MESSAGE;
    } else if (typeof raw === 'string') typed[name] = raw;
    else errors[name] = NOT_TEXT_MESSAGE;
  }

  const values = definition.fromPayload(typed);
  const canonical = definition.toPayload(values);
  // Fields sent while hidden (company) are derived from others: checked last, see below.
  const derivedMismatches: string[] = [];
  for (const name of Object.keys(typed)) {
    const field = byName.get(name);
    if (!field || isVisible(field, values)) continue;
    if (!field.wire?.sendWhenHidden) errors[name] = NOT_APPLICABLE_MESSAGE;
    else if (canonical[name] !== typed[name]) derivedMismatches.push(name);
  }

  const upload = options.upload ?? null;
  if (upload !== null && !definition.fields.some((field) => field.kind === 'file')) errors[UPLOAD_ERROR_KEY] = NO_FILE_EXPECTED_MESSAGE;
  for (const [name, message] of Object.entries(validateForm(definition, values, upload))) errors[name] ??= message;
  // A derived value that disagrees because a field it comes from is wrong (a missing first name
  // changes the company fallback) is reported through that field alone, not twice.
  if (Object.keys(errors).length === 0) for (const name of derivedMismatches) errors[name] = NOT_APPLICABLE_MESSAGE;

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values, payload: canonical };
}
