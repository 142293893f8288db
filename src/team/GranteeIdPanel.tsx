import { useRef, useState, useEffect } from 'react';
import { teamApi, type ApplicationDetail } from './api';
import { formatDateTime } from './format';
import { useTeamAction } from './useTeamData';
import { ActionNotice } from './Notice';
import { useFocusNext } from './useFocusNext';
import { ReviewSection } from './ReviewSection';
import styles from './team.module.css';
import { ConfirmRow } from './kit/ConfirmRow';


/**
 * Issuing the grantee ID of an approved application (admin only). The server emails the ID to the
 * applicant with the finance form's link and never answers it: the page shows when it was issued,
 * never the ID. Issuing again revokes the previous ID, so the confirmation says so.
 */
export function GranteeIdPanel({ application, onIssued }: { application: ApplicationDetail; onIssued: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const { busy, outcome, run } = useTeamAction();
  const confirmRef = useRef<HTMLDivElement>(null);
  const issueRef = useRef<HTMLButtonElement>(null);
  const focusNext = useFocusNext();
  const grantee = application.grantee ?? null;
  const active = grantee !== null && grantee.revokedAt === null;

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  // Office Hours pays nothing, so it has no grantee ID.
  if (application.form === 'office-hours' || (application.status !== 'approved' && !grantee)) return null;

  const issue = () =>
    run(
      async () => {
        await teamApi.issueGranteeId(application.reference);
        setConfirming(false);
        await onIssued();
        return { tone: 'success', text: 'Emitimos el ID y lo enviamos por correo a la persona solicitante.' };
      },
      'No pudimos emitir el ID. Inténtalo de nuevo.',
      () => setConfirming(false),
    );

  return (
    <ReviewSection id="revision-beneficiario" title="ID de seguridad (Security Grantee ID)">
      {grantee ? (
        <p>
          Emitido el <time dateTime={grantee.issuedAt}>{formatDateTime(grantee.issuedAt)}</time> por <span className={styles.breakAnywhere}>{grantee.issuedBy}</span>. Se envió por correo a la
          persona solicitante y no se vuelve a mostrar.
          {grantee.revokedAt ? (
            <>
              {' '}
              <strong>
                Revocado el <time dateTime={grantee.revokedAt}>{formatDateTime(grantee.revokedAt)}</time>: ya no sirve.
              </strong>
            </>
          ) : null}
        </p>
      ) : (
        <p className={styles.muted}>Todavía no se emitió. La persona solicitante lo necesita para enviar sus datos de pago.</p>
      )}
      {application.status === 'approved' && !confirming ? (
        <button ref={issueRef} type="button" className={styles.secondaryButton} disabled={busy} onClick={() => setConfirming(true)}>
          {active ? 'Volver a emitir el ID de seguridad (Security Grantee ID)' : 'Emitir el ID de seguridad (Security Grantee ID)'}
        </button>
      ) : null}
      {confirming ? (
        <div ref={confirmRef} tabIndex={-1} className={styles.confirm} role="group" aria-labelledby="emitir-pregunta" aria-describedby="emitir-explicacion">
          <p id="emitir-pregunta" className={styles.confirmTitle}>
            {active ? '¿Volver a emitir el ID de seguridad (Security Grantee ID)?' : '¿Emitir el ID de seguridad (Security Grantee ID)?'}
          </p>
          <p id="emitir-explicacion">
            El ID se enviará por correo a la persona solicitante, con el enlace del formulario de datos de pago, y no se volverá a mostrar. Si lo vuelves a emitir más adelante, el
            ID anterior queda revocado y deja de servir.
          </p>
          <ConfirmRow
            confirmLabel="Sí, emitir y enviar"
            onConfirm={issue}
            onBack={() => {
              setConfirming(false);
              focusNext(issueRef);
            }}
            busy={busy}
          />
        </div>
      ) : null}
      <ActionNotice outcome={outcome} />
    </ReviewSection>
  );
}
