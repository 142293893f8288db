import { useState } from 'react';

/**
 * A list's filter: the one applied (what the list shows) and the one being typed (what the form shows).
 * Until the person applies one, the applied filter is `initial` (null while it is not known yet, e.g. before
 * the address is read); until they type, the typed one is `draftOf` the applied one.
 */
export function useListFilters<Applied, Draft>(initial: Applied | null, draftOf: (applied: Applied | null) => Draft) {
  const [chosen, setApplied] = useState<Applied | null>(null);
  const applied = chosen ?? initial;
  const [typed, setDraft] = useState<Draft | null>(null);
  const draft = typed ?? draftOf(applied);
  /** A change to one part of the typed filter. */
  const setPart = <K extends keyof Draft>(part: K, value: Draft[K]) => setDraft({ ...draft, [part]: value });
  return { applied, setApplied, draft, setDraft, setPart };
}
