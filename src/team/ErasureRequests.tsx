import { countOf } from '@/lib/plural';
import { applicantSideApi } from './applicantApi';

const DAYS = { one: 'día', other: 'días' } as const;
import { formatDateTime } from './format';
import { failureMessage, useTeamData } from './useTeamData';
import { LoadFailure } from './Notice';
import styles from './team.module.css';
import { ScrollingTable } from './ScrollingTable';

/** "Quedan N días", "Vence hoy" or "Vencida hace N días": the 15-day deadline of each request. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return 'Vence hoy';
  if (daysLeft < 0) return `Vencida hace ${countOf(-daysLeft, DAYS)}`;
  return `${daysLeft === 1 ? 'Queda' : 'Quedan'} ${countOf(daysLeft, DAYS)}`;
}

/**
 * The erasure requests applicants sent from their page, oldest first, with the days left of the
 * 15-day deadline (LGPD art. 19). The erasure itself is done below, by address, as for any request.
 */
export function ErasureRequests() {
  const list = useTeamData(() => applicantSideApi.erasureRequests(), []);
  return (
    <section className={styles.stack} aria-labelledby="pedidos-borrado">
      <h2 id="pedidos-borrado" className={styles.subtitle}>
        Pedidos de borrado desde «Mi solicitud»
      </h2>
      {list.state === 'loading' ? <p className={styles.muted}>Cargando los pedidos…</p> : null}
      {list.state === 'error' ? <LoadFailure>{failureMessage(list.status)}</LoadFailure> : null}
      {list.state === 'ready' && list.data.items.length === 0 ? <p className={styles.muted}>No hay pedidos de borrado pendientes.</p> : null}
      {list.state === 'ready' && list.data.items.length > 0 ? (
        <ScrollingTable caption="Plazo de 15 días desde el pedido. Búscalos abajo por correo para descargarlos o borrarlos." captionClassName={styles.muted}>
          <thead>
            <tr>
              <th scope="col">Correo</th>
              <th scope="col">Pedido el</th>
              <th scope="col">Plazo</th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((item) => (
              <tr key={item.id}>
                <td className={styles.breakAnywhere}>{item.email}</td>
                <td>
                  <time dateTime={item.requestedAt}>{formatDateTime(item.requestedAt)}</time>
                </td>
                <td>{daysLeftText(item.daysLeft)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      ) : null}
    </section>
  );
}
