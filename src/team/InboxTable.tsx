import { applicationStatusLabels } from '@/lib/applicationStatus';
import type { ApplicationPage, InboxFilter } from './api';
import { formatDateTime, formatScore } from './format';
import { DisagreementBadge } from './ScoringFacts';
import { reviewsDone } from './scoringLabels';
import { programmeName } from './labels';
import { hasReview, isFiltered } from './inboxFilter';
import { DataTable, type Column } from './kit/DataTable';
import { referenceColumn } from './kit/columns';
import { pageCount } from './kit/Pager';
import type { Selection } from './useInboxSelection';
import styles from './team.module.css';

type Item = ApplicationPage['items'][number];

/** The box to choose every row of the page, and each row's own. */
function selectColumn(selection: Selection, pageIds: string[]): Column<Item> {
  const allSelected = pageIds.every((id) => selection.ids.has(id));
  return {
    key: 'select',
    headerClassName: styles.selectCell,
    cellClassName: styles.selectCell,
    header: <input type="checkbox" className={styles.checkbox} aria-label="Seleccionar todas las de esta página" checked={allSelected} onChange={(event) => selection.setAll(pageIds, event.target.checked)} />,
    cell: (item) => <input type="checkbox" className={styles.checkbox} aria-label={`Seleccionar ${item.reference}`} checked={selection.ids.has(item.id)} onChange={() => selection.toggle(item.id)} />,
  };
}

/** The score, with the disagreement badge beside it: one grid item in the stacked (mobile) table, beside its label. */
function ScoreCell({ item }: { item: Item }) {
  return (
    <span>
      {item.aggregate?.score != null ? formatScore(item.aggregate.score) : <span className={styles.muted}>—</span>}
      {item.aggregate?.disagreement ? (
        <>
          {' '}
          <DisagreementBadge />
        </>
      ) : null}
    </span>
  );
}

/** The review columns (status, reviewers, score, reviews, spread): only for programmes with review. */
const reviewColumns: Column<Item>[] = [
  { key: 'status', header: 'Estado', cell: (item) => (item.status ? <span className={styles.statusBadge}>{applicationStatusLabels[item.status]}</span> : '—') },
  {
    key: 'reviewers',
    header: 'Revisan',
    cell: (item) => (item.reviewers.length > 0 ? <span className={styles.breakAnywhere}>{item.reviewers.map((person) => person.email).join(', ')}</span> : <span className={styles.muted}>Sin asignar</span>),
  },
  { key: 'score', header: 'Puntaje', cell: (item) => <ScoreCell item={item} /> },
  { key: 'reviews', header: 'Revisiones', cell: (item) => (item.aggregate ? reviewsDone(item.aggregate) : '—') },
  { key: 'spread', header: 'Dispersión', cell: (item) => formatScore(item.aggregate?.spread ?? null) },
];

function columnsFor(reviewed: boolean, selection: Selection | null, pageIds: string[]): Column<Item>[] {
  return [
    ...(selection ? [selectColumn(selection, pageIds)] : []),
    referenceColumn(),
    { key: 'name', header: 'Nombre', cell: (item) => item.name },
    { key: 'organisation', header: 'Organización', cell: (item) => item.organisation || '—' },
    ...(reviewed ? reviewColumns : []),
    { key: 'submitted', header: 'Enviada', cell: (item) => <time dateTime={item.submittedAt}>{formatDateTime(item.submittedAt)}</time> },
    { key: 'file', header: 'Archivo', cell: (item) => (item.hasFile ? 'Con archivo' : 'Sin archivo') },
  ];
}

/** The inbox's empty state: no applications yet, or none match the filter. */
export function InboxEmpty({ filter }: { filter: InboxFilter }) {
  const inRound = filter.round !== '' && filter.round !== 'all' ? ' en esta convocatoria' : '';
  return <p role="status">{isFiltered(filter) ? 'Ninguna solicitud coincide con este filtro.' : `Todavía no hay solicitudes de ${programmeName(filter.form)}${inRound}.`}</p>;
}

/** The inbox's page of applications, its caption counting them. */
export function InboxTable({ result, filter, selection }: { result: ApplicationPage; filter: InboxFilter; selection: Selection | null }) {
  const scope = programmeName(filter.form);
  const pageIds = result.items.map((item) => item.id);
  return (
    <DataTable
      caption={
        <>
          Solicitudes de {scope}: {result.total} en total, página {result.page} de {pageCount(result.total, result.pageSize)}
        </>
      }
      className={styles.stackedTable}
      columns={columnsFor(hasReview(filter.form), selection, pageIds)}
      rows={result.items}
      rowKey={(item) => item.id}
      stacked
    />
  );
}
