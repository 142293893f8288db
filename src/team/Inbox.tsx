import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Tabs } from '@chakra-ui/react';
import { ChakraSystem } from '@/theme/ChakraSystem';
import { useHydrated } from '@/forms/kit/useHydrated';
import { isReviewedProgramme, type ProgrammeKey } from '@/config/programmes';
import { APPLICATION_STATUSES, applicationStatusLabels, isApplicationStatus, type ApplicationStatus } from '@/lib/applicationStatus';
import { filterQuery, teamApi, teamPaths, type ApplicationPage, type AssigneeOption, type InboxFilter, type InboxSort, type ReviewFilter, type RoundRobinResult, type StatusChangeResult, type TeamMember } from './api';
import { formatDateTime, formatScore } from './format';
import { DisagreementBadge } from './ScoringPanel';
import { reviewsDone } from './scoringLabels';
import { canReview, inboxProgrammes, programmeName } from './labels';
import { teamRoutes } from '@/lib/team';
import { actionFailure, failureMessage, useTeamData } from './useTeamData';
import { Notice } from './Notice';
import { classNames } from '@/lib/classNames';
import { countOf } from '@/lib/plural';
import styles from './team.module.css';
import { ScrollingTable } from './ScrollingTable';

/** The filter a shared or reloaded inbox address stands for; the first programme when it names none of the role's. */
export function filterFromSearch(search: string, programmes: readonly ProgrammeKey[]): InboxFilter {
  const params = new URLSearchParams(search);
  const form = programmes.find((key) => key === params.get('form')) ?? programmes[0] ?? 'project-grants';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const status = params.get('status');
  // Grantee finance records have no review status and no assignee.
  const reviewed = hasReview(form);
  return {
    form,
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    q: params.get('q') ?? '',
    page: Number.isFinite(page) && page > 1 ? page : 1,
    status: reviewed && isApplicationStatus(status) ? status : '',
    assignee: reviewed ? (params.get('assignee') ?? '') : '',
    review: reviewed ? REVIEW_FILTERS.filter((name) => (params.get('review') ?? '').split(',').includes(name)) : [],
    sort: (reviewed && INBOX_SORTS.find((name) => name === params.get('sort'))) || 'submitted',
  };
}

/** The review filters' and orders' names on screen; the records keep the lists complete (the contract's values, as types only). */
const reviewFilterLabels: Record<ReviewFilter, string> = { mine: 'Me toca revisar', 'missing-my-score': 'Falta mi puntaje', disagreement: 'Desacuerdo' };
const sortLabels: Record<InboxSort, string> = { submitted: 'Más recientes primero', 'score-desc': 'Puntaje: mayor primero', 'score-asc': 'Puntaje: menor primero' };
const REVIEW_FILTERS = Object.keys(reviewFilterLabels) as ReviewFilter[];
const INBOX_SORTS = Object.keys(sortLabels) as InboxSort[];

const hasReview = (form: ProgrammeKey): boolean => isReviewedProgramme(form);

/** What a programme without review (grantee finance) keeps of a filter: no status, assignee, review filter or score order. */
const unreviewed: Pick<InboxFilter, 'status' | 'assignee' | 'review' | 'sort'> = { status: '', assignee: '', review: [], sort: 'submitted' };
const emptyFilter: Omit<InboxFilter, 'form' | 'page'> = { from: '', to: '', q: '', ...unreviewed };

type Selection = { readonly ids: ReadonlySet<string>; toggle: (id: string) => void; setAll: (ids: string[], on: boolean) => void };

/**
 * The bulk action bar: the chosen status is asked for every selected application in one request;
 * the answer says which changed and, for the others, why not (the server checks each transition).
 */
function BulkStatusBar({ selected, onDone }: { selected: string[]; onDone: (result: StatusChangeResult | { error: string }) => void }) {
  const [status, setStatus] = useState<ApplicationStatus | ''>('');
  const [busy, setBusy] = useState(false);
  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!status) return;
    setBusy(true);
    try {
      onDone(await teamApi.changeStatus(selected, status));
      setStatus('');
    } catch (error) {
      onDone({ error: actionFailure(error, 'No pudimos cambiar el estado. Inténtalo de nuevo.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.bulkBar} onSubmit={apply} aria-label="Acciones con las seleccionadas">
      <p className={styles.bulkCount} role="status">
        {countOf(selected.length, { one: 'solicitud seleccionada', other: 'solicitudes seleccionadas' })}
      </p>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="bulk-status">
          Nuevo estado
        </label>
        <StatusSelect id="bulk-status" value={status} onChange={setStatus} emptyLabel="Elige un estado" withoutDecisions />
      </div>
      <button type="submit" className={styles.button} disabled={busy || !status}>
        Cambiar estado
      </button>
    </form>
  );
}

/**
 * Round-robin assignment (admin): each selected application, in order, gets the next reviewer(s)
 * of those chosen, as many per application as asked; one request, answered per reference.
 */
function RoundRobinBar({ selected, reviewers, onDone }: { selected: string[]; reviewers: AssigneeOption[]; onDone: (result: RoundRobinResult | { error: string }) => void }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [perApplication, setPerApplication] = useState(1);
  const [busy, setBusy] = useState(false);
  const assign = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      onDone(await teamApi.roundRobin(selected, chosen, perApplication));
      setChosen([]);
    } catch (error) {
      onDone({ error: actionFailure(error, 'No pudimos asignar los revisores. Inténtalo de nuevo.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.bulkBar} onSubmit={assign} aria-label="Asignar revisores por turnos">
      <fieldset className={styles.filterChoices}>
        <legend className={styles.label}>Revisores, por turnos</legend>
        {reviewers.map((option) => (
          <label key={option.id} className={styles.choice}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={chosen.includes(option.id)}
              onChange={(event) => setChosen(event.target.checked ? [...chosen, option.id] : chosen.filter((id) => id !== option.id))}
            />{' '}
            <span className={styles.breakAnywhere}>{option.email}</span>
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="bulk-per-application">
          Revisores por solicitud
        </label>
        <input
          id="bulk-per-application"
          type="number"
          min={1}
          max={Math.max(1, Math.min(10, chosen.length))}
          className={styles.input}
          value={perApplication}
          onChange={(event) => setPerApplication(Math.max(1, Number.parseInt(event.target.value, 10) || 1))}
        />
      </div>
      <button type="submit" className={styles.button} disabled={busy || chosen.length === 0}>
        Asignar por turnos
      </button>
    </form>
  );
}

/** What the last bulk change did: the references changed, then each one left as it was and why. */
function BulkOutcome({ outcome }: { outcome: StatusChangeResult | RoundRobinResult | { error: string } }) {
  if ('error' in outcome) return <Notice tone="error">{outcome.error}</Notice>;
  if ('results' in outcome) {
    return (
      <Notice tone={outcome.results.some((item) => item.reason) ? 'info' : 'success'} focus>
        <p className={styles.noticeLine}>Asignamos revisores por turnos:</p>
        <ul className={styles.noticeList}>
          {outcome.results.map((item) => (
            <li key={item.reference}>
              <span className={styles.reference}>{item.reference}</span>: {item.assigned.length > 0 ? item.assigned.map((person) => person.email).join(', ') : (item.reason ?? 'sin cambios')}
            </li>
          ))}
        </ul>
      </Notice>
    );
  }
  return (
    <Notice tone={outcome.unchanged.length > 0 ? 'info' : 'success'} focus>
      {outcome.changed.length > 0 ? (
        <p className={styles.noticeLine}>
          Cambiamos el estado de {countOf(outcome.changed.length, { one: 'solicitud', other: 'solicitudes' })}: {outcome.changed.join(', ')}.
        </p>
      ) : (
        <p className={styles.noticeLine}>No cambiamos el estado de ninguna solicitud.</p>
      )}
      {outcome.unchanged.length > 0 ? (
        <>
          <p className={styles.noticeLine}>Sin cambios:</p>
          <ul className={styles.noticeList}>
            {outcome.unchanged.map((item) => (
              <li key={item.reference}>
                <span className={styles.reference}>{item.reference}</span>: {item.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Notice>
  );
}

function ResultsTable({ result, filter, selection }: { result: ApplicationPage; filter: InboxFilter; selection: Selection | null }) {
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const scope = programmeName(filter.form);
  const reviewed = hasReview(filter.form);
  if (result.items.length === 0) {
    return <p role="status">{isFiltered(filter) ? 'Ninguna solicitud coincide con este filtro.' : `Todavía no hay solicitudes de ${scope}.`}</p>;
  }
  const pageIds = result.items.map((item) => item.id);
  const allSelected = selection !== null && pageIds.every((id) => selection.ids.has(id));
  return (
    <ScrollingTable caption={<>Solicitudes de {scope}: {result.total} en total, página {result.page} de {pages}</>} className={styles.stackedTable}>
      <thead>
        <tr>
          {selection ? (
            <th scope="col" className={styles.selectCell}>
              <input type="checkbox" className={styles.checkbox} aria-label="Seleccionar todas las de esta página" checked={allSelected} onChange={(event) => selection.setAll(pageIds, event.target.checked)} />
            </th>
          ) : null}
          <th scope="col">Referencia</th>
          <th scope="col">Nombre</th>
          <th scope="col">Organización</th>
          {reviewed ? <th scope="col">Estado</th> : null}
          {reviewed ? <th scope="col">Revisan</th> : null}
          {reviewed ? <th scope="col">Puntaje</th> : null}
          {reviewed ? <th scope="col">Revisiones</th> : null}
          {reviewed ? <th scope="col">Dispersión</th> : null}
          <th scope="col">Enviada</th>
          <th scope="col">Archivo</th>
        </tr>
      </thead>
      <tbody>
        {result.items.map((item) => (
          <tr key={item.id}>
            {selection ? (
              <td className={styles.selectCell}>
                <input type="checkbox" className={styles.checkbox} aria-label={`Seleccionar ${item.reference}`} checked={selection.ids.has(item.id)} onChange={() => selection.toggle(item.id)} />
              </td>
            ) : null}
            <td data-label="Referencia">
              <a href={teamRoutes.application(item.id)} className={styles.reference}>
                {item.reference}
              </a>
            </td>
            <td data-label="Nombre">{item.name}</td>
            <td data-label="Organización">{item.organisation || '—'}</td>
            {reviewed ? <td data-label="Estado">{item.status ? <span className={styles.statusBadge}>{applicationStatusLabels[item.status]}</span> : '—'}</td> : null}
            {reviewed ? (
              <td data-label="Revisan">
                {item.reviewers.length > 0 ? <span className={styles.breakAnywhere}>{item.reviewers.map((person) => person.email).join(', ')}</span> : <span className={styles.muted}>Sin asignar</span>}
              </td>
            ) : null}
            {reviewed ? (
              <td data-label="Puntaje">
                {/* One grid item in the stacked (mobile) table, beside its label. */}
                <span>
                  {item.aggregate?.score != null ? formatScore(item.aggregate.score) : <span className={styles.muted}>—</span>}
                  {item.aggregate?.disagreement ? (
                    <>
                      {' '}
                      <DisagreementBadge />
                    </>
                  ) : null}
                </span>
              </td>
            ) : null}
            {reviewed ? <td data-label="Revisiones">{item.aggregate ? reviewsDone(item.aggregate) : '—'}</td> : null}
            {reviewed ? <td data-label="Dispersión">{formatScore(item.aggregate?.spread ?? null)}</td> : null}
            <td data-label="Enviada">
              <time dateTime={item.submittedAt}>{formatDateTime(item.submittedAt)}</time>
            </td>
            <td data-label="Archivo">{item.hasFile ? 'Con archivo' : 'Sin archivo'}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

const isFiltered = (filter: InboxFilter): boolean => Boolean(filter.q || filter.from || filter.to || filter.status || filter.assignee || filter.review.length > 0);

/**
 * The inbox: one tab per programme, a filter by status, assignee and date and a full-text search
 * over the answers, paging, and the CSV of the current filter. The filter lives in the address, so
 * a reload or the back button from an application returns to the same list. Reviewers and admins
 * select rows to change their status at once.
 */
export function Inbox({ member }: { member: TeamMember }) {
  const programmes = inboxProgrammes(member.role);
  const hydrated = useHydrated();
  // Until the member changes it, the filter is the one in the address.
  const [chosen, setFilter] = useState<InboxFilter | null>(null);
  const filter = chosen ?? (hydrated ? filterFromSearch(window.location.search, programmes) : null);
  const [typed, setDraft] = useState<Omit<InboxFilter, 'form' | 'page'> | null>(null);
  const draft = typed ?? {
    q: filter?.q ?? '',
    from: filter?.from ?? '',
    to: filter?.to ?? '',
    status: filter?.status ?? '',
    assignee: filter?.assignee ?? '',
    review: filter?.review ?? [],
    sort: filter?.sort ?? 'submitted',
  };
  const resultsRef = useRef<HTMLDivElement>(null);
  const movedFocus = useRef(false);
  const reviewer = canReview(member.role);
  // Selection is per list: a new filter or page starts with none.
  const [selected, setSelected] = useState<{ key: string | null; ids: ReadonlySet<string> }>({ key: null, ids: new Set() });
  const [outcome, setOutcome] = useState<StatusChangeResult | RoundRobinResult | { error: string } | null>(null);

  const key = filter ? filterQuery(filter) : null;
  const list = useTeamData(() => (filter ? teamApi.applications(filter) : new Promise<ApplicationPage>(() => undefined)), [key]);
  const assignees = useTeamData(() => teamApi.assignees(), []);
  const assigneeOptions: AssigneeOption[] = assignees.state === 'ready' ? assignees.data.members : [];
  const selectedIds = selected.key === key ? selected.ids : new Set<string>();
  const selection: Selection | null =
    reviewer && filter && hasReview(filter.form)
      ? {
          ids: selectedIds,
          toggle: (id) => {
            const next = new Set(selectedIds);
            if (next.has(id)) next.delete(id);
            else next.add(id);
            setSelected({ key, ids: next });
          },
          setAll: (ids, on) => {
            const next = new Set(selectedIds);
            for (const id of ids) {
              if (on) next.add(id);
              else next.delete(id);
            }
            setSelected({ key, ids: next });
          },
        }
      : null;

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
    setOutcome(null);
    setFilter(hasReview(filter.form) ? { ...filter, ...draft, page: 1 } : { ...filter, ...draft, ...unreviewed, page: 1 });
  };
  const reviewed = hasReview(filter.form);
  const afterBulk = (result: StatusChangeResult | RoundRobinResult | { error: string }) => {
    setOutcome(result);
    if (!('error' in result)) {
      setSelected({ key, ids: new Set() });
      list.reload();
    }
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
      <form className={classNames(styles.filters, reviewed && styles.reviewFilters)} onSubmit={apply} role="search" aria-label="Filtrar solicitudes">
        {reviewed ? (
          <>
            <div className={styles.field}>
              <label className={styles.label} htmlFor="inbox-status">
                Estado
              </label>
              <StatusSelect id="inbox-status" value={draft.status} onChange={(status) => setDraft({ ...draft, status })} emptyLabel="Todos" />
            </div>
            <div className={styles.field}>
              <label className={styles.label} htmlFor="inbox-assignee">
                Asignación
              </label>
              <select id="inbox-assignee" className={styles.input} value={draft.assignee} onChange={(event) => setDraft({ ...draft, assignee: event.target.value })}>
                <option value="">Todas</option>
                {reviewer ? <option value="me">Asignadas a mí</option> : null}
                <option value="none">Sin asignar</option>
                {assigneeOptions.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.email}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className={styles.filterChoices}>
              <legend className={styles.label}>Revisión</legend>
              {REVIEW_FILTERS.map((name) => (
                <label key={name} className={styles.choice}>
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    checked={draft.review.includes(name)}
                    onChange={(event) => setDraft({ ...draft, review: event.target.checked ? [...draft.review, name] : draft.review.filter((other) => other !== name) })}
                  />{' '}
                  {reviewFilterLabels[name]}
                </label>
              ))}
            </fieldset>
            <div className={styles.field}>
              <label className={styles.label} htmlFor="inbox-sort">
                Orden
              </label>
              <select id="inbox-sort" className={styles.input} value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: INBOX_SORTS.find((name) => name === event.target.value) ?? 'submitted' })}>
                {INBOX_SORTS.map((name) => (
                  <option key={name} value={name}>
                    {sortLabels[name]}
                  </option>
                ))}
              </select>
            </div>
          </>
        ) : null}
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
        <a className={styles.secondaryButton} href={`${teamPaths.exportCsv}${filterQuery(filter, true)}`} download>
          Exportar CSV
        </a>
        {isFiltered(filter) ? (
          <button
            type="button"
            className={styles.linkButtonDark}
            onClick={() => {
              setDraft(emptyFilter);
              setFilter({ ...filter, ...emptyFilter, page: 1 });
            }}
          >
            Quitar filtros
          </button>
        ) : null}
      </div>
      {outcome ? <BulkOutcome outcome={outcome} /> : null}
      {selection && selectedIds.size > 0 ? <BulkStatusBar selected={[...selectedIds]} onDone={afterBulk} /> : null}
      {selection && selectedIds.size > 0 && member.role === 'admin' ? <RoundRobinBar selected={[...selectedIds]} reviewers={assigneeOptions} onDone={afterBulk} /> : null}
      <div ref={resultsRef} tabIndex={-1} aria-busy={list.state === 'loading'}>
        {list.state === 'loading' ? <p role="status">Cargando solicitudes…</p> : null}
        {list.state === 'error' ? <Notice tone="error">{failureMessage(list.status)}</Notice> : null}
        {list.state === 'ready' ? <ResultsTable result={list.data} filter={filter} selection={selection} /> : null}
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
        onValueChange={({ value }) => {
          const form = programmes.find((key) => key === value) ?? filter.form;
          setOutcome(null);
          setFilter(hasReview(form) ? { ...filter, form, page: 1 } : { ...filter, form, ...unreviewed, page: 1 });
        }}
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

/** A choice of status, or none (''): the inbox filter and the bulk bar. */
function StatusSelect({
  id,
  value,
  onChange,
  emptyLabel,
  withoutDecisions = false,
}: {
  id: string;
  value: ApplicationStatus | '';
  onChange: (status: ApplicationStatus | '') => void;
  emptyLabel: string;
  /** The bulk bar: approving and rejecting take a reason, one application at a time (DecisionPanel). */
  withoutDecisions?: boolean;
}) {
  const codes = withoutDecisions ? APPLICATION_STATUSES.filter((code) => code !== 'approved' && code !== 'rejected') : APPLICATION_STATUSES;
  return (
    <select id={id} className={styles.input} value={value} onChange={(event) => onChange(isApplicationStatus(event.target.value) ? event.target.value : '')}>
      <option value="">{emptyLabel}</option>
      {codes.map((code) => (
        <option key={code} value={code}>
          {applicationStatusLabels[code]}
        </option>
      ))}
    </select>
  );
}
