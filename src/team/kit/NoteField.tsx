import type { RefObject } from 'react';
import styles from '../team.module.css';

/**
 * A note-like text box on a team page (an internal note, a question for the applicant): its label,
 * four rows, and the reason it was refused as an alert tied to the box. The screen keeps the text
 * and its rules; `inputRef` lets it put the focus back on the box.
 */
export function NoteField({
  id,
  errorId,
  label,
  value,
  onChange,
  error,
  inputRef,
  maxLength,
}: {
  id: string;
  errorId: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  maxLength?: number;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        ref={inputRef}
        className={styles.input}
        rows={4}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
