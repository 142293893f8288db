import { teamApi, type ApplicationDetail, type ReviewerScores, type TeamMember } from './api';
import { ActionNotice } from './Notice';
import { ReviewSection } from './ReviewSection';
import { DeclarationForm } from './DeclarationForm';
import { ReviewersAdmin } from './ReviewersAdmin';
import { ScoreForm } from './ScoreForm';
import { AggregateFacts, ScoresCard } from './ScoringFacts';
import { scoredOnVersion } from './scoringLabels';
import { useTeamAction } from './useTeamData';
import styles from './team.module.css';

/**
 * The member's own scores given on an earlier version: the mark, and the way to confirm them as they
 * are on the current version (or to change them in the form below). The outcome stays once the mark
 * is gone.
 */
function EarlierVersionScores({ reference, mine, current, canScore, onChanged }: { reference: string; mine: ReviewerScores | null; current: number | undefined; canScore: boolean; onChanged: () => Promise<void> }) {
  const { busy, outcome, run } = useTeamAction();
  const earlier = mine !== null && current !== undefined && mine.version < current;
  const confirm = () =>
    run(async () => {
      await teamApi.confirmScores(reference);
      await onChanged();
      return { tone: 'success', text: `Confirmaste tu puntaje sobre la versión ${current}, sin cambios.` };
    }, 'No pudimos confirmar tu puntaje. Inténtalo de nuevo.');
  return (
    <>
      {earlier ? (
        <div className={styles.earlierVersion}>
          <p>
            <strong>Tu puntaje: {scoredOnVersion(mine.version)}.</strong> La solicitud va por la versión {current}: revisa los <a href="#cambios">Cambios</a> junto a las respuestas
            {canScore ? ' y confirma tu puntaje tal como está o cámbialo abajo.' : '.'}
          </p>
          {canScore ? (
            <button type="button" className={styles.button} disabled={busy} onClick={() => void confirm()}>
              Confirmar mi puntaje sobre la versión {current}
            </button>
          ) : null}
        </div>
      ) : null}
      <ActionNotice outcome={outcome} />
    </>
  );
}

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
      <EarlierVersionScores reference={application.reference} mine={mine} current={application.version} canScore={scoring.canScore} onChanged={onChanged} />
      {scoring.canScore ? <ScoreForm reference={application.reference} criteria={criteria} mine={mine} onSaved={onChanged} /> : null}
      {!scoring.canScore && mine ? (
        <>
          <ScoresCard review={mine} criteria={criteria} title="Tu puntaje" currentVersion={application.version} />
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
            <ScoresCard key={review.member.id} review={review} criteria={criteria} title={review.member.email} currentVersion={application.version} />
          ))}
        </div>
      ) : (
        <p className={styles.muted}>{admin ? 'Nadie envió su puntaje todavía.' : 'Nadie más envió su puntaje todavía.'}</p>
      )}
      {admin ? <ReviewersAdmin application={application} scoring={scoring} onChanged={onChanged} /> : null}
    </ReviewSection>
  );
}
