import { placeSearchMessages as M, placeSearchQuerySchema, type Place } from '@planning/shared';

/** How long typing must pause before the box asks the server (ms). */
export const PLACE_SEARCH_DEBOUNCE_MS = 300;

/** The query the box may send, trimmed, or null while it is too short or too long to ask. */
export function searchableQuery(typed: string): string | null {
  const parsed = placeSearchQuerySchema.safeParse({ q: typed });
  return parsed.success ? parsed.data.q : null;
}

/**
 * Where the map goes for a place: over its box when it has one (an area, a postcode district),
 * else to its centre, closer for a postcode or a named point than for a town.
 */
export type PlaceCamera =
  | { kind: 'bounds'; bounds: [[number, number], [number, number]]; maxZoom: number }
  | { kind: 'centre'; center: [number, number]; zoom: number };

const ZOOM: Record<Place['kind'], number> = { town: 14, postcode: 17, feature: 16 };
/** Fitting a small area's box stops here: a field, not a blade of grass. */
const FIT_MAX_ZOOM = 17;

export function cameraFor(place: Place): PlaceCamera {
  if (place.bbox) {
    const [west, south, east, north] = place.bbox;
    return {
      kind: 'bounds',
      bounds: [
        [west, south],
        [east, north],
      ],
      maxZoom: FIT_MAX_ZOOM,
    };
  }
  return { kind: 'centre', center: place.center, zoom: ZOOM[place.kind] };
}

/**
 * The option a key moves to in a list of `count` (-1: none, the text box itself), as the ARIA
 * combobox pattern has it: Down from the box to the first, Up from the box to the last, round
 * from either end; Home and End are the text box's own.
 */
export function movedActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}

export type SearchState =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'failed'; message?: string }
  | { kind: 'found'; count: number };

/** What the live region says: nothing while idle, then the count, none, or the failure. */
export function searchAnnouncement(state: SearchState): string {
  switch (state.kind) {
    case 'idle':
      return '';
    case 'searching':
      return M.searching;
    case 'failed':
      return state.message ?? M.failed;
    case 'found':
      return state.count === 0
        ? M.noResults
        : `${M.results(state.count)}. Use the up and down arrows to choose one`;
  }
}

/** Said once the map has moved, for those who cannot see it move. */
export const movedAnnouncement = (place: Place) => `Map moved to ${place.name}`;
