import { useEffect, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { ActionNotice } from '../Notice';
import type { ActionOutcome } from '../useTeamData';
import styles from '../team.module.css';

/** The focus on a panel's heading when it opens, so a keyboard user continues from there. */
export function useFocusOnOpen(): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

type PanelFormProps = {
  id: string;
  title: ReactNode;
  heading: RefObject<HTMLHeadingElement | null>;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  busy: boolean;
  outcome: ActionOutcome | null;
  onCancel: () => void;
  children: ReactNode;
};

/**
 * A round's panel (create, edit, extend): its heading, which takes the focus, the fields, the outcome
 * of the last try, and the action beside "Cancelar", both disabled while the action runs.
 */
export function PanelForm({ id, title, heading, onSubmit, submitLabel, busy, outcome, onCancel, children }: PanelFormProps) {
  return (
    <form className={styles.stack} noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className={styles.subtitle}>
        {title}
      </h3>
      {children}
      <ActionNotice outcome={outcome} />
      <div className={styles.actionRow}>
        <button type="submit" className={styles.button} disabled={busy} aria-busy={busy || undefined}>
          {submitLabel}
        </button>
        <button type="button" className={styles.secondaryButton} disabled={busy} onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
