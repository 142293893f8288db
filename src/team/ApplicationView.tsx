import { useCallback, useEffect, useState } from 'react';
import { useHydrated } from '@/forms/kit/useHydrated';
import { teamApi, teamPaths, type ApplicationAnswer, type ApplicationDetail, type RestrictedApplication, type TeamMember } from './api';
import { AnswerList } from './Answers';
import { ApplicantFeedback, ApplicantQuestions, InformationRequestPanel } from './ApplicantSide';
import { VersionsAndChanges } from './Changes';
import { DecisionEmail } from './DecisionEmail';
import { DecisionPanel } from './DecisionPanel';
import { formatBytes, formatDateTime } from './format';
import { GranteeIdPanel } from './GranteeIdPanel';
import { GrantSection } from './grant/GrantSection';
import { InternalNotes } from './InternalNotes';
import { canReview } from './labels';
import { teamRoutes } from '@/lib/team';
import { PaymentDetails } from './PaymentDetails';
import { ReviewPanel } from './ReviewPanel';
import { DeclarationForm } from './DeclarationForm';
import { ScoringPanel } from './ScoringPanel';
import { StatusHistory } from './StatusHistory';
import { failureMessage, useTeamData, type ActionOutcome } from './useTeamData';
import { ActionNotice, Notice, LoadFailure } from './Notice';
import styles from './team.module.css';

/** Another application linked by reapplying: a link, or, under blind review, what the server put in its place (nothing to follow). */
function LinkedApplication({ reference, blind }: { reference: string; blind: boolean }) {
  return blind ? <span>{reference} hasta la decisión</span> : <a href={teamRoutes.application(reference)}>{reference}</a>;
}

/**
 * Every answer of the current version under its form label, section by section in the form's order
 * (the server reads the form definitions and sends the answers labelled, so the definitions stay
 * their one description), after the version and its "Cambios".
 */
function Answers({ application }: { application: ApplicationDetail }) {
  return (
    <>
      <ul className={styles.facts}>
        <li>
          <strong>Programa:</strong> {application.programme}
        </li>
        <li>
          <strong>Enviada:</strong> <time dateTime={application.submittedAt}>{formatDateTime(application.submittedAt)}</time>
        </li>
        {application.version !== undefined ? (
          <li>
            <strong>Versión:</strong> {application.version}
          </li>
        ) : null}
        {application.reapplication?.previous ? (
          <li>
            <strong>Solicitud anterior:</strong> <LinkedApplication reference={application.reapplication.previous} blind={application.blind === true} />
          </li>
        ) : null}
        {application.reapplication && application.reapplication.later.length > 0 ? (
          <li>
            <strong>{application.reapplication.later.length === 1 ? 'Solicitud nueva' : 'Solicitudes nuevas'}:</strong>{' '}
            {application.reapplication.later.map((reference, index) => (
              <span key={reference}>
                {index > 0 ? ', ' : null}
                <LinkedApplication reference={reference} blind={application.blind === true} />
              </span>
            ))}
          </li>
        ) : null}
      </ul>
      {application.file ? (
        <div className={styles.download}>
          <span>
            Propuesta adjunta: <strong>{application.file.name}</strong> <span className={styles.nowrap}>({formatBytes(application.file.size)})</span>
          </span>
          <a className={styles.button} href={teamPaths.applicationFile(application.id)} download>
            Descargar la propuesta
          </a>
        </div>
      ) : (
        <p className={styles.muted}>Esta solicitud no trae archivo adjunto.</p>
      )}
      <VersionsAndChanges application={application} />
      {application.sections.map((section, index) => (
        <section key={section.title} className={styles.section} aria-labelledby={`seccion-${index}`}>
          <h2 id={`seccion-${index}`} className={styles.subtitle}>
            {section.title}
          </h2>
          <AnswerList answers={section.answers} />
        </section>
      ))}
    </>
  );
}

/**
 * An application with its review workflow: status and its next steps, assignee, the
 * decision email, the grantee ID (admin), history and internal notes beside the answers; the
 * payment details after them, for the finance role only (the server sends them to no one else).
 * Grantee finance records have no workflow and show their answers alone.
 */
function ApplicationWithReview({ application, member, refresh }: { application: ApplicationDetail; member: TeamMember; refresh: () => Promise<void> }) {
  if (!application.status) return <Answers application={application} />;
  return (
    <div className={styles.detailLayout}>
      <aside className={styles.reviewColumn} aria-label="Revisión">
        <ScoringPanel application={application} member={member} onChanged={refresh} />
        <ReviewPanel application={application} member={member} onChanged={refresh} />
        {member.role === 'admin' ? <DecisionPanel application={application} onDecided={refresh} /> : null}
        <InformationRequestPanel application={application} member={member} onSent={refresh} />
        <ApplicantFeedback application={application} />
        {canReview(member.role) ? <DecisionEmail application={application} onSent={refresh} /> : null}
        {member.role === 'admin' ? <GranteeIdPanel application={application} onIssued={refresh} /> : null}
        <StatusHistory history={application.history ?? []} />
        <InternalNotes reference={application.reference} notes={application.notes ?? []} canWrite={canReview(member.role)} />
      </aside>
      <div className={styles.answersColumn}>
        <GrantSection application={application} member={member} />
        <ApplicantQuestions application={application} />
        <Answers application={application} />
        {member.role === 'finance' && application.paymentDetails ? <PaymentDetails versions={application.paymentDetails} /> : null}
      </div>
    </div>
  );
}

/**
 * What an assigned reviewer gets before declaring (the reference, the programme and the prompt) or
 * after declaring a conflict (the reference and why there is nothing more).
 */
function Restricted({ application, onDeclared }: { application: RestrictedApplication; onDeclared: (outcome: ActionOutcome) => Promise<void> }) {
  if (application.access === 'recused') {
    return <p className={styles.lead}>Declaraste un conflicto de interés con esta solicitud: no ves sus respuestas, puntajes, notas ni historial.</p>;
  }
  return (
    <div className={styles.detailLayout}>
      <div className={styles.answersColumn}>
        {application.programme ? (
          <ul className={styles.facts}>
            <li>
              <strong>Programa:</strong> {application.programme}
            </li>
          </ul>
        ) : null}
        <section className={styles.panel}>
          <DeclarationForm reference={application.reference} onDeclared={onDeclared} />
        </section>
      </div>
    </div>
  );
}

const isRestricted = (answer: ApplicationAnswer): answer is RestrictedApplication => 'access' in answer;

/** The reference in ?id= (a static export has no dynamic routes), or null when there is none. */
export function referenceFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get('id');
  return id && id.trim() !== '' ? id.trim() : null;
}

/** One application, its answers and its proposal; the page title names its reference once loaded. */
export function ApplicationView({ member, onReference }: { member: TeamMember; onReference?: (reference: string) => void }) {
  const id = useHydrated() ? referenceFromSearch(window.location.search) : undefined;
  const application = useTeamData(() => (id ? teamApi.application(id) : new Promise<ApplicationAnswer>(() => undefined)), [id]);
  // After a change the application is fetched again in place, so the panels keep their messages and focus.
  const [fresh, setFresh] = useState<ApplicationAnswer | null>(null);
  // What a declaration did: the page it came from is replaced, so the message is the page's.
  const [declared, setDeclared] = useState<ActionOutcome | null>(null);
  const current = fresh ?? (application.state === 'ready' ? application.data : null);
  const reference = current?.reference ?? null;
  useEffect(() => {
    if (reference) onReference?.(reference);
  }, [reference, onReference]);
  const refresh = useCallback(async () => {
    if (!id) return;
    try {
      setFresh(await teamApi.application(id));
    } catch {
      // The change itself succeeded; the page keeps what it shows until the next load.
    }
  }, [id]);
  const afterDeclaring = useCallback(
    async (outcome: ActionOutcome) => {
      await refresh();
      setDeclared(outcome);
    },
    [refresh],
  );

  return (
    <>
      <p>
        <a href={teamRoutes.inbox} className={styles.backLink}>
          ← Volver a las solicitudes
        </a>
      </p>
      {id === null ? (
        <Notice tone="error">
          El enlace está incompleto. <a href={teamRoutes.inbox}>Vuelve a las solicitudes</a> y elige una.
        </Notice>
      ) : null}
      {id && application.state === 'loading' ? <p role="status">Cargando la solicitud…</p> : null}
      {id && application.state === 'error' ? <LoadFailure>{application.status === 404 ? 'No encontramos esa solicitud.' : failureMessage(application.status)}</LoadFailure> : null}
      <ActionNotice outcome={declared} />
      {id && current && isRestricted(current) ? <Restricted application={current} onDeclared={afterDeclaring} /> : null}
      {id && current && !isRestricted(current) ? <ApplicationWithReview application={current} member={member} refresh={refresh} /> : null}
    </>
  );
}
