import { useCallback, useState } from 'react';
import { searchAreaSchema, type FilterValues, type SearchArea } from '@planning/shared';
import { storedSearchKey } from '../../shared/sites/earlyResults';

/** Spec 01 §9: the site store persists only filter values, in session storage. */
export type StoredSearch = { values: FilterValues; area: SearchArea | null };

const EMPTY: StoredSearch = { values: {}, area: null };

export function readStoredSearch(tenant: string): StoredSearch {
  try {
    const raw = sessionStorage.getItem(storedSearchKey(tenant));
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<StoredSearch>;
    return {
      values: typeof parsed.values === 'object' && parsed.values !== null ? parsed.values : {},
      // An area the server would refuse (outside WGS84, say) is dropped, not sent with every search.
      area: searchAreaSchema.safeParse(parsed.area).success ? (parsed.area as SearchArea) : null,
    };
  } catch {
    // A damaged entry is forgotten rather than breaking the screen.
    return EMPTY;
  }
}

/** The applied search: what the map, the results and the table show, kept for the session. */
export function useStoredSearch(tenant: string) {
  const [search, setSearch] = useState<StoredSearch>(() => readStoredSearch(tenant));
  const apply = useCallback(
    (next: StoredSearch) => {
      setSearch(next);
      try {
        sessionStorage.setItem(storedSearchKey(tenant), JSON.stringify(next));
      } catch {
        // Storage full or blocked: the search still works for this page.
      }
    },
    [tenant],
  );
  return [search, apply] as const;
}
