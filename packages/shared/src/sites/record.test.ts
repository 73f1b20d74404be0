import { describe, expect, it } from 'vitest';
import { historyValue, parseSiteDate, rangeError } from './record';

describe('rangeError (spec 01 §5 numeric inline edit)', () => {
  it("says 'Not in range {min} - {max}' outside the limits and nothing inside them", () => {
    expect(rangeError(11, 0, 10)).toBe('Not in range 0 - 10');
    expect(rangeError(-1, 0, 10)).toBe('Not in range 0 - 10');
    expect(rangeError(10, 0, 10)).toBeNull();
    expect(rangeError(0, 0, 10)).toBeNull();
  });

  it('treats 0 and 0 as no limit, and a missing bound as none on that side', () => {
    expect(rangeError(1e9, 0, 0)).toBeNull();
    expect(rangeError(-5, 0, 0)).toBeNull();
    expect(rangeError(1e9, 0, null)).toBeNull();
    expect(rangeError(-1, 0, null)).toBe('Not in range 0 - ∞');
    expect(rangeError(5, null, null)).toBeNull();
  });
});

describe('parseSiteDate (spec 01 §5 dates)', () => {
  it.each([
    ['25 December 2026', '2026-12-25'],
    ['5 december 2026', '2026-12-05'],
    ['December 25, 2026', '2026-12-25'],
    ['2026-12-25', '2026-12-25'],
    ['25/12/2026', '2026-12-25'],
    ['2026/12/25', '2026-12-25'],
    ['December 2026', '2026-12-01'],
    ['  25  December   2026 ', '2026-12-25'],
  ])('reads %s as %s', (typed, expected) => {
    expect(parseSiteDate(typed)).toBe(expected);
  });

  it.each(['12-25-2026', '31/02/2026', '2026-13-01', 'soon', '', 'Smarch 2026'])('refuses %s', (typed) => {
    expect(parseSiteDate(typed)).toBeNull();
  });
});

describe('historyValue', () => {
  it('shows empty as -, lists joined and yes/no', () => {
    expect(historyValue(null)).toBe('-');
    expect(historyValue('')).toBe('-');
    expect(historyValue(['a', 'b'])).toBe('a, b');
    expect(historyValue(true)).toBe('Yes');
    expect(historyValue(12.5)).toBe('12.5');
  });
});
