import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { teamApi } from './api';
import { ActionNotice } from './Notice';
import { useFocusNext } from './useFocusNext';
import { useTeamAction, type ActionOutcome } from './useTeamData';
import styles from './team.module.css';

/** The server's cap (src/api/contracts/teamScoring.ts: CONFLICT_REASON_MAX). */
const CONFLICT_REASON_MAX = 500;

/** Why there is a conflict: a short reason, only the admins read it; its error, when empty, describes it. */
function ConflictReason({ reasonRef, reason, onReason, problem }: { reasonRef: RefObject<HTMLTextAreaElement | null>; reason: string; onReason: (reason: string) => void; problem: string | null }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor="conflicto-motivo">
        Motivo del conflicto
      </label>
      <p id="conflicto-ayuda" className={styles.muted}>
        Lo ve solo la administración del equipo. Con un conflicto dejas de ver esta solicitud.
      </p>
      <textarea
        id="conflicto-motivo"
        ref={reasonRef}
        className={styles.input}
        rows={3}
        maxLength={CONFLICT_REASON_MAX}
        aria-describedby={problem ? 'conflicto-ayuda conflicto-error' : 'conflicto-ayuda'}
        aria-invalid={problem ? true : undefined}
        value={reason}
        onChange={(event) => onReason(event.target.value)}
      />
      {problem ? (
        <p id="conflicto-error" className={styles.fieldError} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The declaration an assigned reviewer makes before reading an application: no conflict, or a
 * conflict with a short reason (which recuses them for good). The page shows nothing of the
 * answers until then; `onDeclared` reloads it and says what happened.
 */
export function DeclarationForm({ reference, onDeclared }: { reference: string; onDeclared: (outcome: ActionOutcome) => Promise<void> }) {
  const [choice, setChoice] = useState<'none' | 'conflict' | null>(null);
  const [reason, setReason] = useState('');
  const { busy, outcome, run } = useTeamAction();
  const [problem, setProblem] = useState<string | null>(null);
  const focusNext = useFocusNext();
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) {
      void run(async () => ({ tone: 'error', text: 'Elige «Sin conflicto» o «Tengo un conflicto».' }), '');
      return;
    }
    if (choice === 'conflict' && reason.trim() === '') {
      // The reason is the field to fix: the focus goes there, and its error describes it.
      setProblem('Explica en pocas palabras cuál es el conflicto.');
      focusNext(reasonRef);
      return;
    }
    setProblem(null);
    void run(async () => {
      await teamApi.declare(reference, choice === 'conflict' ? { conflict: true, reason: reason.trim() } : { conflict: false });
      await onDeclared(
        choice === 'conflict'
          ? { tone: 'success', text: 'Registramos tu conflicto de interés: ya no verás las respuestas ni los puntajes de esta solicitud.' }
          : { tone: 'success', text: 'Registramos que no tienes conflicto de interés. Ya puedes leer la solicitud y puntuarla.' },
      );
      return null;
    }, 'No pudimos registrar tu declaración. Inténtalo de nuevo.');
  };

  return (
    <form className={styles.stack} onSubmit={submit} noValidate aria-labelledby="declaracion-titulo">
      <h2 id="declaracion-titulo" className={styles.panelTitle}>
        Conflicto de interés
      </h2>
      <p>Antes de ver las respuestas, declara si tienes un conflicto de interés con esta solicitud (por ejemplo, conoces al equipo o trabajas con él).</p>
      <fieldset className={styles.choices}>
        <legend className={styles.visuallyHidden}>Tu declaración</legend>
        <label className={styles.choice}>
          <input type="radio" name="declaracion" value="none" checked={choice === 'none'} onChange={() => setChoice('none')} /> Sin conflicto
        </label>
        <label className={styles.choice}>
          <input type="radio" name="declaracion" value="conflict" checked={choice === 'conflict'} onChange={() => setChoice('conflict')} /> Tengo un conflicto
        </label>
      </fieldset>
      {choice === 'conflict' ? <ConflictReason reasonRef={reasonRef} reason={reason} onReason={setReason} problem={problem} /> : null}
      <div>
        <button type="submit" className={styles.button} disabled={busy}>
          Enviar la declaración
        </button>
      </div>
      <ActionNotice outcome={outcome} />
    </form>
  );
}
