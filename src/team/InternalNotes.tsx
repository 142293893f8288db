import { useRef, useState, type FormEvent } from 'react';
import { teamApi, type InternalNote } from './api';
import { formatDateTime } from './format';
import { actionFailure, useTeamAction } from './useTeamData';
import { ActionNotice } from './Notice';
import { useFocusNext } from './useFocusNext';
import { ReviewSection } from './ReviewSection';
import styles from './team.module.css';
import { NoteField } from './kit/NoteField';

export const NOTE_MAX_LENGTH = 5000;

/**
 * Internal notes: the team's own remarks on an application, never shown to the applicant. Reviewers
 * and admins add them; a refused or failed note keeps what was typed, so nothing is lost.
 */
export function InternalNotes({ reference, notes, canWrite }: { reference: string; notes: InternalNote[]; canWrite: boolean }) {
  const [added, setAdded] = useState<InternalNote[]>([]);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, outcome, run, setOutcome } = useTeamAction();
  const focusNext = useFocusNext();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  // Notes added here show at once; a reload of the application brings them from the server too.
  const shown = [...notes, ...added.filter((note) => !notes.some((known) => known.id === note.id))];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    // A refused note sends the focus back to the text, which the error describes.
    const refuse = (message: string) => {
      setError(message);
      focusNext(bodyRef);
    };
    if (body.trim() === '') {
      refuse('Escribe la nota antes de agregarla.');
      return;
    }
    if (body.length > NOTE_MAX_LENGTH) {
      refuse(`La nota puede tener hasta ${NOTE_MAX_LENGTH} caracteres; esta tiene ${body.length}.`);
      return;
    }
    setError(null);
    void run(
      async () => {
        const note = await teamApi.addNote(reference, body);
        setAdded((previous) => [...previous, note]);
        setBody('');
        return { tone: 'success', text: 'Agregamos la nota.' };
      },
      // A failed note is told at the text, which keeps what was typed.
      (failure) => {
        refuse(actionFailure(failure, 'No pudimos guardar la nota. Tu texto sigue aquí: inténtalo de nuevo.'));
        return null;
      },
    );
  };

  return (
    <ReviewSection id="revision-notas" title="Notas internas">
      <p className={styles.teamOnly}>Solo las ve el equipo: la persona solicitante nunca las ve.</p>
      {shown.length === 0 ? (
        <p className={styles.muted}>Todavía no hay notas.</p>
      ) : (
        <ol className={styles.notes} aria-label="Notas">
          {shown.map((note) => (
            <li key={note.id}>
              <p className={styles.timelineMeta}>
                <span className={styles.breakAnywhere}>{note.by}</span> · <time dateTime={note.at}>{formatDateTime(note.at)}</time>
              </p>
              <p className={styles.noteBody}>{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      {canWrite ? (
        <form className={styles.noteForm} onSubmit={submit} noValidate>
          <NoteField
            id="nota-nueva"
            errorId="nota-error"
            label="Nueva nota interna"
            inputRef={bodyRef}
            value={body}
            onChange={setBody}
            error={error}
          />
          <button type="submit" className={styles.button} disabled={busy}>
            Agregar nota
          </button>
          <ActionNotice outcome={outcome} />
        </form>
      ) : null}
    </ReviewSection>
  );
}
