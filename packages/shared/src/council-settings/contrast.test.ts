import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  formatContrastRatio,
  meetsAaForText,
  parseHexColour,
  relativeLuminance,
  WCAG_AA_NORMAL_TEXT,
} from './contrast';
import { brandColourIssue } from './rules';

describe('contrastRatio (WCAG 2)', () => {
  it.each([
    // Reference values from the WCAG definition and WebAIM's contrast checker.
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#1d4f91', '#ffffff', 8.14],
    ['#0000ff', '#ffffff', 8.59],
    ['#ff0000', '#ffffff', 4],
    ['#00ff00', '#000000', 15.3],
  ])('%s on %s → %s:1', (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 1);
  });

  it('is symmetric and reads three-digit colours', () => {
    expect(contrastRatio('#fff', '#1d4f91')).toBe(contrastRatio('#1d4f91', '#ffffff'));
    expect(relativeLuminance('#FFF')).toBe(1);
    expect(relativeLuminance('#000')).toBe(0);
  });

  it('refuses what is not a hex colour', () => {
    expect(parseHexColour('red')).toBeNull();
    expect(parseHexColour('#12345')).toBeNull();
    expect(() => relativeLuminance('rgb(0,0,0)')).toThrow();
  });
});

describe('AA for normal text', () => {
  it('passes at 4.5:1 and fails just below', () => {
    expect(WCAG_AA_NORMAL_TEXT).toBe(4.5);
    expect(meetsAaForText('#ffffff', '#767676')).toBe(true);
    expect(meetsAaForText('#ffffff', '#777777')).toBe(false);
  });

  it('shows a ratio rounded down, so a failing one never reads as 4.50', () => {
    expect(formatContrastRatio(4.4999)).toBe('4.49:1');
    expect(formatContrastRatio(21)).toBe('21.00:1');
  });

  it('names the ratio when a brand colour fails', () => {
    expect(brandColourIssue('mainColor', '#1d4f91')).toBeNull();
    expect(brandColourIssue('mainColor', '#ffdd00')).toBe(
      'Main colour #ffdd00 gives white text a contrast of only 1.34:1; WCAG AA needs at least 4.5:1',
    );
    expect(brandColourIssue('headerColor', '#777777')).toMatch(/^Header colour #777777 .* 4\.47:1;/);
  });
});
