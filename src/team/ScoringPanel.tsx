import type { ApplicationDetail, TeamMember } from './api';
import { ReviewSection } from './ReviewSection';
import { DeclarationForm } from './DeclarationForm';
import { ReviewersAdmin } from './ReviewersAdmin';
import { ScoreForm } from './ScoreForm';
import { AggregateFacts, ScoresCard } from './ScoringFacts';
import styles from './team.module.css';

/**
 * Scoring an application against its programme's rubric. An assigned reviewer declares first
 * (the server gives them nothing else until then), then scores every criterion and recommends;
 * only after sending their own do they see the others' scores and the aggregate, and they can
 * change theirs until the decision. Admins see every score, declaration and the aggregate, and
 * choose the reviewers.
 */
export function ScoringPanel({ application, member, onChanged }: { application: ApplicationDetail; member: TeamMember; onChanged: () => Promise<void> }) {
  const scoring = application.scoring;
  if (!scoring) return null;
  const admin = member.role === 'admin';
  const { assignment, scores: mine } = scoring.mine;
  const criteria = scoring.rubric.criteria;
  const decided = application.status === 'approved' || application.status === 'rejected';

  return (
    <ReviewSection id="revision-puntaje" title="Puntaje">
      {scoring.aggregate ? <AggregateFacts aggregate={scoring.aggregate} threshold={scoring.rubric.disagreementThreshold} /> : null}
      {assignment && assignment.declaration === null ? <DeclarationForm reference={application.reference} onDeclared={async () => onChanged()} /> : null}
      {scoring.canScore ? <ScoreForm reference={application.reference} criteria={criteria} mine={mine} onSaved={onChanged} /> : null}
      {!scoring.canScore && mine ? (
        <>
          <ScoresCard review={mine} criteria={criteria} title="Tu puntaje" />
          {decided ? <p className={styles.muted}>Ya hay una decisión: tu puntaje no se puede cambiar.</p> : null}
        </>
      ) : null}
      {!assignment && !admin ? <p className={styles.muted}>No tienes asignada esta solicitud, así que no te toca puntuarla.</p> : null}
      {scoring.others === null ? (
        assignment ? <p className={styles.muted}>Verás los puntajes de las demás personas después de enviar el tuyo.</p> : null
      ) : scoring.others.length > 0 ? (
        <div className={styles.stack}>
          <h3 className={styles.criterionTitle}>{admin ? 'Puntajes enviados' : 'Puntajes de las demás personas'}</h3>
          {scoring.others.map((review) => (
            <ScoresCard key={review.member.id} review={review} criteria={criteria} title={review.member.email} />
          ))}
        </div>
      ) : (
        <p className={styles.muted}>{admin ? 'Nadie envió su puntaje todavía.' : 'Nadie más envió su puntaje todavía.'}</p>
      )}
      {admin ? <ReviewersAdmin application={application} scoring={scoring} onChanged={onChanged} /> : null}
    </ReviewSection>
  );
}
