import { showAmount } from '@/lib/grantText';
import { DataTable, type Column } from '../kit/DataTable';
import styles from '../team.module.css';
import type { TeamRound } from './roundsApi';
import { formatLocal, orderedRounds, stateLabels } from './roundText';

export type RoundAction = 'edit' | 'extend' | 'close';

type RoundsTableProps = {
  caption: string;
  rounds: readonly TeamRound[];
  /** The admin's buttons; absent for the roles that only read. */
  onAction?: (action: RoundAction, round: TeamRound, opener: HTMLButtonElement) => void;
};

/** A row's buttons: edit; extend (an open round) or reopen (a closed one, by extending it); close now (an open round). */
function RoundButtons({ round, onAction }: { round: TeamRound; onAction: NonNullable<RoundsTableProps['onAction']> }) {
  const button = (action: RoundAction, label: string) => (
    <button type="button" className={styles.secondaryButton} aria-label={`${label}: ${round.name}`} onClick={(event) => onAction(action, round, event.currentTarget)}>
      {label}
    </button>
  );
  return (
    <div className={styles.actionRow}>
      {button('edit', 'Editar')}
      {round.state === 'open' && round.closesLocal !== null ? button('extend', 'Extender') : null}
      {round.state === 'closed' ? button('extend', 'Reabrir') : null}
      {round.state === 'open' ? button('close', 'Cerrar ahora') : null}
    </div>
  );
}

/** A programme's rounds, open first, then upcoming, then past, with their counts. */
export function RoundsTable({ caption, rounds, onAction }: RoundsTableProps) {
  const columns: ReadonlyArray<Column<TeamRound> | false> = [
    { key: 'name', header: 'Convocatoria', cell: (round) => round.name },
    { key: 'state', header: 'Estado', cell: (round) => stateLabels[round.state] },
    { key: 'opens', header: 'Abre', cell: (round) => formatLocal(round.opensLocal, round.timezone) ?? '—' },
    { key: 'closes', header: 'Cierra', cell: (round) => formatLocal(round.closesLocal, round.timezone) ?? 'Sin fecha de cierre' },
    { key: 'grace', header: 'Gracia (no se publica)', cell: (round) => (round.graceHours > 0 ? `${round.graceHours} h` : '—') },
    { key: 'budget', header: 'Presupuesto', cell: (round) => (round.budget ? showAmount(round.budget.amount, round.budget.currency) : '—') },
    { key: 'cap', header: 'Máximo', cell: (round) => (round.cap === null ? '—' : String(round.cap)) },
    { key: 'received', header: 'Recibidas', cell: (round) => String(round.counts.received) },
    { key: 'inReview', header: 'En revisión', cell: (round) => String(round.counts.inReview) },
    { key: 'decided', header: 'Decididas', cell: (round) => String(round.counts.decided) },
    Boolean(onAction) && { key: 'actions', header: <span className={styles.visuallyHidden}>Acciones</span>, cell: (round) => (onAction ? <RoundButtons round={round} onAction={onAction} /> : null) },
  ];
  return <DataTable caption={caption} columns={columns} rows={orderedRounds(rounds)} rowKey={(round) => round.id} stacked className={styles.stackedTable} />;
}
