import { describe, expect, it } from 'vitest';
import { featureListCaption } from './featureListCaption';

describe('the layer view feature table caption', () => {
  it('never promises more rows than the layer has', () => {
    expect(featureListCaption(10, 6)).toBe('All 6 features');
    expect(featureListCaption(10, 10)).toBe('All 10 features');
    expect(featureListCaption(10, 1)).toBe('The layer’s only feature');
    expect(featureListCaption(10, 0)).toBe('This layer has no features');
  });

  it('says how many of a larger layer it shows', () => {
    expect(featureListCaption(10, 20000)).toBe('The first 10 of 20,000 features');
  });
});
