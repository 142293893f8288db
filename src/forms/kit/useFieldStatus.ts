import { useFormState, type UseFormReturn } from 'react-hook-form';
import { isRequired, requiredDependsOnAnswers } from '@/forms/definitions/fieldState';
import type { FieldDefinition, FormValues } from '@/forms/definitions/types';
import { useFormSelector } from './useFormSelector';

/**
 * Whether a field is required now (rules may depend on other answers) and its error message, each
 * from a subscription narrowed to what changes them: typing elsewhere does not re-render the field.
 * A field that is required (or not) whatever the other answers say does not subscribe at all.
 */
export function useFieldStatus(form: UseFormReturn<FormValues>, field: FieldDefinition): { required: boolean; error?: string } {
  const required = useFormSelector(form, (values) => isRequired(field, values), Object.is, requiredDependsOnAnswers(field));
  const { errors } = useFormState({ control: form.control, name: field.name, exact: true });
  return { required, error: errors[field.name]?.message };
}
