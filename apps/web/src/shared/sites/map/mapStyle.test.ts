import { describe, expect, it } from 'vitest';
import { buildSiteMapStyle, siteTilesUrl } from './mapStyle';

const origin = 'https://demo.planning.example';

describe('the site map style', () => {
  it('draws the sites from our tiles with the search in the address, over a base map that needs no server', () => {
    const style = buildSiteMapStyle({
      origin,
      tileQuery: 'filters%5B%5D=x',
      mainColor: '#1d70b8',
      baseLayer: 'offline',
    });
    expect(style.sources.sites).toMatchObject({
      type: 'vector',
      tiles: [`${origin}/api/v1/vector-tiles/sites/{z}/{x}/{y}?filters%5B%5D=x`],
    });
    expect(style.sources.land).toMatchObject({ type: 'geojson', data: `${origin}/basemap/land.json` });
    // No text layers: glyphs would need a font server.
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false);
    expect(style.glyphs).toBeUndefined();
    expect(Object.keys(style.sources).sort()).toEqual([
      'boundaries',
      'highlight',
      'land',
      'new-site',
      'sites',
    ]);
  });

  it("adds the council's own base maps through our server, the chosen one visible", () => {
    const style = buildSiteMapStyle({
      origin,
      tileQuery: '',
      mainColor: '#1d70b8',
      baseLayer: 'os',
      baseMaps: [
        { layer: 'os', tileSize: 256, maxZoom: 19, attribution: '© Crown copyright' },
        { layer: 'satellite', tileSize: 256, maxZoom: 23, attribution: null },
        { layer: 'terrain', tileSize: 512, maxZoom: 15, attribution: null, encoding: 'terrarium' },
      ],
    });
    expect(style.sources.os).toMatchObject({
      type: 'raster',
      tiles: [`${origin}/api/v1/basemaps/os/{z}/{x}/{y}`],
      attribution: '© Crown copyright',
    });
    expect(style.sources.terrain).toMatchObject({ type: 'raster-dem', encoding: 'terrarium', tileSize: 512 });
    const visibility = (id: string) =>
      (style.layers.find((layer) => layer.id === id)?.layout as { visibility?: string } | undefined)
        ?.visibility;
    expect(visibility('os')).toBe('visible');
    expect(visibility('satellite')).toBe('none');
  });

  it('draws the cut sites from their own tiles, with the same search, when the cut toggle is on', () => {
    const style = buildSiteMapStyle({
      origin,
      tileQuery: 'filters%5B%5D=x',
      mainColor: '#1d70b8',
      baseLayer: 'offline',
      outline: 'cut-sites',
    });
    expect(style.sources.sites).toMatchObject({
      type: 'vector',
      tiles: [`${origin}/api/v1/vector-tiles/cut-sites/{z}/{x}/{y}?filters%5B%5D=x`],
    });
    expect(siteTilesUrl(origin, 'scenario=Base', 'cut-sites')).toBe(
      `${origin}/api/v1/vector-tiles/cut-sites/{z}/{x}/{y}?scenario=Base`,
    );
    // The same layers read it: the cut tiles carry the same "sites" layer and properties.
    const sitesLayers = (s: typeof style) =>
      s.layers.filter((layer) => 'source' in layer && layer.source === 'sites').map((layer) => layer.id);
    expect(sitesLayers(style)).toEqual(
      sitesLayers(buildSiteMapStyle({ origin, tileQuery: '', mainColor: '#1d70b8', baseLayer: 'offline' })),
    );
  });

  it('leaves the tile address bare without a search', () => {
    expect(siteTilesUrl(origin, '')).toBe(`${origin}/api/v1/vector-tiles/sites/{z}/{x}/{y}`);
  });
});
