import { useState, type FormEvent } from 'react';
import type { ApplicationStatus } from '@/lib/applicationStatus';
import { teamApi, type AssigneeOption, type RoundRobinResult, type StatusChangeResult } from './api';
import { actionFailure } from './useTeamData';
import { Notice } from './Notice';
import { countOf } from '@/lib/plural';
import { FilterField } from './kit/FilterField';
import { StatusSelect } from './kit/StatusSelect';
import { MemberChoices } from './MemberChoices';
import styles from './team.module.css';

/** What a bulk action answered, or why it failed. */
export type BulkResult = StatusChangeResult | RoundRobinResult | { error: string };

/**
 * The bulk action bar: the chosen status is asked for every selected application in one request;
 * the answer says which changed and, for the others, why not (the server checks each transition).
 */
export function BulkStatusBar({ selected, onDone }: { selected: string[]; onDone: (result: BulkResult) => void }) {
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
      <FilterField id="bulk-status" label="Nuevo estado">
        <StatusSelect id="bulk-status" value={status} onChange={setStatus} emptyLabel="Elige un estado" withoutDecisions />
      </FilterField>
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
export function RoundRobinBar({ selected, reviewers, onDone }: { selected: string[]; reviewers: AssigneeOption[]; onDone: (result: BulkResult) => void }) {
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
        <MemberChoices options={reviewers} chosen={chosen} onChange={setChosen} />
      </fieldset>
      <FilterField id="bulk-per-application" label="Revisores por solicitud">
        <input
          id="bulk-per-application"
          type="number"
          min={1}
          max={Math.max(1, Math.min(10, chosen.length))}
          className={styles.input}
          value={perApplication}
          onChange={(event) => setPerApplication(Math.max(1, Number.parseInt(event.target.value, 10) || 1))}
        />
      </FilterField>
      <button type="submit" className={styles.button} disabled={busy || chosen.length === 0}>
        Asignar por turnos
      </button>
    </form>
  );
}

/** What the last bulk change did: the references changed, then each one left as it was and why. */
export function BulkOutcome({ outcome }: { outcome: BulkResult }) {
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
