import { useEffect, useState, type FormEvent } from 'react';
import { useHydrated } from '@/forms/kit/useHydrated';
import { FilterForm } from '../kit/FilterField';
import { ALL_ROUNDS, CURRENT_ROUNDS, RoundSelect } from './RoundSelect';
import type { TeamRoundList } from './roundsApi';

const ROUND_PATTERN = new RegExp(`^(?:${ALL_ROUNDS}|${CURRENT_ROUNDS}|[1-9]\\d{0,17})$`);

/**
 * A list's round kept in the address (`?round=<id>`, `current` or `all`; none for the list's default), so a reload or a
 * shared link shows the same list: null until the address is read, then the round, CURRENT_ROUNDS or ALL_ROUNDS.
 */
export function useRoundInAddress(fallback: string = ALL_ROUNDS): [string | null, (round: string) => void] {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<string | null>(null);
  const round = chosen ?? (hydrated ? (ROUND_PATTERN.exec(new URLSearchParams(window.location.search).get('round') ?? '')?.[0] ?? fallback) : null);
  useEffect(() => {
    if (chosen === null) return;
    const params = new URLSearchParams(window.location.search);
    if (chosen === fallback) params.delete('round');
    else params.set('round', chosen);
    const query = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  }, [chosen, fallback]);
  return [round, setChosen];
}

/** A list's own round filter: the choice, applied with "Mostrar". */
export function RoundFilterForm({ id, label, programmes, round, onApply }: { id: string; label: string; programmes: TeamRoundList['programmes']; round: string; onApply: (round: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft ?? round);
  };
  return (
    <FilterForm label={label} onSubmit={apply}>
      <RoundSelect id={id} value={draft ?? round} onChange={setDraft} programmes={programmes} />
    </FilterForm>
  );
}
