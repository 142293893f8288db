import type { UseFormReturn } from 'react-hook-form';
import type { FieldDefinition, FormValues } from '@/forms/definitions/types';
import { FieldShell } from './FieldShell';
import { describedBy, fieldIds } from './fieldIds';
import { useFieldStatus } from './useFieldStatus';
import { useRegisterKeepingEarlyInput } from './useRegisterKeepingEarlyInput';
import styles from './Field.module.css';

/** A radio group: a fieldset whose legend is the field's label; the first radio carries the field's id. */
export function RadioField({ field, form }: { field: FieldDefinition; form: UseFormReturn<FormValues> }) {
  const { required, error } = useFieldStatus(form, field);
  const ids = fieldIds(field.name);
  const registration = useRegisterKeepingEarlyInput(form, field.name);
  const described = describedBy(field.name, { help: Boolean(field.help), error: Boolean(error) });
  return (
    <FieldShell field={field} required={required} error={error} asGroup>
      <div
        role="radiogroup"
        aria-labelledby={ids.label}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        className={styles.radioGroup}
      >
        {(field.options ?? []).map((option, index) => {
          const id = index === 0 ? ids.control : `${ids.control}-${index}`;
          return (
            <label key={option.value} htmlFor={id} className={styles.radioOption}>
              {/* White with an orange checked state. */}
              <input type="radio" id={id} value={option.value} aria-describedby={described} {...registration} className={styles.radio} />
              {option.label}
            </label>
          );
        })}
      </div>
    </FieldShell>
  );
}
