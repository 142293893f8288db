import type { ReactNode } from 'react';
import { LoadFailure } from '../Notice';
import { failureMessage, type TeamData } from '../useTeamData';

type ListViewProps<T> = {
  data: TeamData<T>;
  /** Said while the list loads ("Cargando solicitudes…"). */
  loading: string;
  /** Whether nothing is there; absent where the list's parts say so themselves. */
  isEmpty?: (data: T) => boolean;
  /** What stands in for the table when nothing is there. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/** A list's states: loading, the failure explained, its empty state, or the list itself. */
export function ListView<T>({ data, loading, isEmpty, empty, children }: ListViewProps<T>) {
  if (data.state === 'loading') return <p role="status">{loading}</p>;
  if (data.state === 'error') return <LoadFailure>{failureMessage(data.status)}</LoadFailure>;
  return <>{isEmpty?.(data.data) ? empty : children(data.data)}</>;
}
