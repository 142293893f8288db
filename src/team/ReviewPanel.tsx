import { useState, type FormEvent } from 'react';
import { applicationStatusLabels, nextStatuses, type ApplicationStatus } from '@/lib/applicationStatus';
import { teamApi, type ApplicationDetail, type TeamMember } from './api';
import { formatDateTime } from './format';
import { canReview } from './labels';
import { useTeamAction, useTeamData } from './useTeamData';
import { ActionNotice } from './Notice';
import { ReviewSection } from './ReviewSection';
import styles from './team.module.css';


/** The wording of the button that moves an application to a status. */
export function moveLabel(status: ApplicationStatus): string {
  return status === 'in_review' ? 'Pasar a En revisión' : `Marcar como ${applicationStatusLabels[status]}`;
}

/**
 * The application's status and who it is assigned to. Reviewers and admins get one button per
 * status the application may move to next (the same table the server checks) and the assign menu;
 * finance reads them only.
 */
export function ReviewPanel({ application, member, onChanged }: { application: ApplicationDetail; member: TeamMember; onChanged: () => Promise<void> }) {
  const status = application.status;
  const reviewer = canReview(member.role);
  const { busy, outcome, run } = useTeamAction();
  const assignees = useTeamData(() => (reviewer ? teamApi.assignees() : Promise.resolve({ members: [] })), [reviewer]);
  const [chosen, setChosen] = useState<string | null>(null);
  const assigneeValue = chosen ?? application.assignee?.id ?? '';
  if (!status) return null;

  const move = (to: ApplicationStatus) =>
    run(async () => {
      const result = await teamApi.changeStatus([application.reference], to);
      const refused = result.unchanged.find((item) => item.reference === application.reference);
      if (refused) return { tone: 'error', text: refused.reason };
      await onChanged();
      return { tone: 'success', text: `La solicitud pasó a ${applicationStatusLabels[to]}.` };
    }, 'No pudimos cambiar el estado. Inténtalo de nuevo.');

  const assign = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const { assignee } = await teamApi.assign(application.reference, assigneeValue === '' ? null : assigneeValue);
      setChosen(null);
      await onChanged();
      return { tone: 'success', text: assignee ? `La solicitud quedó asignada a ${assignee.email}.` : 'La solicitud quedó sin asignar.' };
    }, 'No pudimos cambiar la asignación. Inténtalo de nuevo.');
  };

  const next = nextStatuses[status];
  const members = assignees.state === 'ready' ? assignees.data.members : [];
  // The current assignee stays in the menu even if they are no longer an active reviewer.
  const options = application.assignee && !members.some((option) => option.id === application.assignee?.id) ? [application.assignee, ...members] : members;

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
      {reviewer && next.length === 0 ? <p className={styles.muted}>Una solicitud retirada no cambia más de estado.</p> : null}
      {reviewer ? (
        <form className={styles.assignForm} onSubmit={assign}>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="asignar">
              Asignada a
            </label>
            <select id="asignar" className={styles.input} value={assigneeValue} onChange={(event) => setChosen(event.target.value)}>
              <option value="">Sin asignar</option>
              {options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.email === member.email ? `${option.email} (tú)` : option.email}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={styles.secondaryButton} disabled={busy || assigneeValue === (application.assignee?.id ?? '')}>
            Guardar asignación
          </button>
        </form>
      ) : (
        <p>
          <strong>Asignada a:</strong> {application.assignee ? application.assignee.email : 'sin asignar'}
        </p>
      )}
      <ActionNotice outcome={outcome} />
    </ReviewSection>
  );
}
