import { applicationStatusLabels } from '@/lib/applicationStatus';
import { teamApi, type MyReviewItem } from './api';
import { formatDateTime, formatScore } from './format';
import { DisagreementBadge } from './ScoringFacts';
import { reviewsDone } from './scoringLabels';
import { useTeamData } from './useTeamData';
import { DataTable, type Column } from './kit/DataTable';
import { referenceColumn } from './kit/columns';
import { ListView } from './kit/ListView';
import { RoundFilterForm, useRoundInAddress } from './rounds/RoundFilterForm';
import { CURRENT_ROUNDS } from './rounds/RoundSelect';
import { useRounds } from './rounds/useRounds';
import styles from './team.module.css';

/** Where a pending review stands, or a scored one's score with the disagreement badge: one grid item in the stacked table. */
function ProgressCell({ item, scored }: { item: MyReviewItem; scored: boolean }) {
  return (
    <span>
      {scored ? formatScore(item.aggregate?.score ?? null) : item.declaration === null ? 'Falta declarar el conflicto de interés' : 'Sin conflicto: falta tu puntaje'}
      {scored && item.aggregate?.disagreement ? (
        <>
          {' '}
          <DisagreementBadge />
        </>
      ) : null}
    </span>
  );
}

function columnsFor(scored: boolean): Column<MyReviewItem>[] {
  return [
    referenceColumn(),
    { key: 'programme', header: 'Programa', cell: (item) => item.programme },
    { key: 'status', header: 'Estado', cell: (item) => <span className={styles.statusBadge}>{applicationStatusLabels[item.status]}</span> },
    { key: 'assigned', header: 'Asignada', cell: (item) => <time dateTime={item.assignedAt}>{formatDateTime(item.assignedAt)}</time> },
    { key: 'progress', header: scored ? 'Puntaje' : 'Declaración', cell: (item) => <ProgressCell item={item} scored={scored} /> },
    { key: 'reviews', header: 'Revisiones', cell: (item) => (item.aggregate ? reviewsDone(item.aggregate) : '—') },
  ];
}

/** One group of the reviewer's applications (pending or scored), oldest first as the server sends them. */
function ReviewGroup({ id, title, items, empty, scored }: { id: string; title: string; items: MyReviewItem[]; empty: string; scored: boolean }) {
  return (
    <section className={styles.stack} aria-labelledby={id}>
      <h2 id={id} className={styles.subtitle}>
        {title} ({items.length})
      </h2>
      {items.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <DataTable
          caption={<>{title}, la más antigua primero</>}
          captionClassName={styles.visuallyHidden}
          className={styles.stackedTable}
          columns={columnsFor(scored)}
          rows={items}
          rowKey={(item) => item.id}
          stacked
        />
      )}
    </section>
  );
}

/**
 * A reviewer's own work: what is assigned and still to score, what they scored, and where they declared a conflict;
 * of each programme's current round by default, or of the round chosen or every round (a past one's reviews may
 * still be owed), kept in the address.
 */
export function MyReviews() {
  const rounds = useRounds();
  const [round, setRound] = useRoundInAddress(CURRENT_ROUNDS);
  const reviews = useTeamData(() => (round === null ? new Promise<never>(() => undefined) : teamApi.myReviews(round)), [round]);
  return (
    <>
      {round === null ? null : <RoundFilterForm id="mis-convocatoria" label="Filtrar por convocatoria" programmes={rounds.programmes} round={round} onApply={setRound} />}
      <ListView data={reviews} loading="Cargando tus revisiones…">
        {({ pending, scored, recused }) => (
          <div className={styles.stack}>
            <ReviewGroup id="mis-pendientes" title="Pendientes" items={pending} empty="No tienes solicitudes por revisar." scored={false} />
            <ReviewGroup id="mis-puntuadas" title="Puntuadas" items={scored} empty="Todavía no puntuaste ninguna solicitud." scored />
            {recused.length > 0 ? (
              <section className={styles.stack} aria-labelledby="mis-conflictos">
                <h2 id="mis-conflictos" className={styles.subtitle}>
                  Con conflicto de interés ({recused.length})
                </h2>
                <p className={styles.muted}>Declaraste un conflicto de interés en estas solicitudes, así que no las revisas: {recused.map((item) => item.reference).join(', ')}.</p>
              </section>
            ) : null}
          </div>
        )}
      </ListView>
    </>
  );
}
