import { describe, expect, it } from 'vitest';
import { keyColour, layerSource, layerStyleLayers, visibleTags, type MapLayerInfo } from './layerMapStyle';

const flood: MapLayerInfo = {
  id: 'a1',
  layerName: 'flood_zones',
  version: 3,
  geometryType: 'polygon',
  style: {
    type: 'fill',
    paint: { 'fill-color': '#08979c', 'fill-opacity': 0.3 },
    layout: {},
    outline: { paint: { 'line-color': '#08979c' } },
  },
};

describe('a geodata layer on the map', () => {
  it('reads the layer’s tiles, asking anew for a new version', () => {
    expect(layerSource('https://x.test', flood)).toMatchObject({
      type: 'vector',
      tiles: ['https://x.test/api/v1/layers/a1/tiles/{z}/{x}/{y}?v=3'],
    });
    // The public web map's, readable with no sign-in (public layers only).
    expect(layerSource('https://x.test', flood, 'public').tiles).toEqual([
      'https://x.test/api/v1/public/layers/a1/tiles/{z}/{x}/{y}?v=3',
    ]);
  });

  it('draws its stored style, with the outline as a line layer of its own', () => {
    const [body, outline] = layerStyleLayers(flood);
    expect(body).toMatchObject({
      id: 'geodata-a1',
      type: 'fill',
      'source-layer': 'flood_zones',
      paint: { 'fill-color': '#08979c' },
    });
    expect(outline).toMatchObject({
      id: 'geodata-a1-outline',
      type: 'line',
      paint: { 'line-color': '#08979c' },
    });
    expect(layerStyleLayers({ ...flood, style: null })[0]).toMatchObject({ type: 'fill' });
  });

  it('shows the style’s colour in the key, and 4 tags then +n', () => {
    expect(keyColour(flood)).toBe('#08979c');
    expect(keyColour({ style: { type: 'circle', paint: { 'circle-color': '#722ed1' }, layout: {} } })).toBe(
      '#722ed1',
    );
    expect(visibleTags(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 2 });
    expect(visibleTags(['a'])).toEqual({ shown: ['a'], more: 0 });
  });
});
