import { describe, expect, it } from 'vitest';
import { formatDay, formatShare, hasFilters, queryOf, withChoice } from './analysisFilters';
import { everyDay } from './components/DayChart';

describe('the analysis address', () => {
  it('reads the choices, leaving out what cannot be right', () => {
    const params = new URLSearchParams(
      'documentId=d1&eventId=&siteId=12a&from=2026-03-01&to=tomorrow&questionId=q-1',
    );
    expect(queryOf(params)).toEqual({ documentId: 'd1', from: '2026-03-01', questionId: 'q-1' });
  });

  it('starts the filters afresh for another document, and keeps them for another event', () => {
    const params = new URLSearchParams('documentId=d1&eventId=e1&questionId=q&siteId=1&from=2026-03-01');
    expect(withChoice(params, 'documentId', 'd2').toString()).toBe(
      'documentId=d2&eventId=e1&from=2026-03-01',
    );
    expect(withChoice(params, 'eventId', null).toString()).toBe(
      'documentId=d1&questionId=q&siteId=1&from=2026-03-01',
    );
    expect(hasFilters(queryOf(params))).toBe(true);
    expect(hasFilters({ documentId: 'd1', eventId: 'e1' })).toBe(false);
  });

  it('shows shares and days as people read them', () => {
    expect([0, 0.5, 1 / 3, 1].map(formatShare)).toEqual(['0%', '50%', '33.3%', '100%']);
    expect(formatDay('2026-03-01')).toBe('1 Mar 2026');
  });

  it('fills the quiet days between the first and the last', () => {
    expect(
      everyDay([
        { date: '2026-02-27', count: 2 },
        { date: '2026-03-02', count: 1 },
      ]),
    ).toEqual([
      { date: '2026-02-27', count: 2 },
      { date: '2026-02-28', count: 0 },
      { date: '2026-03-01', count: 0 },
      { date: '2026-03-02', count: 1 },
    ]);
    expect(everyDay([])).toEqual([]);
  });
});
