import type { RefObject } from 'react';
import styles from '../team.module.css';

/**
 * A note-like text box on a team page (an internal note, a question for the applicant, the message
 * that goes with a decision): its label, an optional help line, and the reason it was refused as an
 * alert tied to the box. The screen keeps the text and its rules; `inputRef` lets it put the focus
 * back on the box.
 */
export function NoteField({
  id,
  label,
  value,
  onChange,
  error,
  errorId,
  help,
  inputRef,
  maxLength,
  rows = 4,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  errorId?: string;
  help?: { id: string; text: string };
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  maxLength?: number;
  rows?: number;
}) {
  const shownError = error && errorId ? error : null;
  const describedBy = [help?.id, shownError ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {help ? (
        <p id={help.id} className={styles.muted}>
          {help.text}
        </p>
      ) : null}
      <textarea
        id={id}
        ref={inputRef}
        className={styles.input}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {shownError ? (
        <p id={errorId} className={styles.fieldError} role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
