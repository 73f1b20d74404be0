import { describe, expect, it } from 'vitest';
import { previewMapStyle } from './previewMapStyle';

describe('the layer preview’s base map', () => {
  it('is the staff base map without the sites', () => {
    const style = previewMapStyle('http://localhost');
    expect(Object.keys(style.sources).sort()).toEqual(['boundaries', 'land']);
    expect(style.layers.map((layer) => layer.id)).toContain('district-line');
    expect(style.layers.some((layer) => 'source' in layer && layer.source === 'sites')).toBe(false);
  });
});
