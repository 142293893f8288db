import type { ApplicantApplicationDetail } from '@/api/applicant';
import { isSettled } from '@/lib/applicationStatus';
import { classNames } from '@/lib/classNames';
import { formatDateTime } from './format';
import styles from './applicant.module.css';

type Step = ApplicantApplicationDetail['steps'][number];

/**
 * The status as a stepper, in the team's words: every status the application went through, each
 * with its date, the last one marked as the current step. Until there is a decision, a last step
 * "Decisión" without a date says what is still to come.
 */
export function StatusStepper({ steps, status }: { steps: readonly Step[]; status: Step['status'] }) {
  const pending = !isSettled(status);
  return (
    <ol className={styles.stepper} aria-label="Estado de la solicitud">
      {steps.map((step, index) => {
        const current = index === steps.length - 1;
        return (
          <li key={`${step.status}-${step.at}`} className={classNames(styles.step, current && styles.stepCurrent)} aria-current={current ? 'step' : undefined}>
            <span aria-hidden="true" className={styles.stepMark} />
            <p className={styles.stepLabel}>
              {step.label}
              {current ? <span className="sr-only"> (estado actual)</span> : null}
            </p>
            <p className={styles.stepDate}>
              <time dateTime={step.at}>{formatDateTime(step.at)}</time>
            </p>
          </li>
        );
      })}
      {pending ? (
        <li className={classNames(styles.step, styles.stepPending)}>
          <span aria-hidden="true" className={styles.stepMark} />
          <p className={styles.stepLabel}>Decisión</p>
          <p className={classNames(styles.stepDate, styles.muted)}>Pendiente</p>
        </li>
      ) : null}
    </ol>
  );
}
