import type { ReactNode } from 'react';
import type { FieldDefinition } from '@/forms/definitions/types';
import { fieldIds } from './fieldIds';
import styles from './Field.module.css';

/**
 * Label, help text, the control, and its error message, in that order. Choice groups pass
 * `asGroup`: their caption is a <legend> over a <fieldset> (each option carries its own <label>).
 */
export function FieldShell({ field, required, error, asGroup = false, after, children }: { field: FieldDefinition; required: boolean; error?: string; asGroup?: boolean; after?: ReactNode; children: ReactNode }) {
  const ids = fieldIds(field.name);
  const caption = (
    <>
      {field.label}
      {required ? (
        <span className={styles.requiredMark} aria-hidden="true">
          {' '}*
        </span>
      ) : null}
    </>
  );
  const Wrapper = asGroup ? 'fieldset' : 'div';
  return (
    <Wrapper className={styles.field} data-field={field.name}>
      {asGroup ? (
        <legend id={ids.label} className={styles.label}>
          {caption}
        </legend>
      ) : (
        <label id={ids.label} htmlFor={ids.control} className={styles.label}>
          {caption}
        </label>
      )}
      {field.help ? (
        <p id={ids.help} className={styles.help}>
          {field.help}
        </p>
      ) : null}
      {children}
      {after}
      {error ? (
        <p id={ids.error} className={styles.error}>
          {error}
        </p>
      ) : null}
    </Wrapper>
  );
}
