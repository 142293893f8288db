import { formatDay, showAmount } from '../../lib/grantText';
import type { MilestoneState } from '../../lib/grants';
import { GrantBadge } from './GrantBadge';
import styles from './grant.module.css';
import factsStyles from '../facts.module.css';

type Milestone = { position: number; title: string; state: MilestoneState; stateLabel: string; dueDate: string; amount: string; doneCriteria: string };

/**
 * A milestone's heading (its number, title and state) and its facts: due date, amount and what
 * counts as done. The same on the team's page and the grantee's, whose page gives the date in full.
 */
export function MilestoneSummary({ milestone, currency, day }: { milestone: Milestone; currency: string; day?: 'long' }) {
  return (
    <>
      <h4 className={styles.milestoneHead}>
        <span>
          Hito {milestone.position}: {milestone.title}
        </span>
        <GrantBadge state={milestone.state} label={milestone.stateLabel} />
      </h4>
      <dl className={factsStyles.facts}>
        <dt>Fecha límite</dt>
        <dd>
          <time dateTime={milestone.dueDate}>{formatDay(milestone.dueDate, day)}</time>
        </dd>
        <dt>Monto</dt>
        <dd>{showAmount(milestone.amount, currency)}</dd>
        <dt>Criterio de cumplimiento</dt>
        <dd className={styles.criteria}>{milestone.doneCriteria}</dd>
      </dl>
    </>
  );
}
