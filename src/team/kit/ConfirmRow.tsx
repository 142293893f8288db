import styles from '../team.module.css';

/**
 * The two buttons under a confirmation or a previewed email: the action ("Enviar el correo", "Sí,
 * emitir y enviar") and the way back ("Cancelar", "Volver a editar"), both disabled while the action
 * runs. `onBack` closes the confirmation and says where the focus goes (useFocusNext).
 */
export function ConfirmRow({ confirmLabel, onConfirm, backLabel = 'Cancelar', onBack, busy }: { confirmLabel: string; onConfirm: () => void; backLabel?: string; onBack: () => void; busy: boolean }) {
  return (
    <div className={styles.actionRow}>
      <button type="button" className={styles.button} disabled={busy} onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" className={styles.secondaryButton} disabled={busy} onClick={onBack}>
        {backLabel}
      </button>
    </div>
  );
}
