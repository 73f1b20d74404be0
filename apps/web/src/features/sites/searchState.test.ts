import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchArea } from '@planning/shared';
import { readStoredSearch } from './searchState';

const stored = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
});
afterEach(() => stored.clear());

const square = (lon: number, lat: number): SearchArea => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + 0.1, lat],
      [lon + 0.1, lat + 0.1],
      [lon, lat],
    ],
  ],
});
const keep = (area: unknown) =>
  stored.set('planning.site-search.demo', JSON.stringify({ values: { ward: ['Malling'] }, area }));

describe('readStoredSearch', () => {
  it('keeps a stored area in WGS84 and drops one the server would refuse', () => {
    keep(square(0.3, 51.2));
    expect(readStoredSearch('demo').area).toEqual(square(0.3, 51.2));
    for (const bad of [square(400, 200), square(0, 95), { type: 'Polygon', coordinates: 'x' }]) {
      keep(bad);
      expect(readStoredSearch('demo')).toEqual({ values: { ward: ['Malling'] }, area: null });
    }
  });
});
