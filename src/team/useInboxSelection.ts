import { useState } from 'react';

/** The rows chosen for a bulk action, and how to change the choice. */
export type Selection = { readonly ids: ReadonlySet<string>; toggle: (id: string) => void; setAll: (ids: string[], on: boolean) => void };

/** The inbox's chosen rows: per list (a new filter or page, `key`, starts with none); null where rows cannot be chosen. */
export function useInboxSelection(key: string | null, enabled: boolean) {
  const [selected, setSelected] = useState<{ key: string | null; ids: ReadonlySet<string> }>({ key: null, ids: new Set() });
  const ids = selected.key === key ? selected.ids : new Set<string>();
  const change = (chosen: string[], on: boolean) => {
    const next = new Set(ids);
    for (const id of chosen) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelected({ key, ids: next });
  };
  const selection: Selection | null = enabled ? { ids, toggle: (id) => change([id], !ids.has(id)), setAll: change } : null;
  return { selection, selectedIds: ids, clear: () => setSelected({ key, ids: new Set() }) };
}
