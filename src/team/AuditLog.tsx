import { useState } from 'react';
import { countOf } from '@/lib/plural';
import { actorLabel } from '@/lib/team';
import { teamApi, type AuditPage } from './api';
import { formatDateTime } from './format';
import { auditActionLabel } from './labels';
import { useTeamData } from './useTeamData';
import { DataTable, type Column } from './kit/DataTable';
import { ListView } from './kit/ListView';
import { Pager, pageCount } from './kit/Pager';

type Entry = AuditPage['items'][number];

const columns: Column<Entry>[] = [
  { key: 'at', header: 'Fecha', cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> },
  { key: 'actor', header: 'Quién', cell: (entry) => actorLabel(entry.actor) },
  { key: 'action', header: 'Acción', cell: (entry) => auditActionLabel(entry.action) },
  { key: 'target', header: 'Objeto', cell: (entry) => entry.target ?? '—' },
];

/** The audit log (admin), newest first, paged. */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const log = useTeamData(() => teamApi.audit(page), [page]);
  return (
    <ListView data={log} loading="Cargando el registro…" isEmpty={(data) => data.items.length === 0} empty={<p role="status">El registro está vacío.</p>}>
      {({ items, total, pageSize }) => {
        const pages = pageCount(total, pageSize);
        return (
          <>
            <DataTable
              caption={
                <>
                  Registro de auditoría: {countOf(total, { one: 'entrada', other: 'entradas' })}, página {page} de {pages}
                </>
              }
              columns={columns}
              rows={items}
              rowKey={(entry, index) => `${entry.at}-${index}`}
            />
            {pages > 1 ? <Pager label="Páginas del registro" page={page} pages={pages} onPage={setPage} /> : null}
          </>
        );
      }}
    </ListView>
  );
}
