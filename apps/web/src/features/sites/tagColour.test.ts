import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST } from '../../components/color';
import { TAG_PALETTE, tagChipColours, tagColour } from './tagColour';

describe('tag colours (spec 03 §3.8)', () => {
  it('has ten distinct colours, each readable under white text', () => {
    expect(new Set(TAG_PALETTE).size).toBe(10);
    for (const colour of TAG_PALETTE)
      expect(contrastRatio('#ffffff', colour), colour).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('gives a tag the same palette colour every time, whatever its case', () => {
    expect(TAG_PALETTE).toContain(tagColour('brownfield'));
    expect(tagColour('brownfield')).toBe(tagColour('brownfield'));
    expect(tagColour('Brownfield ')).toBe(tagColour('brownfield'));
  });

  it('spreads tags over the palette', () => {
    const names = Array.from({ length: 200 }, (_, i) => `tag-${i}`);
    const used = new Set(names.map(tagColour));
    expect(used.size).toBe(10);
  });
});

describe('tag chips', () => {
  it('keep the text readable on its wash for every palette colour and light council colours', () => {
    // The palette, the light preset colours councils pick, and the extremes.
    for (const colour of [
      ...TAG_PALETTE,
      '#28a197',
      '#f47738',
      '#ffdd00',
      '#85994b',
      '#d4351c',
      '#ffffff',
      '#000000',
    ]) {
      const chip = tagChipColours(colour);
      expect(contrastRatio(chip.color, chip.background), colour).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it('keeps a dark colour as it is', () => {
    expect(tagChipColours('#003078').color).toBe('#003078');
  });
});
