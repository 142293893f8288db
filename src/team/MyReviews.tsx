import { applicationStatusLabels } from '@/lib/applicationStatus';
import { teamRoutes } from '@/lib/team';
import { teamApi, type MyReviewItem } from './api';
import { formatDateTime, formatScore } from './format';
import { Notice } from './Notice';
import { DisagreementBadge } from './ScoringPanel';
import { reviewsDone } from './scoringLabels';
import { failureMessage, useTeamData } from './useTeamData';
import styles from './team.module.css';
import { ScrollingTable } from './ScrollingTable';

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
        <ScrollingTable caption={<>{title}, la más antigua primero</>} captionClassName={styles.visuallyHidden} className={styles.stackedTable}>
          <thead>
            <tr>
              <th scope="col">Referencia</th>
              <th scope="col">Programa</th>
              <th scope="col">Estado</th>
              <th scope="col">Asignada</th>
              <th scope="col">{scored ? 'Puntaje' : 'Declaración'}</th>
              <th scope="col">Revisiones</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td data-label="Referencia">
                  <a href={teamRoutes.application(item.id)} className={styles.reference}>
                    {item.reference}
                  </a>
                </td>
                <td data-label="Programa">{item.programme}</td>
                <td data-label="Estado">
                  <span className={styles.statusBadge}>{applicationStatusLabels[item.status]}</span>
                </td>
                <td data-label="Asignada">
                  <time dateTime={item.assignedAt}>{formatDateTime(item.assignedAt)}</time>
                </td>
                <td data-label={scored ? 'Puntaje' : 'Declaración'}>
                  <span>
                    {scored ? formatScore(item.aggregate?.score ?? null) : item.declaration === null ? 'Falta declarar el conflicto de interés' : 'Sin conflicto: falta tu puntaje'}
                    {scored && item.aggregate?.disagreement ? (
                      <>
                        {' '}
                        <DisagreementBadge />
                      </>
                    ) : null}
                  </span>
                </td>
                <td data-label="Revisiones">{item.aggregate ? reviewsDone(item.aggregate) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
    </section>
  );
}

/** A reviewer's own work: what is assigned and still to score, what they scored, and where they declared a conflict. */
export function MyReviews() {
  const reviews = useTeamData(() => teamApi.myReviews(), []);
  if (reviews.state === 'loading') return <p role="status">Cargando tus revisiones…</p>;
  if (reviews.state === 'error') return <Notice tone="error">{failureMessage(reviews.status)}</Notice>;
  const { pending, scored, recused } = reviews.data;
  return (
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
  );
}
