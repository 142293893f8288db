import { applicationStatusLabels } from '@/lib/applicationStatus';
import { actorLabel } from '@/lib/team';
import type { StatusChange } from './api';
import { formatDateTime } from './format';
import { ReviewSection } from './ReviewSection';
import styles from './team.module.css';

/** Every status change, oldest first: the receipt (from the public form), then who moved it and when. */
export function StatusHistory({ history }: { history: StatusChange[] }) {
  return (
    <ReviewSection id="revision-historial" title="Historial">
      <ol className={styles.timeline}>
        {history.map((change, index) => (
          <li key={`${change.at}-${index}`}>
            <p className={styles.timelineWhat}>
              {change.from === null ? (
                <>Recibida por el formulario público</>
              ) : (
                <>
                  <span className={styles.visuallyHidden}>De </span>
                  {applicationStatusLabels[change.from]} <span aria-hidden="true">→</span>
                  <span className={styles.visuallyHidden}> a</span> {applicationStatusLabels[change.to]}
                </>
              )}
            </p>
            {change.reason ? <p>Motivo: {change.reason.label}</p> : null}
            <p className={styles.timelineMeta}>
              <time dateTime={change.at}>{formatDateTime(change.at)}</time>
              {change.by ? <span className={styles.breakAnywhere}> · {actorLabel(change.by)}</span> : null}
            </p>
          </li>
        ))}
      </ol>
    </ReviewSection>
  );
}
