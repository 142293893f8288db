import { useRef } from 'react';
import { Dialog, Portal } from '@chakra-ui/react';
import { ChakraSystem } from '@/theme/ChakraSystem';
import type { MemberRow } from './api';
import styles from './team.module.css';

/**
 * The revocation's confirmation (Chakra's dialog, in its own chunk with Chakra and Emotion: the
 * members page loads it at the first "Revocar", not at its first paint, and keeps it mounted). Cancel,
 * Escape or the backdrop close it and the focus goes back to `trigger`, unless the member was revoked
 * (the row and its button went: the outcome takes the focus).
 */
export function RevokeDialog({ open, member, trigger, revoked, onClose, onConfirm }: { open: boolean; member: MemberRow; trigger: () => HTMLElement | null; revoked: boolean; onClose: () => void; onConfirm: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ChakraSystem>
      <Dialog.Root
        open={open}
        onOpenChange={({ open: next }) => {
          if (!next) onClose();
        }}
        role="alertdialog"
        initialFocusEl={() => cancelRef.current}
        finalFocusEl={trigger}
        restoreFocus={!revoked}
      >
        <Portal>
          <Dialog.Backdrop className={styles.backdrop} />
          <Dialog.Positioner className={styles.positioner}>
            <Dialog.Content className={styles.dialog}>
              <Dialog.Title className={styles.dialogTitle}>¿Revocar el acceso de {member.email}?</Dialog.Title>
              <Dialog.Description>Se cerrarán todas sus sesiones y no podrá volver a ingresar con sus llaves de acceso. Para devolverle el acceso, envía una nueva invitación.</Dialog.Description>
              <div className={styles.dialogActions}>
                <Dialog.ActionTrigger asChild>
                  <button ref={cancelRef} type="button" className={styles.secondaryButton}>
                    Cancelar
                  </button>
                </Dialog.ActionTrigger>
                <button type="button" className={styles.button} onClick={onConfirm}>
                  Sí, revocar
                </button>
              </div>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </ChakraSystem>
  );
}
