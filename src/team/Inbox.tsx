import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useHydrated } from '@/forms/kit/useHydrated';
import type { ProgrammeKey } from '@/config/programmes';
import { filterQuery, teamApi, type ApplicationPage, type AssigneeOption, type TeamMember } from './api';
import { canReview, inboxProgrammes, programmeName } from './labels';
import { useTeamData } from './useTeamData';
import type { BulkResult } from './InboxBulk';
import { InboxFilters } from './InboxFilters';
import { InboxEmpty, InboxTable } from './InboxTable';
import { draftOf, emptyFilter, filterFromSearch, hasReview, refiltered } from './inboxFilter';
import { ListView } from './kit/ListView';
import { Pager, pageCount } from './kit/Pager';
import { Tabs } from './kit/Tabs';
import { useListFilters } from './kit/useListFilters';
import { useInboxSelection } from './useInboxSelection';
import { useRounds } from './rounds/useRounds';

/**
 * The bulk actions (status change, round-robin assignment, their outcome) load in a chunk of their
 * own when the member first selects an application: the inbox's first load is the list itself.
 */
const loadBulk = () => import('./InboxBulk');
const BulkOutcome = lazy(() => loadBulk().then((module) => ({ default: module.BulkOutcome })));
const BulkStatusBar = lazy(() => loadBulk().then((module) => ({ default: module.BulkStatusBar })));
const RoundRobinBar = lazy(() => loadBulk().then((module) => ({ default: module.RoundRobinBar })));

/** One tab per programme of the role; only the chosen one's panel is drawn. */
function ProgrammeTabs({ programmes, value, onChange, children }: { programmes: readonly ProgrammeKey[]; value: ProgrammeKey; onChange: (form: ProgrammeKey) => void; children: ReactNode }) {
  const tabs = programmes.map((key) => ({ value: key, label: programmeName(key) }));
  return (
    <Tabs label="Programas" tabs={tabs} value={value} onChange={onChange}>
      {children}
    </Tabs>
  );
}

/**
 * The inbox: one tab per programme, a filter by status, assignee and date and a full-text search
 * over the answers, paging, and the CSV of the current filter. The filter lives in the address, so
 * a reload or the back button from an application returns to the same list. Reviewers and admins
 * select rows to change their status at once.
 */
export function Inbox({ member }: { member: TeamMember }) {
  const programmes = inboxProgrammes(member.role);
  const hydrated = useHydrated();
  const rounds = useRounds();
  // Until the member changes it, the filter is the one in the address (by default, the programme's current round).
  const { applied: filter, setApplied: setFilter, draft, setDraft, setPart } = useListFilters(hydrated && rounds.settled ? filterFromSearch(window.location.search, programmes, rounds.defaultRound) : null, draftOf);
  const resultsRef = useRef<HTMLDivElement>(null);
  const movedFocus = useRef(false);
  const reviewer = canReview(member.role);
  const [outcome, setOutcome] = useState<BulkResult | null>(null);

  const key = filter ? filterQuery(filter) : null;
  const list = useTeamData(() => (filter ? teamApi.applications(filter) : new Promise<ApplicationPage>(() => undefined)), [key]);
  const assignees = useTeamData(() => teamApi.assignees(), []);
  const assigneeOptions: AssigneeOption[] = assignees.state === 'ready' ? assignees.data.members : [];
  // Selection is per list: a new filter or page starts with none.
  const { selection, selectedIds, clear } = useInboxSelection(key, Boolean(reviewer && filter && hasReview(filter.form)));

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
    setFilter(refiltered(filter, draft));
  };
  const afterBulk = (result: BulkResult) => {
    setOutcome(result);
    if (!('error' in result)) {
      clear();
      list.reload();
    }
  };
  const goToPage = (page: number) => {
    movedFocus.current = true;
    setFilter({ ...filter, page });
  };
  const pages = list.state === 'ready' ? pageCount(list.data.total, list.data.pageSize) : 1;
  const bulk = selection && selectedIds.size > 0 ? [...selectedIds] : null;

  return (
    <ProgrammeTabs
      programmes={programmes}
      value={filter.form}
      onChange={(form) => {
        setOutcome(null);
        setFilter(refiltered(filter, { form, round: rounds.defaultRound(form) }));
      }}
    >
      <InboxFilters
        filter={filter}
        reviewed={hasReview(filter.form)}
        draft={draft}
        setPart={setPart}
        reviewer={reviewer}
        assignees={assigneeOptions}
        onApply={apply}
        rounds={rounds.of(filter.form)}
        onClear={() => {
          const cleared = emptyFilter(filter.round);
          setDraft(cleared);
          setFilter(refiltered(filter, cleared));
        }}
      />
      <Suspense fallback={null}>
        {outcome ? <BulkOutcome outcome={outcome} /> : null}
        {bulk ? <BulkStatusBar selected={bulk} onDone={afterBulk} /> : null}
        {bulk && member.role === 'admin' ? <RoundRobinBar selected={bulk} reviewers={assigneeOptions} onDone={afterBulk} /> : null}
      </Suspense>
      <div ref={resultsRef} tabIndex={-1} aria-busy={list.state === 'loading'}>
        <ListView data={list} loading="Cargando solicitudes…" isEmpty={(page) => page.items.length === 0} empty={<InboxEmpty filter={filter} />}>
          {(page) => <InboxTable result={page} filter={filter} selection={selection} />}
        </ListView>
      </div>
      {list.state === 'ready' && pages > 1 ? <Pager label="Páginas de resultados" page={filter.page} pages={pages} onPage={goToPage} /> : null}
    </ProgrammeTabs>
  );
}
