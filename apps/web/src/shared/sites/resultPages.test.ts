import { describe, expect, it } from 'vitest';
import { pageRequest, pagesFor, resultsText, sitesKnown, wantsIds } from './resultPages';

const ids = Array.from({ length: 20_000 }, (_, i) => String(i + 1));

describe('paging the results list by what is shown (issue 25)', () => {
  it('fetches the pages of the items shown, and the next one when the last shown is near its end', () => {
    expect(pagesFor([0, 1, 2, 3, 4, 5], 20_000)).toEqual([0]);
    expect(pagesFor([38, 39, 40, 41, 42], 20_000)).toEqual([0, 1]);
    expect(pagesFor([9_998, 9_999, 10_000], 20_000)).toEqual([199, 200]);
    expect(pagesFor([19_995, 19_999], 20_000)).toEqual([399]);
    expect(pagesFor([], 20_000)).toEqual([]);
    expect(pagesFor([0, 1], 2)).toEqual([0]);
  });

  it('starts a page after the last id before it once the ids are in, else by offset', () => {
    expect(pageRequest(0, undefined)).toEqual({ limit: 50 });
    expect(pageRequest(0, ids)).toEqual({ limit: 50 });
    expect(pageRequest(1, ids)).toEqual({ limit: 50, after: '50' });
    expect(pageRequest(399, ids)).toEqual({ limit: 50, after: '19950' });
    expect(pageRequest(3, undefined)).toEqual({ limit: 50, offset: 150 });
    // Fewer ids than the page needs (sites deleted meanwhile): by offset.
    expect(pageRequest(3, ids.slice(0, 100))).toEqual({ limit: 50, offset: 150 });
  });

  it('knows the first page, then every id; asks for ids only when more than a page match', () => {
    expect(wantsIds(12)).toBe(false);
    expect(wantsIds(20_000)).toBe(true);
    expect(wantsIds(100_001)).toBe(false);
    expect(sitesKnown(12, 12, undefined)).toBe(12);
    expect(sitesKnown(50, 20_000, undefined)).toBe(50);
    expect(sitesKnown(50, 20_000, ids)).toBe(20_000);
    expect(sitesKnown(50, 150_000, undefined)).toBe(150_000);
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
