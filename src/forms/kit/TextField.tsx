import { chakra } from '@chakra-ui/react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { FieldDefinition, FormValues } from '@/forms/definitions/types';
import { layoutSizes } from '@/theme';
import { CharacterCounter } from './CharacterCounter';
import { FieldShell } from './FieldShell';
import { describedBy, fieldIds } from './fieldIds';
import { controlStyle } from './fieldStyles';

const INPUT_TYPES: Partial<Record<FieldDefinition['kind'], { type: string; inputMode?: 'email' | 'url' | 'numeric'; autoComplete?: string }>> = {
  text: { type: 'text' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  url: { type: 'url', inputMode: 'url' },
  // Spec section 5: a number input. The definition still checks for a whole number.
  number: { type: 'number', inputMode: 'numeric' },
  date: { type: 'date' },
};

/** What browsers can fill in for the applicant, by spec field name. */
const AUTOCOMPLETE: Readonly<Record<string, string>> = { firstName: 'given-name', lastName: 'family-name', company: 'organization', email: 'email', contactEmail: 'email' };

/**
 * Text, email, URL, number, date and long-text fields. No `maxlength`: a pasted text longer than the
 * cap stays whole, and the counter and the error say by how much it is over.
 */
export function TextField({ field, form, required, error }: { field: FieldDefinition; form: UseFormReturn<FormValues>; required: boolean; error?: string }) {
  const value = useWatch({ control: form.control, name: field.name }) ?? '';
  const ids = fieldIds(field.name);
  const counted = field.maxLength !== undefined && field.kind !== 'date' && field.kind !== 'number';
  const common = {
    id: ids.control,
    placeholder: field.placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(field.name, { help: Boolean(field.help), counter: counted, error: Boolean(error) }),
    ...form.register(field.name),
  };
  const counter = counted && field.maxLength !== undefined ? <CharacterCounter id={ids.counter} length={value.length} max={field.maxLength} /> : null;
  const input = INPUT_TYPES[field.kind];
  return (
    <FieldShell field={field} required={required} error={error} after={counter}>
      {field.kind === 'textarea' || !input ? (
        <chakra.textarea {...common} css={controlStyle} h={layoutSizes.textarea} resize="vertical" />
      ) : (
        <chakra.input
          {...common}
          type={input.type}
          inputMode={input.inputMode}
          min={field.kind === 'number' ? 0 : undefined}
          autoComplete={AUTOCOMPLETE[field.name] ?? input.autoComplete}
          css={controlStyle}
        />
      )}
    </FieldShell>
  );
}
