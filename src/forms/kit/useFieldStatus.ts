import { useFormState, type UseFormReturn } from 'react-hook-form';
import { isRequired } from '@/forms/definitions/fieldState';
import type { FieldDefinition, FormValues } from '@/forms/definitions/types';
import { useFormSelector } from './useFormSelector';

/**
 * Whether a field is required now (rules may depend on other answers) and its error message, each
 * from a subscription narrowed to what changes them: typing elsewhere does not re-render the field.
 */
export function useFieldStatus(form: UseFormReturn<FormValues>, field: FieldDefinition): { required: boolean; error?: string } {
  const required = useFormSelector(form, (values) => isRequired(field, values));
  const { errors } = useFormState({ control: form.control, name: field.name, exact: true });
  return { required, error: errors[field.name]?.message };
}
