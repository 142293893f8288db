import { APPLICATION_STATUSES, applicationStatusLabels, isApplicationStatus, type ApplicationStatus } from '@/lib/applicationStatus';
import styles from '../team.module.css';

/** A choice of status, or none (''): the inbox filter and the bulk bar. */
export function StatusSelect({
  id,
  value,
  onChange,
  emptyLabel,
  withoutDecisions = false,
}: {
  id: string;
  value: ApplicationStatus | '';
  onChange: (status: ApplicationStatus | '') => void;
  emptyLabel: string;
  /** The bulk bar: approving and rejecting take a reason, one application at a time (DecisionPanel). */
  withoutDecisions?: boolean;
}) {
  const codes = withoutDecisions ? APPLICATION_STATUSES.filter((code) => code !== 'approved' && code !== 'rejected') : APPLICATION_STATUSES;
  return (
    <select id={id} className={styles.input} value={value} onChange={(event) => onChange(isApplicationStatus(event.target.value) ? event.target.value : '')}>
      <option value="">{emptyLabel}</option>
      {codes.map((code) => (
        <option key={code} value={code}>
          {applicationStatusLabels[code]}
        </option>
      ))}
    </select>
  );
}
