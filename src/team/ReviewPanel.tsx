import { applicationStatusLabels, nextStatuses, type ApplicationStatus } from '@/lib/applicationStatus';
import { teamApi, type ApplicationDetail, type TeamMember } from './api';
import { formatDateTime } from './format';
import { canReview } from './labels';
import { useTeamAction } from './useTeamData';
import { ActionNotice } from './Notice';
import { ReviewSection } from './ReviewSection';
import styles from './team.module.css';


/** The wording of the button that moves an application to a status. */
export function moveLabel(status: ApplicationStatus): string {
  return status === 'in_review' ? 'Pasar a En revisión' : `Marcar como ${applicationStatusLabels[status]}`;
}

/** Approving and rejecting take a reason: they are DecisionPanel's, never a bare status button. */
const isDecision = (status: ApplicationStatus): boolean => status === 'approved' || status === 'rejected';

/**
 * The application's status and who reviews it. Reviewers and admins get one button per status the
 * application may move to next (the same table the server checks), except approving and rejecting,
 * which the decision panel does with a reason; admins choose the reviewers in the scoring panel.
 * Finance reads them only.
 */
export function ReviewPanel({ application, member, onChanged }: { application: ApplicationDetail; member: TeamMember; onChanged: () => Promise<void> }) {
  const status = application.status;
  const reviewer = canReview(member.role);
  const { busy, outcome, run } = useTeamAction();
  if (!status) return null;

  const move = (to: ApplicationStatus) =>
    run(async () => {
      const result = await teamApi.changeStatus([application.reference], to);
      const refused = result.unchanged.find((item) => item.reference === application.reference);
      if (refused) return { tone: 'error', text: refused.reason };
      await onChanged();
      return { tone: 'success', text: `La solicitud pasó a ${applicationStatusLabels[to]}.` };
    }, 'No pudimos cambiar el estado. Inténtalo de nuevo.');

  const next = nextStatuses[status].filter((to) => !isDecision(to));
  const reviewers = application.reviewers ?? (application.assignee ? [application.assignee] : []);

  return (
    <ReviewSection id="revision-estado" title="Estado">
      <p className={styles.statusLine}>
        <span className={styles.statusBadge}>{applicationStatusLabels[status]}</span>
        {application.statusChangedAt ? (
          <span className={styles.muted}>
            desde el <time dateTime={application.statusChangedAt}>{formatDateTime(application.statusChangedAt)}</time>
          </span>
        ) : null}
      </p>
      {reviewer && next.length > 0 ? (
        <div className={styles.actionRow} role="group" aria-label="Cambiar el estado">
          {next.map((to) => (
            <button key={to} type="button" className={to === 'withdrawn' ? styles.dangerButton : styles.secondaryButton} disabled={busy} onClick={() => move(to)}>
              {moveLabel(to)}
            </button>
          ))}
        </div>
      ) : null}
      {reviewer && status === 'withdrawn' ? <p className={styles.muted}>Una solicitud retirada ya no cambia de estado.</p> : null}
      <p>
        <strong>Revisan:</strong>{' '}
        {reviewers.length > 0 ? (
          reviewers.map((person, index) => (
            <span key={person.id} className={styles.breakAnywhere}>
              {index > 0 ? ', ' : ''}
              {person.email === member.email ? `${person.email} (tú)` : person.email}
            </span>
          ))
        ) : (
          <span className={styles.muted}>sin asignar</span>
        )}
      </p>
      <ActionNotice outcome={outcome} />
    </ReviewSection>
  );
}
