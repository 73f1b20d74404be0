import { describe, expect, it } from 'vitest';
import { clockText, closesText, endText, listLines, opensText, startText } from './callTimes';

describe("a call's times as the public reads them", () => {
  it('says the time of day as GOV.UK does', () => {
    expect(clockText(9, 0)).toBe('9am');
    expect(clockText(17, 30)).toBe('5:30pm');
    expect(clockText(12, 0)).toBe('midday');
    expect(clockText(12, 5)).toBe('12:05pm');
    expect(clockText(0, 15)).toBe('12:15am');
    expect(clockText(23, 59)).toBe('11:59pm');
  });

  it("reads the times on England's clock, summer time included", () => {
    // 2 March is GMT; 1 July is BST (09:00 in London is 08:00 UTC).
    expect(startText('2031-03-02T09:00:00.000Z')).toBe('9am on 2 March 2031');
    expect(startText('2031-07-01T08:00:00.000Z')).toBe('9am on 1 July 2031');
    expect(endText('2026-12-15T17:00:00.000Z')).toBe('5pm on 15 December 2026');
  });

  it('opens at the start of a day by its date alone', () => {
    expect(startText('2031-03-02T00:00:00.000Z')).toBe('2 March 2031');
    // Midnight in London in summer is 23:00 UTC the day before.
    expect(startText('2031-06-30T23:00:00.000Z')).toBe('1 July 2031');
  });

  it('closes at midnight as 11:59pm on the day before', () => {
    expect(endText('2026-12-15T00:00:00.000Z')).toBe('11:59pm on 14 December 2026');
    expect(endText('2026-07-31T23:00:00.000Z')).toBe('11:59pm on 31 July 2026');
  });

  it('words the lines under a call', () => {
    expect(closesText('2026-12-15T17:00:00.000Z')).toBe('Closes 5pm on 15 December 2026');
    expect(opensText('2031-03-02T00:00:00.000Z')).toBe('Opens 2 March 2031');
  });

  it("gives the officers' list a day and a clock, England's, on two lines", () => {
    expect(listLines('2031-03-02T09:00:00.000Z', 'opens')).toEqual(['2 Mar 2031', '09:00']);
    expect(listLines('2031-07-01T08:00:00.000Z', 'closes')).toEqual(['1 Jul 2031', '09:00']);
    expect(listLines('2026-12-15T00:00:00.000Z', 'opens')).toEqual(['15 Dec 2026', '00:00']);
    expect(listLines('2026-12-15T00:00:00.000Z', 'closes')).toEqual(['14 Dec 2026', 'end of the day']);
  });
});
