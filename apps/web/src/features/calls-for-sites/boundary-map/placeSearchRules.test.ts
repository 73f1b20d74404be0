import { describe, expect, it } from 'vitest';
import { placeSearchMessages as M, type Place } from '@planning/shared';
import { cameraFor, movedActive, searchableQuery, searchAnnouncement } from './placeSearchRules';

const town: Place = {
  name: 'West Malling',
  kind: 'town',
  description: 'Town or village in Tonbridge and Malling',
  center: [0.409, 51.293],
};

describe('what the place box sends', () => {
  it.each([
    ['West Malling', 'West Malling'],
    ['  me19 ', 'me19'],
    ['ab', 'ab'],
    ['a', null],
    ['a-', null],
    ['   ', null],
    ['x'.repeat(101), null],
  ])('%j → %j', (typed, query) => {
    expect(searchableQuery(typed)).toBe(query);
  });
});

describe('where the map goes for a place', () => {
  it('goes to a town, a postcode or a named point at its own zoom', () => {
    expect(cameraFor(town)).toEqual({ kind: 'centre', center: [0.409, 51.293], zoom: 14 });
    expect(cameraFor({ ...town, kind: 'postcode', name: 'ME19 4AB' })).toMatchObject({ zoom: 17 });
    expect(cameraFor({ ...town, kind: 'feature' })).toMatchObject({ zoom: 16 });
  });

  it('fits a place with a box to it', () => {
    expect(cameraFor({ ...town, kind: 'postcode', bbox: [0.39, 51.28, 0.42, 51.3] })).toEqual({
      kind: 'bounds',
      bounds: [
        [0.39, 51.28],
        [0.42, 51.3],
      ],
      maxZoom: 17,
    });
  });
});

describe('moving through the places with the arrow keys', () => {
  it.each([
    [-1, 3, 'ArrowDown', 0],
    [0, 3, 'ArrowDown', 1],
    [2, 3, 'ArrowDown', 0],
    [-1, 3, 'ArrowUp', 2],
    [0, 3, 'ArrowUp', 2],
    [2, 3, 'ArrowUp', 1],
    [-1, 0, 'ArrowDown', -1],
    [-1, 0, 'ArrowUp', -1],
  ] as const)('from %i of %i, %s goes to %i', (active, count, key, next) => {
    expect(movedActive(active, count, key)).toBe(next);
  });
});

describe('what the box announces', () => {
  it('says nothing at first, then searching, the count, none or the failure', () => {
    expect(searchAnnouncement({ kind: 'idle' })).toBe('');
    expect(searchAnnouncement({ kind: 'searching' })).toBe(M.searching);
    expect(searchAnnouncement({ kind: 'found', count: 0 })).toBe(M.noResults);
    expect(searchAnnouncement({ kind: 'found', count: 1 })).toBe(
      '1 place found. Use the up and down arrows to choose one',
    );
    expect(searchAnnouncement({ kind: 'found', count: 3 })).toMatch(/^3 places found/);
    expect(searchAnnouncement({ kind: 'failed' })).toBe(M.failed);
    expect(searchAnnouncement({ kind: 'failed', message: 'Too many requests' })).toBe('Too many requests');
  });
});
