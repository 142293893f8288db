import { Button } from '@/components/Button';
import styles from './applicant.module.css';

/**
 * The two buttons that end a portal form or a confirmation: the action ("Enviar el informe", "Sí,
 * retirar la solicitud"), which submits the form unless it has its own `onConfirm`, and the way
 * back ("Cerrar sin enviar", "No, volver"). Both are disabled while the action runs, and the
 * action says so with `busyLabel` ("Enviando…").
 */
export function ConfirmButtons({ label, busyLabel, onConfirm, backLabel, onBack, busy }: { label: string; busyLabel?: string; onConfirm?: () => void; backLabel: string; onBack: () => void; busy: boolean }) {
  return (
    <div className={styles.actions}>
      {onConfirm ? (
        <Button type="button" disabled={busy} onClick={onConfirm}>
          {label}
        </Button>
      ) : (
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy && busyLabel ? busyLabel : label}
        </Button>
      )}
      <Button type="button" variant="outline" disabled={busy} onClick={onBack}>
        {backLabel}
      </Button>
    </div>
  );
}
