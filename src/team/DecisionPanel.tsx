import { useState, type FormEvent, type ReactNode } from 'react';
import { applicationStatusLabels, nextStatuses } from '@/lib/applicationStatus';
import type { DecisionBody } from '@/api/contracts/teamScoring';
import { teamApi, type ApplicationDetail } from './api';
import { ActionNotice } from './Notice';
import { ReviewSection } from './ReviewSection';
import { showAmount } from '@/lib/grantText';
import { emptyGrantTerms, grantTermsOf, GrantTermsFields, type GrantTermsDraft } from './grant/GrantTermsFields';
import { useTeamAction } from './useTeamData';
import styles from './team.module.css';
import { NoteField } from './kit/NoteField';

/** The server's cap on the message to the applicant (src/api/contracts/teamInformation.ts, APPLICANT_MESSAGE_MAX). */
const APPLICANT_MESSAGE_MAX = 4000;

type Verdict = DecisionBody['status'];

const verdictLabels: Record<Verdict, string> = { approved: 'Aprobar', rejected: 'Rechazar' };

type Reasons = NonNullable<ApplicationDetail['scoring']>['rubric']['reasons'];

/** Approve or reject, then the reason from the programme's list for that verdict (choosing a verdict clears the reason). */
function VerdictFields({ verdict, reason, reasons, onVerdict, onReason }: { verdict: Verdict | null; reason: string; reasons: Reasons; onVerdict: (value: Verdict) => void; onReason: (value: string) => void }) {
  return (
    <>
    <fieldset className={styles.criterion}>
      <legend className={styles.label}>Decisión</legend>
      <div className={styles.choices}>
        {(['approved', 'rejected'] as const).map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name="decision"
              value={value}
              checked={verdict === value}
              onChange={() => onVerdict(value)}
            />{' '}
            {verdictLabels[value]}
          </label>
        ))}
      </div>
    </fieldset>
    <div className={styles.field}>
      <label className={styles.label} htmlFor="decision-motivo">
        Motivo
      </label>
      <select id="decision-motivo" className={styles.input} value={reason} disabled={verdict === null} onChange={(event) => onReason(event.target.value)}>
        <option value="">{verdict === null ? 'Primero elige aprobar o rechazar' : 'Elige un motivo'}</option>
        {(verdict ? reasons[verdict] : []).map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
    </>
  );
}

/**
 * The decision (admin): approve or reject with a reason from the programme's list and an optional
 * message to the applicant (it goes in the decision email and on their page). It is the only way
 * to approve or reject; the decision email follows in its own panel. `children` are further fields
 * a decision may need (e.g. a grant's amount), rendered before the message.
 */
export function DecisionPanel({ application, onDecided, children }: { application: ApplicationDetail; onDecided: () => Promise<void>; children?: ReactNode }) {
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  // Approving a paying programme's application may carry the grant's amount: the grant is created with the decision.
  const [grant, setGrant] = useState<GrantTermsDraft>(emptyGrantTerms);
  const [grantProblem, setGrantProblem] = useState<string | null>(null);
  const paying = application.form !== 'office-hours';
  const { busy, outcome, run } = useTeamAction();
  const reasons = application.scoring?.rubric.reasons;
  const status = application.status;
  // The same transitions the server checks: a decision follows the review, never straight from Recibida.
  const open = status ? nextStatuses[status].some((next) => next === 'approved' || next === 'rejected') : false;
  if (!reasons || !status || (!open && !outcome && status !== 'received')) return null;

  const decide = (event: FormEvent) => {
    event.preventDefault();
    if (verdict === null || reason === '') {
      void run(async () => ({ tone: 'error', text: verdict === null ? 'Elige «Aprobar» o «Rechazar».' : 'Elige el motivo de la decisión.' }), '');
      return;
    }
    const withGrant = verdict === 'approved' && paying && grant.amount.trim() !== '';
    const terms = withGrant ? grantTermsOf(grant) : null;
    if (terms && !terms.ok) {
      setGrantProblem(terms.message);
      document.getElementById('decision-subvencion-monto')?.focus();
      return;
    }
    setGrantProblem(null);
    void run(async () => {
      const result = await teamApi.decide(application.reference, {
        status: verdict,
        reason,
        ...(message.trim() ? { applicantMessage: message.trim() } : {}),
        ...(terms?.ok ? { grant: terms.terms } : {}),
      });
      setVerdict(null);
      setReason('');
      setMessage('');
      setGrant(emptyGrantTerms);
      await onDecided();
      const parts = [
        `La solicitud quedó ${applicationStatusLabels[result.status].toLocaleLowerCase('es')} (motivo: ${result.reason.label}).`,
        terms?.ok ? `Creamos la beca de ${showAmount(terms.terms.amount, terms.terms.currency)}.` : '',
        'Ahora revisa y envía el correo de decisión.',
      ];
      return { tone: 'success', text: parts.filter(Boolean).join(' ') };
    }, 'No pudimos registrar la decisión. Inténtalo de nuevo.');
  };

  return (
    <ReviewSection id="revision-decidir" title="Decisión">
      {status === 'received' ? <p className={styles.muted}>Para decidir, primero pasa la solicitud a En revisión.</p> : null}
      {open ? (
        <form className={styles.stack} onSubmit={decide} noValidate>
          <VerdictFields
            verdict={verdict}
            reason={reason}
            reasons={reasons}
            onVerdict={(value) => {
              setVerdict(value);
              setReason('');
            }}
            onReason={setReason}
          />
          {verdict === 'approved' && paying ? (
            <GrantTermsFields
              id="decision-subvencion"
              label="Monto de la beca (opcional)"
              help="Crea la beca con la aprobación; puede diferir de lo solicitado. Si lo dejas vacío, la creas después en «Beca»."
              draft={grant}
              problem={grantProblem}
              onChange={setGrant}
            />
          ) : null}
          {children}
          <NoteField
            id="decision-mensaje"
            label="Mensaje para la persona solicitante (opcional)"
            help={{ id: 'decision-mensaje-ayuda', text: 'Va en el correo de decisión y en su página «Mi solicitud».' }}
            rows={3}
            maxLength={APPLICANT_MESSAGE_MAX}
            value={message}
            onChange={setMessage}
          />
          <div>
            <button type="submit" className={styles.button} disabled={busy}>
              Registrar la decisión
            </button>
          </div>
        </form>
      ) : null}
      <ActionNotice outcome={outcome} />
    </ReviewSection>
  );
}
