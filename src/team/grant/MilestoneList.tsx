import { useState } from 'react';
import { formatBytes, formatDateTime } from '../format';
import { ActionNotice } from '../Notice';
import { useTeamAction, type ActionOutcome } from '../useTeamData';
import { grantApi, grantPaths, type TeamGrant, type TeamMilestone, type TeamMilestoneReport } from './grantApi';
import teamStyles from '../team.module.css';
import styles from './grant.module.css';
import { ReportLinks } from '@/components/grant/GrantBadge';
import { MilestoneSummary } from '@/components/grant/MilestoneSummary';
import grantStyles from '@/components/grant/grant.module.css';

/** The server's cap on a review comment (src/api/contracts/grants.ts, REVIEW_COMMENT_MAX). */
const REVIEW_COMMENT_MAX = 5000;


function ReportVersion({ report, fileHref }: { report: TeamMilestoneReport; fileHref: string }) {
  return (
    <li>
      <p className={styles.reportMeta}>
        Versión {report.version} · enviada el <time dateTime={report.submittedAt}>{formatDateTime(report.submittedAt)}</time>
      </p>
      <p className={styles.reportBody}>{report.body}</p>
      <ReportLinks links={report.links} version={report.version} />
      {report.file ? (
        <p>
          <a className={grantStyles.fileLink} href={fileHref} download>
            Descargar {report.file.name}
          </a>{' '}
          <span className={teamStyles.nowrap}>({formatBytes(report.file.size)})</span>
        </p>
      ) : null}
      {report.decision ? (
        <p className={styles.decision}>
          {report.decision === 'accepted' ? 'Aceptado' : 'Cambios pedidos'}
          {report.reviewedAt ? (
            <>
              {' '}
              el <time dateTime={report.reviewedAt}>{formatDateTime(report.reviewedAt)}</time>
            </>
          ) : null}
          {report.reviewedBy ? <> por {report.reviewedBy}</> : null}
          {report.comment ? <>: {report.comment}</> : '.'}
        </p>
      ) : (
        <p className={teamStyles.muted}>Esperando revisión.</p>
      )}
    </li>
  );
}

/** "Aceptar" or "Pedir cambios" (with the comment the grantee receives) on the latest, undecided report. */
function ReviewReport({ reference, milestone, report, onReviewed }: { reference: string; milestone: TeamMilestone; report: TeamMilestoneReport; onReviewed: (grant: TeamGrant, outcome: ActionOutcome) => void }) {
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, outcome, run } = useTeamAction();
  const id = `revision-hito-${milestone.id}`;

  const decide = (decision: 'accepted' | 'changes_requested') => {
    const text = comment.trim();
    if (decision === 'changes_requested' && text === '') {
      setProblem('Escribe qué cambios pides: la persona beneficiaria lo recibe por correo.');
      document.getElementById(id)?.focus();
      return;
    }
    setProblem(null);
    void run(async () => {
      const grant = await grantApi.review(reference, milestone.id, { version: report.version, decision, ...(text ? { comment: text } : {}) });
      onReviewed(grant, {
        tone: 'success',
        text:
          decision === 'accepted'
            ? `Aceptaste el informe del hito ${milestone.position}. Le avisamos por correo a la persona beneficiaria.`
            : `Pediste cambios en el hito ${milestone.position}. Le avisamos por correo a la persona beneficiaria con tu comentario.`,
      });
      return null;
    }, 'No pudimos guardar la revisión. Tu comentario sigue aquí: inténtalo de nuevo.');
  };

  return (
    <div className={teamStyles.noteForm} role="group" aria-label={`Revisar la versión ${report.version} del hito ${milestone.position}`}>
      <div className={teamStyles.field}>
        <label className={teamStyles.label} htmlFor={id}>
          Comentario para la persona beneficiaria (obligatorio para pedir cambios)
        </label>
        <textarea
          id={id}
          className={teamStyles.input}
          rows={3}
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        {problem ? (
          <p id={`${id}-error`} className={teamStyles.fieldError}>
            {problem}
          </p>
        ) : null}
      </div>
      <div className={teamStyles.actionRow}>
        <button type="button" className={teamStyles.button} disabled={busy} onClick={() => decide('accepted')}>
          Aceptar
        </button>
        <button type="button" className={teamStyles.secondaryButton} disabled={busy} onClick={() => decide('changes_requested')}>
          Pedir cambios
        </button>
      </div>
      <ActionNotice outcome={outcome} />
    </div>
  );
}

/** The grant's milestones in order: state, what counts as done, due date, amount, and every report version. */
export function MilestoneList({ grant, reference, canReview, onReviewed }: { grant: TeamGrant; reference: string; canReview: boolean; onReviewed: (grant: TeamGrant, outcome: ActionOutcome) => void }) {
  if (grant.milestones.length === 0) return <p className={teamStyles.muted}>Todavía no hay hitos definidos.</p>;
  return (
    <ol className={grantStyles.milestones} aria-label="Hitos de la beca">
      {grant.milestones.map((milestone) => {
        const latest = milestone.reports.at(-1);
        return (
          <li key={milestone.id} className={grantStyles.milestone}>
            <MilestoneSummary milestone={milestone} currency={grant.currency} />
            {milestone.reports.length > 0 ? (
              <ol className={grantStyles.versions} aria-label={`Informes del hito ${milestone.position}`}>
                {milestone.reports.map((report) => (
                  <ReportVersion key={report.version} report={report} fileHref={grantPaths.reportFile(reference, milestone.id, report.version)} />
                ))}
              </ol>
            ) : (
              <p className={teamStyles.muted}>Todavía no hay informes.</p>
            )}
            {canReview && latest && latest.decision === null && grant.state === 'active' ? <ReviewReport reference={reference} milestone={milestone} report={latest} onReviewed={onReviewed} /> : null}
          </li>
        );
      })}
    </ol>
  );
}
