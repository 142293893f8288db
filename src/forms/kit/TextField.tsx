import type { UseFormReturn } from 'react-hook-form';
import type { FieldDefinition, FormValues } from '@/forms/definitions/types';
import { classNames } from '@/lib/classNames';
import { CharacterCounter, type CounterLanguage } from './CharacterCounter';
import { FieldShell } from './FieldShell';
import { describedBy, fieldIds } from './fieldIds';
import { useFieldStatus } from './useFieldStatus';
import { useFormSelector } from './useFormSelector';
import { useRegisterKeepingEarlyInput } from './useRegisterKeepingEarlyInput';
import styles from './Field.module.css';

const INPUT_TYPES: Partial<Record<FieldDefinition['kind'], { type: string; inputMode?: 'email' | 'url' | 'numeric'; autoComplete?: string }>> = {
  text: { type: 'text' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  url: { type: 'url', inputMode: 'url' },
  // A number input. The definition still checks for a whole number.
  number: { type: 'number', inputMode: 'numeric' },
  date: { type: 'date' },
};

/** What browsers can fill in for the applicant, by spec field name. */
const AUTOCOMPLETE: Readonly<Record<string, string>> = { firstName: 'given-name', lastName: 'family-name', company: 'organization', email: 'email', contactEmail: 'email' };

/** The counter watches its own field's length, so a keystroke re-renders the counter and not the field. */
function FieldCounter({ form, name, id, max, language }: { form: UseFormReturn<FormValues>; name: string; id: string; max: number; language: CounterLanguage }) {
  const length = useFormSelector(form, (values) => (values[name] ?? '').length);
  return <CharacterCounter id={id} length={length} max={max} language={language} />;
}

/**
 * Text, email, URL, number, date and long-text fields, uncontrolled (react-hook-form's `register`).
 * No `maxlength`: a pasted text longer than the cap stays whole, and the counter and the error say
 * by how much it is over.
 */
export function TextField({ field, form, language = 'en' }: { field: FieldDefinition; form: UseFormReturn<FormValues>; language?: CounterLanguage }) {
  const { required, error } = useFieldStatus(form, field);
  const registration = useRegisterKeepingEarlyInput(form, field.name);
  const ids = fieldIds(field.name);
  const counted = field.maxLength !== undefined && field.kind !== 'date' && field.kind !== 'number';
  const common = {
    id: ids.control,
    placeholder: field.placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(field.name, { help: Boolean(field.help), counter: counted, error: Boolean(error) }),
    ...registration,
  };
  const counter = counted && field.maxLength !== undefined ? <FieldCounter form={form} name={field.name} id={ids.counter} max={field.maxLength} language={language} /> : null;
  const input = INPUT_TYPES[field.kind];
  return (
    <FieldShell field={field} required={required} error={error} after={counter}>
      {field.kind === 'textarea' || !input ? (
        <textarea {...common} className={classNames(styles.control, styles.textarea)} />
      ) : (
        <input
          {...common}
          type={input.type}
          inputMode={input.inputMode}
          min={field.kind === 'number' ? 0 : undefined}
          autoComplete={AUTOCOMPLETE[field.name] ?? input.autoComplete}
          className={styles.control}
        />
      )}
    </FieldShell>
  );
}
