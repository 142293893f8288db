import { describe, expect, it } from 'vitest';
import type { FormDefinition, FormValues, UploadInfo } from '@/forms/definitions';
import { validateForm } from '@/forms/definitions/validate';

/**
 * A row of a form's rule table, written by hand from the validation rules, never read from the
 * definition under test: a cap copied from the definition would pass whatever the definition says.
 */
export type RuleRow = {
  readonly field: string;
  /** The message for an empty (or whitespace-only) value; false when the field may stay empty. */
  readonly required: string | false;
  /** The cap in characters and the message one character more gives. */
  readonly cap?: readonly [number, string];
  /** Values on top of the valid fixture that make the field visible or change its rule. */
  readonly given?: FormValues;
  /** A valid value of the given length, for fields whose value has a shape (default: 'x' repeated). */
  readonly fill?: (length: number) => string;
  /** Values of the wrong shape and their messages. */
  readonly invalid?: ReadonlyArray<readonly [string, string]>;
  /** The upload field: checked with a file of the limit's size and one byte more. */
  readonly upload?: readonly [maxBytes: number, message: string];
};

export const CHOICE_INVALID = ['not-an-option', 'Choose one of the options.'] as const;
export const LONG_TEXT = { required: 'Field is required.', cap: [32768, 'Cannot exceed 32768 characters.'] } as const;
export const OPTIONAL_LONG_TEXT = { required: false, cap: [32768, 'Cannot exceed 32768 characters.'] } as const;
export const UPLOAD = { required: false, upload: [4194304, 'File size cannot exceed 4mb.'] } as const;

const errorFor = (definition: FormDefinition, values: FormValues, field: string, upload: UploadInfo = null): string | undefined =>
  validateForm(definition, values, upload)[field];

/** Walks every row: required rule and message, cap at and one over, shapes, upload size. */
export function describeRuleTable(definition: FormDefinition, validValues: () => FormValues, rows: readonly RuleRow[]): void {
  describe(`${definition.key}: field rules`, () => {
    it('accepts the complete valid fixture', () => {
      expect(validateForm(definition, validValues())).toEqual({});
    });

    it('has a row for every field of the form', () => {
      expect(new Set(rows.map((row) => row.field))).toEqual(new Set(definition.fields.map((field) => field.name)));
    });

    for (const row of rows) {
      const context = row.given ? ` given ${JSON.stringify(row.given)}` : '';
      const base = (): FormValues => ({ ...validValues(), ...row.given });

      if (row.upload) {
        const [maxBytes, message] = row.upload;
        it(`${row.field}: no file passes, ${maxBytes} bytes pass, ${maxBytes + 1} fail with '${message}'`, () => {
          expect(errorFor(definition, base(), row.field, null)).toBeUndefined();
          expect(errorFor(definition, base(), row.field, { size: maxBytes })).toBeUndefined();
          expect(errorFor(definition, base(), row.field, { size: maxBytes + 1 })).toBe(message);
        });
        continue;
      }

      if (row.required === false) {
        it(`${row.field}${context}: may be left empty`, () => {
          expect(errorFor(definition, { ...base(), [row.field]: '' }, row.field)).toBeUndefined();
        });
      } else {
        const message = row.required;
        it(`${row.field}${context}: empty or blank gives '${message}'`, () => {
          expect(errorFor(definition, { ...base(), [row.field]: '' }, row.field)).toBe(message);
          expect(errorFor(definition, { ...base(), [row.field]: '  \n ' }, row.field)).toBe(message);
        });
      }

      if (row.cap) {
        const [cap, message] = row.cap;
        const fill = row.fill ?? ((length: number) => 'x'.repeat(length));
        it(`${row.field}${context}: ${cap} characters pass, ${cap + 1} give '${message}'`, () => {
          const atCap = fill(cap);
          const overCap = fill(cap + 1);
          expect([atCap.length, overCap.length]).toEqual([cap, cap + 1]);
          expect(errorFor(definition, { ...base(), [row.field]: atCap }, row.field)).toBeUndefined();
          expect(errorFor(definition, { ...base(), [row.field]: overCap }, row.field)).toBe(message);
        });
      }

      for (const [value, message] of row.invalid ?? []) {
        it(`${row.field}${context}: '${value.slice(0, 30)}' gives '${message}'`, () => {
          expect(errorFor(definition, { ...base(), [row.field]: value }, row.field)).toBe(message);
        });
      }
    }
  });
}

/** A valid website of exactly `length` characters (scheme included). */
export const websiteOfLength = (length: number): string => {
  const prefix = 'https://example.org/';
  return prefix + 'a'.repeat(length - prefix.length);
};

/** A whole number of exactly `length` digits. */
export const digits = (length: number): string => '1'.repeat(length);
