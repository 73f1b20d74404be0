import { describe, expect, it } from 'vitest';
import { filterSiteLists } from './siteListsFilter';

const lists = [
  { id: '1', name: 'Green Belt sites' },
  { id: '2', name: 'Brownfield register' },
  { id: '3', name: 'Call for sites 2026' },
];

describe('filterSiteLists', () => {
  it.each([
    ['', ['1', '2', '3']],
    [' sites', ['1', '3']],
    ['sites', ['1', '3']],
    ['GREEN', ['1']],
    ['field reg', ['2']],
    ['2026', ['3']],
    ['grn', []],
  ])('%j → %j', (query, ids) => {
    expect(filterSiteLists(lists, query).map((list) => list.id)).toEqual(ids);
  });
});
