import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import { API_BASE_PATH, SITE_TILE, type BaseMapInfo } from '@planning/shared';

/** Spec 01 §9 and 03 §9: map constants. */
export const MAP = {
  minZoom: 2,
  maxZoom: 19,
  flyToZoom: 16,
  pitch2d: 0,
  pitch3d: 70,
  maxPitch: 85,
  threeDThreshold: 5,
  fitPadding: 90,
  easeMs: 750,
  hoverFillOpacity: 0.75,
  popupWidth: 240,
  /**
   * The spec's default (about 564565, 155359 "at zoom 5") is a British National Grid zoom on its
   * resolution list 1600…0.0625 m/px, i.e. 50 m/px: about Web Mercator zoom 11 at 51° N.
   */
  defaultZoom: 11,
} as const;

/** Where the spec's default centre (564565, 155359 in EPSG:27700) lies, for councils with none. */
export const DEFAULT_CENTRE: [number, number] = [0.3637, 51.2716];

/** The offline map, boundaries only, the council's OS raster, or one of its vector base maps. */
export type BaseLayer = 'offline' | 'outline' | 'os' | `council:${string}`;
export const baseLayerLabels: Record<'offline' | 'outline' | 'os', string> = {
  offline: 'Offline map',
  outline: 'Boundaries only',
  os: 'OS map',
};

/** The council's own base maps come through our server, which holds their addresses and keys. */
export function baseMapTilesUrl(origin: string, layer: BaseMapInfo['layer']): string {
  return `${origin}${API_BASE_PATH}/basemaps/${layer}/{z}/{x}/{y}`;
}

/** Raster sources and layers for the council's configured base maps (hidden until chosen). */
function councilBaseMaps(origin: string, baseMaps: BaseMapInfo[], baseLayer: BaseLayer) {
  const sources: Record<string, SourceSpecification> = {};
  const layers: LayerSpecification[] = [];
  for (const map of baseMaps) {
    const source = {
      tiles: [baseMapTilesUrl(origin, map.layer)],
      tileSize: map.tileSize,
      maxzoom: map.maxZoom,
      ...(map.attribution ? { attribution: map.attribution } : {}),
    };
    if (map.layer === 'terrain') {
      sources['terrain'] = { type: 'raster-dem', ...source, encoding: map.encoding ?? 'terrarium' };
      continue;
    }
    sources[map.layer] = { type: 'raster', ...source };
    const visible = map.layer === 'os' ? baseLayer === 'os' : false;
    layers.push({
      id: map.layer,
      type: 'raster',
      source: map.layer,
      layout: { visibility: visible ? 'visible' : 'none' },
    });
  }
  return { sources, layers };
}

/** The base map's colours per base layer (sea, land, the council's district). */
export function baseColours(baseLayer: BaseLayer) {
  if (baseLayer === 'outline') return { background: '#ffffff', land: '#ffffff', district: '#ffffff' };
  // Under the council's OS map or its own vector map the district is see-through.
  if (baseLayer === 'os' || baseLayer.startsWith('council:'))
    return { background: '#ffffff', land: '#ffffff', district: 'rgba(255,255,255,0)' };
  return { background: '#d4e4ee', land: '#f3f1ea', district: '#fbfaf6' };
}

export const SITE_SOURCE = 'sites';
export const SITE_LAYERS = {
  clusters: 'sites-clusters',
  fill: 'sites-fill',
  line: 'sites-line',
  extrusion: 'sites-3d',
};
export const HIGHLIGHT_SOURCE = 'highlight';
/**
 * A site drawn just now (issue 25 point 6): drawn from its own outline, not the tiles, so it shows
 * even when the search it was drawn over does not match it; yellow-edged, as new.
 */
export const NEW_SITE_SOURCE = 'new-site';
/** performance.mark of the first frame with sites on the map (bench/map-load.ts waits for it). */
export const SITES_DRAWN_MARK = 'sites-drawn';

/** Colours by suitability, as officers read them: green, amber, red; grey when unassessed. */
const suitabilityColour = [
  'match',
  ['get', 'suitability_assessment_result'],
  'Suitable',
  '#00703c',
  'Potentially suitable',
  '#f47738',
  'Not suitable',
  '#d4351c',
  '#505a5f',
] as const;

/**
 * Spec 01 §2 "cut-polygon toggle": the sites layer draws each site's boundary, or its cut
 * boundary (the part left once constraints are cut away) from the cut-sites tiles.
 */
export type SiteOutline = 'sites' | 'cut-sites';

export function siteTilesUrl(origin: string, query: string, outline: SiteOutline = 'sites'): string {
  const base = `${origin}${API_BASE_PATH}/vector-tiles/${outline}/{z}/{x}/{y}`;
  return query ? `${base}?${query}` : base;
}

/**
 * The site search map: a base map shipped with the product (Natural Earth land and the council's
 * own boundaries, so it works with no internet), then the sites a search matches as vector tiles.
 * No text labels in the style: glyphs would have to be fetched from a font server (boundary names
 * are drawn as HTML instead: boundaryLabels.ts).
 */
export function buildSiteMapStyle(options: {
  origin: string;
  tileQuery: string;
  mainColor: string;
  baseLayer: BaseLayer;
  baseMaps?: BaseMapInfo[];
  outline?: SiteOutline;
}): StyleSpecification {
  const { origin, mainColor, baseLayer } = options;
  const colours = baseColours(baseLayer);
  const council = councilBaseMaps(origin, options.baseMaps ?? [], baseLayer);
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: `${origin}/basemap/land.json`, attribution: 'Natural Earth' },
      boundaries: { type: 'geojson', data: `${origin}${API_BASE_PATH}/search/boundaries` },
      [SITE_SOURCE]: {
        type: 'vector',
        tiles: [siteTilesUrl(origin, options.tileQuery, options.outline)],
        minzoom: 0,
        maxzoom: 16,
      },
      [HIGHLIGHT_SOURCE]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
      [NEW_SITE_SOURCE]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
      ...council.sources,
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': colours.background } },
      {
        id: 'land',
        type: 'fill',
        source: 'land',
        paint: { 'fill-color': colours.land },
      },
      // The coast as a line: a fill's outline would also trace the edges of each GeoJSON tile.
      { id: 'coast', type: 'line', source: 'land', paint: { 'line-color': '#9fb6c4', 'line-width': 1 } },
      ...council.layers,
      {
        id: 'district-fill',
        type: 'fill',
        source: 'boundaries',
        filter: ['==', ['get', 'kind'], 'district'],
        paint: { 'fill-color': colours.district },
      },
      {
        id: 'parish-line',
        type: 'line',
        source: 'boundaries',
        filter: ['==', ['get', 'kind'], 'parish'],
        minzoom: 12,
        paint: { 'line-color': '#b1b4b6', 'line-width': 0.8, 'line-dasharray': [2, 2] },
      },
      {
        id: 'ward-line',
        type: 'line',
        source: 'boundaries',
        filter: ['==', ['get', 'kind'], 'ward'],
        paint: { 'line-color': '#6f777b', 'line-width': 1, 'line-dasharray': [4, 2] },
      },
      {
        id: 'district-line',
        type: 'line',
        source: 'boundaries',
        filter: ['==', ['get', 'kind'], 'district'],
        paint: { 'line-color': '#0b0c0c', 'line-width': 2 },
      },
      {
        id: SITE_LAYERS.clusters,
        type: 'circle',
        source: SITE_SOURCE,
        'source-layer': SITE_TILE.layer,
        filter: ['match', ['geometry-type'], ['Point', 'MultiPoint'], true, false],
        paint: {
          'circle-color': mainColor,
          'circle-opacity': 0.7,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
          'circle-radius': ['interpolate', ['linear'], ['get', 'count'], 1, 3, 20, 7, 200, 12, 2000, 18],
        },
      },
      {
        id: SITE_LAYERS.fill,
        type: 'fill',
        source: SITE_SOURCE,
        'source-layer': SITE_TILE.layer,
        filter: ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false],
        paint: {
          'fill-color': suitabilityColour as unknown as string,
          'fill-opacity': [
            'case',
            ['boolean', ['feature-state', 'hover'], false],
            MAP.hoverFillOpacity,
            0.45,
          ],
        },
      },
      {
        id: SITE_LAYERS.line,
        type: 'line',
        source: SITE_SOURCE,
        'source-layer': SITE_TILE.layer,
        filter: ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false],
        paint: {
          'line-color': '#0b0c0c',
          'line-width': ['interpolate', ['linear'], ['zoom'], 12, 0.3, 16, 1.2],
        },
      },
      {
        id: SITE_LAYERS.extrusion,
        type: 'fill-extrusion',
        source: SITE_SOURCE,
        'source-layer': SITE_TILE.layer,
        filter: ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false],
        layout: { visibility: 'none' },
        paint: {
          'fill-extrusion-color': suitabilityColour as unknown as string,
          'fill-extrusion-opacity': 0.8,
          // Height stands for capacity: a site for 100 homes rises 100 m.
          'fill-extrusion-height': ['coalesce', ['get', 'optimised_unit_capacity'], 0],
        },
      },
      {
        id: 'new-site-fill',
        type: 'fill',
        source: NEW_SITE_SOURCE,
        paint: { 'fill-color': '#ffdd00', 'fill-opacity': 0.35 },
      },
      ...yellowOutline('new-site', NEW_SITE_SOURCE, 5),
      ...yellowOutline('highlight', HIGHLIGHT_SOURCE, 6),
    ],
  };
}

/** A 3 px yellow line on a dark casing `casingWidth` wide: readable over any base map or fill. */
function yellowOutline(id: string, source: string, casingWidth: number): LayerSpecification[] {
  return [
    {
      id: `${id}-casing`,
      type: 'line',
      source,
      paint: { 'line-color': '#0b0c0c', 'line-width': casingWidth },
    },
    { id: `${id}-line`, type: 'line', source, paint: { 'line-color': '#ffdd00', 'line-width': 3 } },
  ];
}

// Our own API's requests carry the council and the session (one function for every map).
export { apiTransformRequest } from '../../../components/map/councilBaseMapLayers';
