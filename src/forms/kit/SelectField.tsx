import { lazy, Suspense } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { FieldDefinition, FormValues } from '@/forms/definitions/types';
import { classNames } from '@/lib/classNames';
import { FieldShell } from './FieldShell';
import { describedBy, fieldIds } from './fieldIds';
import { useFieldStatus } from './useFieldStatus';
import { useHydrated } from './useHydrated';
import styles from './Field.module.css';

/**
 * Until react-select's chunk arrives (and in the exported HTML), a disabled native select of the same
 * size stands in, so the label has its control and nothing shifts when the real one replaces it.
 */
function SelectPlaceholder({ id, name }: { id: string; name: string }) {
  return (
    <select id={id} name={name} disabled className={classNames(styles.control, styles.selectPlaceholder)}>
      <option value="">Select…</option>
    </select>
  );
}

// react-select's chunk stays out of the page's first load; all selects share the one import.
const SelectControl = lazy(() => import('./SelectControl'));

export function SelectField({ field, form }: { field: FieldDefinition; form: UseFormReturn<FormValues> }) {
  const { required, error } = useFieldStatus(form, field);
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
