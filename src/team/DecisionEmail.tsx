import { useRef, useState } from 'react';
import { applicationStatusLabels } from '@/lib/applicationStatus';
import { teamApi, type ApplicationDetail, type DecisionEmailPreview } from './api';
import { formatDateTime } from './format';
import { useTeamAction } from './useTeamData';
import { ActionNotice } from './Notice';
import { useFocusNext } from './useFocusNext';
import { ReviewSection } from './ReviewSection';

/** The server's cap on the message to the applicant (src/api/contracts/teamInformation.ts, APPLICANT_MESSAGE_MAX). */
const APPLICANT_MESSAGE_MAX = 4000;
import styles from './team.module.css';
import { ConfirmRow } from './kit/ConfirmRow';
import { NoteField } from './kit/NoteField';
import { EmailPreview } from './kit/EmailPreview';


/**
 * The decision email of an approved or rejected application: never automatic, and never sent
 * without its preview. The send button exists only once the preview (to, subject, text from the
 * programme's template) is on screen, and it sends exactly what was shown; the server refuses it if
 * the status changed in between. Decision emails already sent are listed.
 */
export function DecisionEmail({ application, onSent }: { application: ApplicationDetail; onSent: () => Promise<void> }) {
  const [preview, setPreview] = useState<DecisionEmailPreview | null>(null);
  // The optional message to the applicant: in the email and on their page (/mi-solicitud/), sent with the preview it was shown in.
  // It starts as the message given with the decision (DecisionPanel), which the applicant's page already shows.
  const [typed, setMessage] = useState<string | null>(null);
  const message = typed ?? application.decisionMessage?.text ?? '';
  const applicantMessage = message.trim() === '' ? {} : { applicantMessage: message.trim() };
  const { busy, outcome, run } = useTeamAction();
  const focusNext = useFocusNext();
  const previewRef = useRef<HTMLDivElement>(null);
  const previewButtonRef = useRef<HTMLButtonElement>(null);
  const sent = application.decisionEmails ?? [];
  const decided = application.status === 'approved' || application.status === 'rejected';
  // One email per decision: once this decision's email is queued, the server refuses another.
  const changedAt = application.statusChangedAt ?? '';
  const alreadySent = decided && sent.some((email) => email.status === application.status && email.queuedAt >= changedAt);
  if (!decided && sent.length === 0) return null;

  const showPreview = () =>
    run(async () => {
      setPreview(await teamApi.decisionPreview(application.reference, applicantMessage));
      focusNext(previewRef);
      return null;
    }, 'No pudimos preparar la vista previa. Inténtalo de nuevo.');

  const send = (email: DecisionEmailPreview) =>
    run(
      async () => {
        await teamApi.decisionSend(application.reference, { subject: email.subject, text: email.text, ...applicantMessage });
        setPreview(null);
        setMessage('');
        await onSent();
        return { tone: 'success', text: `Pusimos el correo para ${email.to} en la cola de envío.` };
      },
      'No pudimos enviar el correo. Vuelve a ver la vista previa e inténtalo de nuevo.',
      // The preview no longer matches (e.g. the status changed): it goes, so the next send starts from a fresh one.
      () => setPreview(null),
    );

  return (
    <ReviewSection id="revision-decision" title="Correo de decisión">
      {sent.length > 0 ? (
        <ul className={styles.plainList} aria-label="Correos de decisión enviados">
          {sent.map((email) => (
            <li key={email.queuedAt}>
              <strong>{applicationStatusLabels[email.status]}</strong>: puesto en cola por <span className={styles.breakAnywhere}>{email.by}</span> el{' '}
              <time dateTime={email.queuedAt}>{formatDateTime(email.queuedAt)}</time>
              {email.sentAt ? (
                <>
                  {' '}
                  · entregado al servidor de correo el <time dateTime={email.sentAt}>{formatDateTime(email.sentAt)}</time>
                </>
              ) : (
                ' · todavía en la cola'
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {alreadySent ? <p className={styles.muted}>El correo de esta decisión ya se envió.</p> : null}
      {decided && !alreadySent && !preview ? (
        <>
          <p className={styles.muted}>El correo no se envía solo: revísalo en la vista previa antes de enviarlo.</p>
          <NoteField
            id="mensaje-solicitante"
            label="Mensaje para la persona solicitante (opcional)"
            help={{ id: 'mensaje-solicitante-ayuda', text: 'Va en el correo y en su página «Mi solicitud», junto a la decisión. Por ejemplo, el motivo o los próximos pasos.' }}
            maxLength={APPLICANT_MESSAGE_MAX}
            value={message}
            onChange={setMessage}
          />
          <button ref={previewButtonRef} type="button" className={styles.secondaryButton} disabled={busy} onClick={showPreview}>
            Ver el correo de decisión
          </button>
        </>
      ) : null}
      {preview ? (
        <EmailPreview label="Vista previa del correo de decisión" to={preview.to} subject={preview.subject} body={preview.text} regionRef={previewRef}>
          <ConfirmRow
            confirmLabel="Enviar el correo"
            onConfirm={() => send(preview)}
            onBack={() => {
              setPreview(null);
              focusNext(previewButtonRef);
            }}
            busy={busy}
          />
        </EmailPreview>
      ) : null}
      <ActionNotice outcome={outcome} />
    </ReviewSection>
  );
}
