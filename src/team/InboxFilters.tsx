import type { FormEvent } from 'react';
import { classNames } from '@/lib/classNames';
import { filterQuery, teamPaths, type AssigneeOption, type InboxFilter } from './api';
import { StatusSelect } from './kit/StatusSelect';
import { INBOX_SORTS, REVIEW_FILTERS, isFiltered, reviewFilterLabels, sortLabels, type InboxDraft } from './inboxFilter';
import { CsvLink } from './kit/CsvLink';
import type { TeamRoundList } from './rounds/roundsApi';
import { RoundSelect } from './rounds/RoundSelect';
import { DateFilter, FilterField } from './kit/FilterField';
import styles from './team.module.css';

type SetPart = <K extends keyof InboxDraft>(part: K, value: InboxDraft[K]) => void;

type Rounds = TeamRoundList['programmes'];

/** The filters only programmes with review (and rounds) have: round, status, assignment, review and order. */
function ReviewFilters({ draft, setPart, reviewer, assignees, rounds }: { draft: InboxDraft; setPart: SetPart; reviewer: boolean; assignees: AssigneeOption[]; rounds: Rounds }) {
  return (
    <>
      <RoundSelect id="inbox-round" value={draft.round} onChange={(round) => setPart('round', round)} programmes={rounds} />
      <FilterField id="inbox-status" label="Estado">
        <StatusSelect id="inbox-status" value={draft.status} onChange={(status) => setPart('status', status)} emptyLabel="Todos" />
      </FilterField>
      <FilterField id="inbox-assignee" label="Asignación">
        <select id="inbox-assignee" className={styles.input} value={draft.assignee} onChange={(event) => setPart('assignee', event.target.value)}>
          <option value="">Todas</option>
          {reviewer ? <option value="me">Asignadas a mí</option> : null}
          <option value="none">Sin asignar</option>
          {assignees.map((option) => (
            <option key={option.id} value={option.id}>
              {option.email}
            </option>
          ))}
        </select>
      </FilterField>
      <fieldset className={styles.filterChoices}>
        <legend className={styles.label}>Revisión</legend>
        {REVIEW_FILTERS.map((name) => (
          <label key={name} className={styles.choice}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={draft.review.includes(name)}
              onChange={(event) => setPart('review', event.target.checked ? [...draft.review, name] : draft.review.filter((other) => other !== name))}
            />{' '}
            {reviewFilterLabels[name]}
          </label>
        ))}
      </fieldset>
      <FilterField id="inbox-sort" label="Orden">
        <select id="inbox-sort" className={styles.input} value={draft.sort} onChange={(event) => setPart('sort', INBOX_SORTS.find((name) => name === event.target.value) ?? 'submitted')}>
          {INBOX_SORTS.map((name) => (
            <option key={name} value={name}>
              {sortLabels[name]}
            </option>
          ))}
        </select>
      </FilterField>
    </>
  );
}

type InboxFiltersProps = {
  filter: InboxFilter;
  reviewed: boolean;
  draft: InboxDraft;
  setPart: SetPart;
  reviewer: boolean;
  assignees: AssigneeOption[];
  /** The programme's rounds, for the round filter. */
  rounds: Rounds;
  onApply: (event: FormEvent) => void;
  onClear: () => void;
};

/** The inbox's filter form, then the CSV of the filter applied and the way back to no filter. */
export function InboxFilters({ filter, reviewed, draft, setPart, reviewer, assignees, rounds, onApply, onClear }: InboxFiltersProps) {
  return (
    <>
      <form className={classNames(styles.filters, reviewed && styles.reviewFilters)} onSubmit={onApply} role="search" aria-label="Filtrar solicitudes">
        {reviewed ? <ReviewFilters draft={draft} setPart={setPart} reviewer={reviewer} assignees={assignees} rounds={rounds} /> : null}
        <FilterField id="inbox-q" label="Buscar en las respuestas">
          <input id="inbox-q" type="search" className={styles.input} value={draft.q} onChange={(event) => setPart('q', event.target.value)} />
        </FilterField>
        <DateFilter id="inbox-from" label="Enviadas desde" value={draft.from} onChange={(value) => setPart('from', value)} />
        <DateFilter id="inbox-to" label="Enviadas hasta" value={draft.to} onChange={(value) => setPart('to', value)} />
        <button type="submit" className={styles.button}>
          Aplicar filtro
        </button>
      </form>
      <div className={styles.toolbar}>
        <CsvLink href={`${teamPaths.exportCsv}${filterQuery(filter, true)}`}>Exportar CSV</CsvLink>
        {isFiltered(filter) ? (
          <button type="button" className={styles.linkButtonDark} onClick={onClear}>
            Quitar filtros
          </button>
        ) : null}
      </div>
    </>
  );
}
