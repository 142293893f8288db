import { lazy, Suspense } from 'react';
import { chakra } from '@chakra-ui/react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { FieldDefinition, FormValues } from '@/forms/definitions/types';
import { FieldShell } from './FieldShell';
import { describedBy, fieldIds } from './fieldIds';
import { controlStyle } from './fieldStyles';
import { useHydrated } from './useHydrated';

/**
 * Until react-select's chunk arrives (and in the exported HTML), a disabled native select of the same
 * size stands in, so the label has its control and nothing shifts when the real one replaces it.
 */
function SelectPlaceholder({ id, name }: { id: string; name: string }) {
  return (
    <chakra.select id={id} name={name} disabled css={controlStyle} h="11" appearance="none">
      <option value="">Select…</option>
    </chakra.select>
  );
}

// react-select's chunk stays out of the page's first load; all selects share the one import.
const SelectControl = lazy(() => import('./SelectControl'));

export function SelectField({ field, form, required, error }: { field: FieldDefinition; form: UseFormReturn<FormValues>; required: boolean; error?: string }) {
  const ids = fieldIds(field.name);
  const hydrated = useHydrated();
  const placeholder = <SelectPlaceholder id={ids.control} name={field.name} />;
  return (
    <FieldShell field={field} required={required} error={error}>
      <Controller
        control={form.control}
        name={field.name}
        render={({ field: control }) =>
          hydrated ? (
            <Suspense fallback={placeholder}>
              <SelectControl
                inputId={ids.control}
                name={field.name}
                options={field.options ?? []}
                value={control.value ?? ''}
                onChange={control.onChange}
                onBlur={control.onBlur}
                invalid={Boolean(error)}
                required={required}
                labelledBy={ids.label}
                describedBy={describedBy(field.name, { help: Boolean(field.help), error: Boolean(error) })}
                placeholder={field.placeholder}
              />
            </Suspense>
          ) : (
            placeholder
          )
        }
      />
    </FieldShell>
  );
}
