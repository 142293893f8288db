import { showAmount } from '@/lib/grantText';
import { countOf } from '@/lib/plural';
import { DataTable, type Column } from '../kit/DataTable';
import styles from '../team.module.css';
import roundStyles from './Rounds.module.css';
import type { TeamRound } from './roundsApi';
import { orderedRounds } from '@/lib/roundOrder';
import { formatLocal, stateLabels } from './roundText';

const RECEIVED = { one: 'recibida', other: 'recibidas' };
const DECIDED = { one: 'decidida', other: 'decididas' };

export type RoundAction = 'review' | 'edit' | 'extend' | 'close';

type RoundsTableProps = {
  caption: string;
  rounds: readonly TeamRound[];
  /** Whether the admin's buttons (edit, extend or reopen, close now) are shown; every role may open the review set-up. */
  admin: boolean;
  onAction: (action: RoundAction, round: TeamRound, opener: HTMLButtonElement) => void;
};

/** A row's buttons: its review set-up (every role); for an admin, edit; extend (an open round) or reopen (a closed one, by extending it); close now (an open round). */
function RoundButtons({ round, admin, onAction }: { round: TeamRound; admin: boolean; onAction: RoundsTableProps['onAction'] }) {
  const button = (action: RoundAction, label: string) => (
    <button type="button" className={styles.secondaryButton} aria-label={`${label}: ${round.name}`} onClick={(event) => onAction(action, round, event.currentTarget)}>
      {label}
    </button>
  );
  return (
    <div className={roundStyles.buttons}>
      {button('review', 'Revisión')}
      {admin ? button('edit', 'Editar') : null}
      {admin && round.state === 'open' && round.closesLocal !== null ? button('extend', 'Extender') : null}
      {admin && round.state === 'closed' ? button('extend', 'Reabrir') : null}
      {admin && round.state === 'open' ? button('close', 'Cerrar ahora') : null}
    </div>
  );
}

/** What a round sets beyond its dates, one line each; a dash when none. */
function Conditions({ round }: { round: TeamRound }) {
  const lines = [
    round.graceHours > 0 ? `Gracia: ${round.graceHours} h (no se publica)` : null,
    round.budget ? `Presupuesto: ${showAmount(round.budget.amount, round.budget.currency)}` : null,
    round.cap === null ? null : `Máximo: ${round.cap} solicitudes`,
  ].filter((line): line is string => line !== null);
  return lines.length === 0 ? <>—</> : <Lines lines={lines} />;
}

/** One element holding the lines: a stacked cell (375 px) is a grid of its label and one value, so loose lines would fill the label's column. */
const Lines = ({ lines, className = roundStyles.line }: { lines: readonly string[]; className?: string }) => (
  <span className={roundStyles.lines}>
    {lines.map((line) => (
      <span key={line} className={className}>
        {line}
      </span>
    ))}
  </span>
);

/** A programme's rounds, open first, then upcoming, then past, with their counts. */
export function RoundsTable({ caption, rounds, admin, onAction }: RoundsTableProps) {
  const moment = (local: string | null, round: TeamRound) => formatLocal(local, round.timezone, 'short');
  const columns: ReadonlyArray<Column<TeamRound>> = [
    { key: 'name', header: 'Convocatoria', cell: (round) => round.name },
    { key: 'state', header: 'Estado', cell: (round) => stateLabels[round.state] },
    { key: 'opens', header: 'Abre', cell: (round) => moment(round.opensLocal, round) ?? '—' },
    { key: 'closes', header: 'Cierra', cell: (round) => moment(round.closesLocal, round) ?? 'Sin fecha de cierre' },
    { key: 'conditions', header: 'Condiciones', cell: (round) => <Conditions round={round} /> },
    {
      key: 'counts',
      header: 'Solicitudes',
      cell: ({ counts }) => <Lines lines={[countOf(counts.received, RECEIVED), `${counts.inReview} en revisión`, countOf(counts.decided, DECIDED)]} className={roundStyles.count} />,
    },
    { key: 'actions', header: <span className={styles.visuallyHidden}>Acciones</span>, cell: (round) => <RoundButtons round={round} admin={admin} onAction={onAction} /> },
  ];
  return <DataTable caption={caption} columns={columns} rows={orderedRounds(rounds)} rowKey={(round) => round.id} stacked className={styles.stackedTable} />;
}
