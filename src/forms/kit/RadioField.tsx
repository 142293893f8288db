import { chakra } from '@chakra-ui/react';
import type { UseFormReturn } from 'react-hook-form';
import type { FieldDefinition, FormValues } from '@/forms/definitions/types';
import { FieldShell } from './FieldShell';
import { describedBy, fieldIds } from './fieldIds';

/** A radio group: a fieldset whose legend is the field's label; the first radio carries the field's id. */
export function RadioField({ field, form, required, error }: { field: FieldDefinition; form: UseFormReturn<FormValues>; required: boolean; error?: string }) {
  const ids = fieldIds(field.name);
  const registration = form.register(field.name);
  const described = describedBy(field.name, { help: Boolean(field.help), error: Boolean(error) });
  return (
    <FieldShell field={field} required={required} error={error} asGroup>
      <chakra.div
        role="radiogroup"
        aria-labelledby={ids.label}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        display="flex"
        flexWrap="wrap"
        gap="5"
      >
        {(field.options ?? []).map((option, index) => {
          const id = index === 0 ? ids.control : `${ids.control}-${index}`;
          return (
            <chakra.label key={option.value} htmlFor={id} display="inline-flex" alignItems="center" gap="2" fontSize="input" cursor="pointer" minH="6">
              {/* White with an orange checked state (spec section 9). */}
              <chakra.input type="radio" id={id} value={option.value} aria-describedby={described} {...registration} w="4.5" h="4.5" accentColor="orange" m="0" />
              {option.label}
            </chakra.label>
          );
        })}
      </chakra.div>
    </FieldShell>
  );
}
