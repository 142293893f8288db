import { useState, type FormEvent } from 'react';
import { teamApi, type ApplicationDetail, type ScoringPart } from './api';
import { ActionNotice } from './Notice';
import { useTeamAction, useTeamData } from './useTeamData';
import { MemberChoices } from './MemberChoices';
import styles from './team.module.css';

const declarationText = (declaration: 'none' | 'conflict' | null, reason: string | null | undefined): string => {
  if (declaration === 'none') return 'Sin conflicto';
  if (declaration === 'conflict') return reason ? `Conflicto: ${reason}` : 'Conflicto';
  return 'Todavía no declaró';
};

/**
 * The admin's part: who reviews the application (any active reviewer or admin, several at once)
 * and each one's declaration and whether they sent their scores.
 */
export function ReviewersAdmin({ application, scoring, onChanged }: { application: ApplicationDetail; scoring: ScoringPart; onChanged: () => Promise<void> }) {
  const assignees = useTeamData(() => teamApi.assignees(), []);
  const assignments = scoring.assignments ?? [];
  const current = assignments.map((assignment) => assignment.member.id);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const selected = chosen ?? current;
  const { busy, outcome, run } = useTeamAction();
  const members = assignees.state === 'ready' ? assignees.data.members : [];
  // Assigned members stay in the list even if they are no longer active reviewers.
  const options = [...assignments.map((assignment) => assignment.member).filter((member) => !members.some((option) => option.id === member.id)), ...members];
  const unchanged = selected.length === current.length && selected.every((id) => current.includes(id));

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const result = await teamApi.setReviewers(application.reference, selected);
      setChosen(null);
      await onChanged();
      const emails = result.assignments.map((assignment) => assignment.member.email);
      return { tone: 'success', text: emails.length > 0 ? `Revisan la solicitud: ${emails.join(', ')}.` : 'La solicitud quedó sin revisores.' };
    }, 'No pudimos guardar los revisores. Inténtalo de nuevo.');
  };

  return (
    <div className={styles.stack}>
      <h3 className={styles.criterionTitle}>Revisores y declaraciones</h3>
      {assignments.length === 0 ? (
        <p className={styles.muted}>Nadie revisa esta solicitud todavía.</p>
      ) : (
        <ul className={styles.plainList} aria-label="Declaraciones de quienes revisan">
          {assignments.map((assignment) => (
            <li key={assignment.member.id}>
              <span className={styles.breakAnywhere}>{assignment.member.email}</span>: {declarationText(assignment.declaration, assignment.conflictReason)}
              {assignment.declaration === 'none' ? (assignment.submitted ? ' · puntaje enviado' : ' · falta su puntaje') : null}
            </li>
          ))}
        </ul>
      )}
      <form className={styles.stack} onSubmit={save}>
        <fieldset className={styles.criterion}>
          <legend className={styles.label}>Quiénes revisan</legend>
          {assignees.state === 'loading' ? <p role="status">Cargando el equipo…</p> : null}
          <div className={styles.choices}>
            <MemberChoices options={options} chosen={selected} onChange={setChosen} />
          </div>
        </fieldset>
        <div>
          <button type="submit" className={styles.secondaryButton} disabled={busy || unchanged}>
            Guardar revisores
          </button>
        </div>
        <ActionNotice outcome={outcome} />
      </form>
    </div>
  );
}
