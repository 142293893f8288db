import type { TeamRole } from '../api';
import styles from '../team.module.css';
import { ReviewSetup } from './ReviewSetup';
import { useFocusOnOpen } from './RoundPanel';
import type { TeamRound } from './roundsApi';

/**
 * A round's review set-up opened under its programme's table: the heading takes the focus, the set-up
 * reads (and, for an admin, saves) through its own routes, and "Cerrar" takes the focus back to "Revisión".
 */
export function ReviewPanel({ round, role, onClose }: { round: TeamRound; role: TeamRole; onClose: () => void }) {
  const heading = useFocusOnOpen();
  const id = `revision-${round.id}`;
  return (
    <section className={styles.stack} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className={styles.subtitle}>
        Revisión de «{round.name}»
      </h3>
      <ReviewSetup roundId={round.id} role={role} />
      <p className={styles.actionRow}>
        <button type="button" className={styles.secondaryButton} onClick={onClose}>
          Cerrar la revisión
        </button>
      </p>
    </section>
  );
}
