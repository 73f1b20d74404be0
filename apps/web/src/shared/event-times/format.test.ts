import { describe, expect, it } from 'vitest';
import { endOf, fromLocalInput, toLocalInput, when } from './format';

describe('event times as people read them', () => {
  it('says a midnight end is the end of the day before, in England', () => {
    // 15 Dec is GMT; 1 Aug is BST (midnight is 23:00 UTC the day before).
    expect(endOf('2026-12-15T00:00:00.000Z')).toBe('the end of 14 Dec 2026');
    expect(endOf('2026-07-31T23:00:00.000Z')).toBe('the end of 31 Jul 2026');
    expect(endOf('2026-12-15T17:00:00.000Z')).toBe(when('2026-12-15T17:00:00.000Z'));
  });

  it('round-trips a datetime-local value', () => {
    const iso = fromLocalInput('2031-03-02T09:00');
    expect(toLocalInput(iso)).toBe('2031-03-02T09:00');
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('not a date')).toBe('');
  });
});
