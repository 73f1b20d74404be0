import { describe, expect, it } from 'vitest';
import { boundsOf, siteFeatures, stepIndex } from './documentMapRules';

describe('the document map', () => {
  it('steps through the popup’s features, wrapping around both ways (spec 02 §4)', () => {
    expect(stepIndex(0, 3, 1)).toBe(1);
    expect(stepIndex(2, 3, 1)).toBe(0);
    expect(stepIndex(0, 3, -1)).toBe(2);
    expect(stepIndex(0, 1, 1)).toBe(0);
  });

  it('fits the sites’ outlines, and has nothing to fit without any', () => {
    const square = (x: number, y: number) => ({
      type: 'Polygon',
      coordinates: [
        [
          [x, y],
          [x + 1, y],
          [x + 1, y + 1],
          [x, y + 1],
          [x, y],
        ],
      ],
    });
    expect(boundsOf([square(0, 51), square(2, 50), null])).toEqual([0, 50, 3, 52]);
    expect(boundsOf([null])).toBeNull();
  });

  it('draws only the sites that have an outline, keeping their ids for clicks', () => {
    const features = siteFeatures([
      {
        id: '1',
        name: 'A',
        helaa_reference: null,
        site_tags: [],
        geometry: { type: 'Point', coordinates: [0, 51] },
        info: {},
      },
      { id: '2', name: null, helaa_reference: null, site_tags: [], geometry: null, info: {} },
    ]);
    expect(features.features.map((feature) => feature.properties.siteId)).toEqual(['1']);
  });
});
