import { describe, expect, it } from 'vitest';
import { nextPageStart, pageLimit, resultsText } from './resultPages';

// Site ids count up from `first`, as the search returns them in id order.
const page = (count: number, total: number, first = 1) => ({
  sites: Array.from({ length: count }, (_, i) => ({ id: String(first + i) })),
  total,
});

describe('paging through the results (spec 01 §4)', () => {
  it('asks for 50 first, then pages of 500', () => {
    expect(pageLimit({ fetched: 0 })).toBe(50);
    expect(pageLimit({ fetched: 50, after: '50' })).toBe(500);
    expect(pageLimit({ fetched: 19_550, after: '19550' })).toBe(500);
  });

  it.each([
    ['nothing fetched yet', [], undefined],
    ['the first page of many', [page(50, 20_000)], { fetched: 50, after: '50' }],
    ['part way', [page(50, 20_000), page(500, 20_000, 51)], { fetched: 550, after: '550' }],
    ['every site in', [page(50, 620), page(500, 620), page(70, 620)], undefined],
    ['a result that fits one page', [page(12, 12)], undefined],
    ['no match', [page(0, 0)], undefined],
    ['an empty page before the total (sites deleted meanwhile)', [page(50, 600), page(0, 600)], undefined],
  ])('%s → next page %o', (_case, pages, next) => {
    expect(nextPageStart(pages)).toEqual(next);
  });
});

describe('resultsText', () => {
  it.each([
    [0, 0, 'No sites found'],
    [50, 20_000, '50 / 20,000 sites found'],
    [20_000, 20_000, '20,000 sites found'],
    [1, 1, '1 site found'],
  ])('%i of %i → %s', (fetched, total, text) => {
    expect(resultsText(fetched, total)).toBe(text);
  });
});
