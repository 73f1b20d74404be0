import { searchFiltersSchema, type SearchFilter } from '@planning/shared';

/** Where the sites come from: the search's ids (with their scenario), a site list, or a search. */
export type Source =
  | { kind: 'ids'; siteIds: string[]; scenario: string }
  | { kind: 'list'; listId: string }
  /** A search matching more sites than ids may be listed: the export runs the search again. */
  | { kind: 'search'; filters: SearchFilter[]; total: number; scenario: string }
  | null;

const SITE_ID = /^\d{1,18}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The search results' ids and scenario, from the address (`?siteIds=1,2&scenario=Base`, small
 * sets) or the navigation state (any size); or a list (`?listId=` or state).
 */
export function sourceOf(state: unknown, params: URLSearchParams): Source {
  const carried = (state ?? {}) as {
    siteIds?: unknown;
    scenario?: unknown;
    listId?: unknown;
    filters?: unknown;
    total?: unknown;
  };
  const scenario =
    (typeof carried.scenario === 'string' && carried.scenario) || params.get('scenario') || 'Base';
  const ids = Array.isArray(carried.siteIds)
    ? carried.siteIds.map(String)
    : (params.get('siteIds')?.split(',').filter(Boolean) ?? []);
  const valid = ids.filter((id) => SITE_ID.test(id));
  if (valid.length > 0) return { kind: 'ids', siteIds: valid, scenario };
  const filters = searchFiltersSchema.safeParse(carried.filters);
  if (carried.filters !== undefined && filters.success && typeof carried.total === 'number')
    return { kind: 'search', filters: filters.data, total: carried.total, scenario };
  const listId = typeof carried.listId === 'string' ? carried.listId : params.get('listId');
  if (listId && UUID.test(listId)) return { kind: 'list', listId };
  return null;
}
