import type { ReviewAggregate, ReviewerScores, RubricCriterion } from './api';
import { formatDateTime, formatScore } from './format';
import { recommendationLabels, reviewsDone, scoredOnVersion } from './scoringLabels';
import styles from './team.module.css';

/** The aggregate of the submitted scores: weighted mean, reviews done of assigned, spread, and "Desacuerdo". */
export function AggregateFacts({ aggregate, threshold }: { aggregate: ReviewAggregate; threshold: number }) {
  return (
    <dl className={styles.scoreFacts}>
      <div>
        <dt>Puntaje</dt>
        <dd>{aggregate.score === null ? 'sin puntajes' : `${formatScore(aggregate.score)} de 5`}</dd>
      </div>
      <div>
        <dt>Revisiones</dt>
        <dd>{reviewsDone(aggregate)}</dd>
      </div>
      <div>
        <dt>Dispersión</dt>
        <dd>{formatScore(aggregate.spread)}</dd>
      </div>
      {aggregate.disagreement ? (
        <div>
          <dt className={styles.visuallyHidden}>Alerta</dt>
          <dd>
            <DisagreementBadge />: los totales difieren en {formatScore(threshold)} puntos o más.
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The mark of an application whose reviewers' totals differ by the threshold or more. */
export function DisagreementBadge() {
  return (
    <span className={styles.disagreementBadge} title="Los totales de quienes revisaron difieren en el umbral configurado o más">
      Desacuerdo
    </span>
  );
}

/**
 * A reviewer's submitted scores: total, recommendation ("puntuado sobre la versión 1" when given on an
 * earlier version than `currentVersion`), then each criterion's score and comment.
 */
export function ScoresCard({ review, criteria, title, currentVersion }: { review: ReviewerScores; criteria: RubricCriterion[]; title: string; currentVersion?: number }) {
  const labelOf = (key: string) => criteria.find((criterion) => criterion.key === key)?.label ?? key;
  return (
    <article className={styles.scoreCard} aria-label={title}>
      <p className={styles.scoreCardTitle}>
        <span className={styles.breakAnywhere}>{title}</span>: <strong>{formatScore(review.total)}</strong> de 5 · {recommendationLabels[review.recommendation]}
        {currentVersion !== undefined && review.version < currentVersion ? <> · <strong>{scoredOnVersion(review.version)}</strong></> : null}
      </p>
      <ul className={styles.plainList}>
        {review.scores.map((item) => (
          <li key={item.criterion}>
            {labelOf(item.criterion)}: <strong>{item.score}</strong>
            {item.comment ? <span className={styles.scoreComment}> — {item.comment}</span> : null}
          </li>
        ))}
      </ul>
      <p className={styles.timelineMeta}>
        Enviado el <time dateTime={review.updatedAt}>{formatDateTime(review.updatedAt)}</time>
      </p>
    </article>
  );
}
