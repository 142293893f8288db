import { useState } from 'react';
import { countOf } from '@/lib/plural';
import { actorLabel } from '@/lib/team';
import { teamApi } from './api';
import { formatDateTime } from './format';
import { auditActionLabel } from './labels';
import { failureMessage, useTeamData } from './useTeamData';
import { Notice } from './Notice';
import styles from './team.module.css';
import { ScrollingTable } from './ScrollingTable';

/** The audit log (admin), newest first, paged. */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const log = useTeamData(() => teamApi.audit(page), [page]);
  if (log.state === 'loading') return <p role="status">Cargando el registro…</p>;
  if (log.state === 'error') return <Notice tone="error">{failureMessage(log.status)}</Notice>;
  const { items, total, pageSize } = log.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (items.length === 0) return <p role="status">El registro está vacío.</p>;
  return (
    <>
      <ScrollingTable caption={<>Registro de auditoría: {countOf(total, { one: 'entrada', other: 'entradas' })}, página {page} de {pages}</>}>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Quién</th>
            <th scope="col">Acción</th>
            <th scope="col">Objeto</th>
          </tr>
        </thead>
        <tbody>
          {items.map((entry, index) => (
            <tr key={`${entry.at}-${index}`}>
              <td>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </td>
              <td>{actorLabel(entry.actor)}</td>
              <td>{auditActionLabel(entry.action)}</td>
              <td>{entry.target ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label="Páginas del registro">
          <button type="button" className={styles.secondaryButton} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Página anterior
          </button>
          <span>
            Página {page} de {pages}
          </span>
          <button type="button" className={styles.secondaryButton} disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Página siguiente
          </button>
        </nav>
      ) : null}
    </>
  );
}
