import { useState } from 'react';

/**
 * A list's filter: the one applied (what the list shows) and the one being typed (what the form shows).
 * Until the person applies one, the applied filter is `initial` (it may be null while it is not known yet,
 * e.g. before the address is read); until they type, the typed one is `draftOf` the applied one.
 */
export function useListFilters<Applied, Draft>(initial: Applied, draftOf: (applied: Applied) => Draft) {
  const [chosen, setChosen] = useState<{ value: Applied } | null>(null);
  const applied = chosen ? chosen.value : initial;
  const [typed, setDraft] = useState<Draft | null>(null);
  const draft = typed ?? draftOf(applied);
  const setApplied = (value: Applied) => setChosen({ value });
  /** A change to one part of the typed filter. */
  const setPart = <K extends keyof Draft>(part: K, value: Draft[K]) => setDraft({ ...draft, [part]: value });
  return { applied, setApplied, draft, setDraft, setPart };
}
