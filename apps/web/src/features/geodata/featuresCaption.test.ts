import { describe, expect, it } from 'vitest';
import { featuresCaption } from './featuresCaption';

describe("the layer page's feature count", () => {
  it('counts the features shown without saying "the first 10 of 6"', () => {
    expect(featuresCaption(10, 6)).toBe('All 6 features of the layer');
    expect(featuresCaption(10, 1)).toBe('The layer’s one feature');
    expect(featuresCaption(10, 20000)).toBe('The first 10 of 20,000 features');
  });
});
