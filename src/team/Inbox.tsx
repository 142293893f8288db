import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Tabs } from '@chakra-ui/react';
import { ChakraSystem } from '@/theme/ChakraSystem';
import { useHydrated } from '@/forms/kit/useHydrated';
import type { ProgrammeKey } from '@/config/programmes';
import { filterQuery, teamApi, teamPaths, type ApplicationPage, type InboxFilter, type TeamMember } from './api';
import { formatDateTime } from './format';
import { inboxProgrammes, programmeName } from './labels';
import { teamRoutes } from './navigation';
import { failureMessage, useTeamData } from './useTeamData';
import { Notice } from './Notice';
import { classNames } from '@/lib/classNames';
import styles from './team.module.css';

/** The filter a shared or reloaded inbox address stands for; the first programme when it names none of the role's. */
export function filterFromSearch(search: string, programmes: readonly ProgrammeKey[]): InboxFilter {
  const params = new URLSearchParams(search);
  const form = programmes.find((key) => key === params.get('form')) ?? programmes[0] ?? 'project-grants';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    form,
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    q: params.get('q') ?? '',
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

function ResultsTable({ result, filter }: { result: ApplicationPage; filter: InboxFilter }) {
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const scope = programmeName(filter.form);
  if (result.items.length === 0) {
    return <p role="status">{filter.q || filter.from || filter.to ? 'Ninguna solicitud coincide con este filtro.' : `Todavía no hay solicitudes de ${scope}.`}</p>;
  }
  return (
    <div className={styles.tableWrap}>
      <table className={classNames(styles.table, styles.stackedTable)}>
        <caption>
          Solicitudes de {scope}: {result.total} en total, página {result.page} de {pages}
        </caption>
        <thead>
          <tr>
            <th scope="col">Referencia</th>
            <th scope="col">Nombre</th>
            <th scope="col">Organización</th>
            <th scope="col">Enviada</th>
            <th scope="col">Archivo</th>
          </tr>
        </thead>
        <tbody>
          {result.items.map((item) => (
            <tr key={item.id}>
              <td data-label="Referencia">
                <a href={teamRoutes.application(item.id)} className={styles.reference}>
                  {item.reference}
                </a>
              </td>
              <td data-label="Nombre">{item.name}</td>
              <td data-label="Organización">{item.organisation || '—'}</td>
              <td data-label="Enviada">
                <time dateTime={item.submittedAt}>{formatDateTime(item.submittedAt)}</time>
              </td>
              <td data-label="Archivo">{item.hasFile ? 'Con archivo' : 'Sin archivo'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The inbox: one tab per programme, a filter by date and a full-text search over
 * the answers, paging, and the CSV of the current filter. The filter lives in the address, so a
 * reload or the back button from an application returns to the same list.
 */
export function Inbox({ member }: { member: TeamMember }) {
  const programmes = inboxProgrammes(member.role);
  const hydrated = useHydrated();
  // Until the member changes it, the filter is the one in the address.
  const [chosen, setFilter] = useState<InboxFilter | null>(null);
  const filter = chosen ?? (hydrated ? filterFromSearch(window.location.search, programmes) : null);
  const [typed, setDraft] = useState<Pick<InboxFilter, 'q' | 'from' | 'to'> | null>(null);
  const draft = typed ?? { q: filter?.q ?? '', from: filter?.from ?? '', to: filter?.to ?? '' };
  const resultsRef = useRef<HTMLDivElement>(null);
  const movedFocus = useRef(false);

  const key = filter ? filterQuery(filter) : null;
  const list = useTeamData(() => (filter ? teamApi.applications(filter) : new Promise<ApplicationPage>(() => undefined)), [key]);

  useEffect(() => {
    if (key !== null) window.history.replaceState(null, '', `${window.location.pathname}${key}`);
  }, [key]);

  useEffect(() => {
    // After paging, the reader continues from the top of the new page.
    if (list.state === 'ready' && movedFocus.current) {
      movedFocus.current = false;
      resultsRef.current?.focus();
    }
  }, [list.state]);

  if (!filter) return <p role="status">Cargando…</p>;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...filter, ...draft, page: 1 });
  };
  const goToPage = (page: number) => {
    movedFocus.current = true;
    setFilter({ ...filter, page });
  };
  const pages = list.state === 'ready' ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const tabValue = filter.form;
  const tabs = programmes.map((key) => ({ value: key, label: programmeName(key) }));

  const panel = (
    <>
      <form className={styles.filters} onSubmit={apply} role="search" aria-label="Filtrar solicitudes">
        <div className={styles.field}>
          <label className={styles.label} htmlFor="inbox-q">
            Buscar en las respuestas
          </label>
          <input id="inbox-q" type="search" className={styles.input} value={draft.q} onChange={(event) => setDraft({ ...draft, q: event.target.value })} />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="inbox-from">
            Enviadas desde
          </label>
          <input id="inbox-from" type="date" className={styles.input} value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="inbox-to">
            Enviadas hasta
          </label>
          <input id="inbox-to" type="date" className={styles.input} value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </div>
        <button type="submit" className={styles.button}>
          Aplicar filtro
        </button>
      </form>
      <div className={styles.toolbar}>
        <a className={styles.secondaryButton} href={`${teamPaths.exportCsv}${filterQuery(filter, false)}`} download>
          Exportar CSV
        </a>
        {filter.q || filter.from || filter.to ? (
          <button
            type="button"
            className={styles.linkButtonDark}
            onClick={() => {
              setDraft({ q: '', from: '', to: '' });
              setFilter({ form: filter.form, from: '', to: '', q: '', page: 1 });
            }}
          >
            Quitar filtros
          </button>
        ) : null}
      </div>
      <div ref={resultsRef} tabIndex={-1} aria-busy={list.state === 'loading'}>
        {list.state === 'loading' ? <p role="status">Cargando solicitudes…</p> : null}
        {list.state === 'error' ? <Notice tone="error">{failureMessage(list.status)}</Notice> : null}
        {list.state === 'ready' ? <ResultsTable result={list.data} filter={filter} /> : null}
      </div>
      {list.state === 'ready' && pages > 1 ? (
        <nav className={styles.pager} aria-label="Páginas de resultados">
          <button type="button" className={styles.secondaryButton} disabled={filter.page <= 1} onClick={() => goToPage(filter.page - 1)}>
            Página anterior
          </button>
          <span>
            Página {filter.page} de {pages}
          </span>
          <button type="button" className={styles.secondaryButton} disabled={filter.page >= pages} onClick={() => goToPage(filter.page + 1)}>
            Página siguiente
          </button>
        </nav>
      ) : null}
    </>
  );

  return (
    <ChakraSystem>
      <Tabs.Root
        value={tabValue}
        onValueChange={({ value }) => setFilter({ ...filter, form: programmes.find((key) => key === value) ?? filter.form, page: 1 })}
        activationMode="manual"
      >
        <Tabs.List className={styles.tabList} aria-label="Programas">
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className={styles.tab}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value}>
            {tab.value === tabValue ? panel : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </ChakraSystem>
  );
}
