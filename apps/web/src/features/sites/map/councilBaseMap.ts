import type * as maplibregl from 'maplibre-gl';
import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import { API_BASE_PATH, vectorBaseMapColour, type BaseMapChoice } from '@planning/shared';
import { pmtilesTilesUrl } from '../../../components/map/pmtilesProtocol';

/** Ids of what a council base map adds to the map, so switching removes exactly that. */
const PREFIX = 'council-base:';
/** Council base maps go under the district, boundaries and sites. */
const BELOW = 'district-fill';

/** The menu key of a council base map in the Base map tool. */
export const councilBaseLayerKey = (choice: BaseMapChoice): `council:${string}` => `council:${choice.id}`;

/** Removes the council base map shown, if any. */
export function clearCouncilBaseMap(map: maplibregl.Map): void {
  const style = map.getStyle();
  for (const layer of style.layers) if (layer.id.startsWith(PREFIX)) map.removeLayer(layer.id);
  for (const source of Object.keys(style.sources)) if (source.startsWith(PREFIX)) map.removeSource(source);
}

/** Shows one of the council's PMTiles archives or style documents under our own layers. */
export async function showCouncilBaseMap(map: maplibregl.Map, choice: BaseMapChoice, origin: string) {
  clearCouncilBaseMap(map);
  if (choice.kind === 'pmtiles') return addArchive(map, choice, origin);
  // The style document is the council's own (or its provider's): loaded as it is, then its sources
  // and layers renamed into ours so they can be removed again.
  // Not our API (the API client would send the council and session): another site's document.
  // eslint-disable-next-line no-restricted-globals -- a third-party style URL, fetched without credentials
  const response = await fetch(choice.url, { credentials: 'omit' });
  if (!response.ok) throw new Error(`style ${choice.url}: ${response.status}`);
  addStyle(map, (await response.json()) as StyleSpecification);
}

function addArchive(
  map: maplibregl.Map,
  choice: Extract<BaseMapChoice, { kind: 'pmtiles' }>,
  origin: string,
) {
  const source = `${PREFIX}${choice.id}`;
  const common = {
    tiles: [pmtilesTilesUrl(`${origin}${API_BASE_PATH}${choice.path}`)],
    minzoom: choice.minZoom,
    maxzoom: choice.maxZoom,
    bounds: choice.bounds,
    ...(choice.attribution ? { attribution: choice.attribution } : {}),
  };
  if (choice.tileType !== 'mvt') {
    map.addSource(source, { type: 'raster', tileSize: 256, ...common });
    map.addLayer({ id: `${source}:raster`, type: 'raster', source }, BELOW);
    return;
  }
  map.addSource(source, { type: 'vector', ...common });
  // An archive brings no style of its own: each layer is filled and outlined in a colour its name
  // suggests (water blue, woods green, roads white), polygons first so lines draw over them.
  for (const kind of ['fill', 'line'] as const) {
    for (const layer of choice.vectorLayers) {
      const colour = vectorBaseMapColour(layer);
      const id = `${source}:${kind}:${layer}`;
      if (kind === 'fill')
        map.addLayer(
          {
            id,
            type: 'fill',
            source,
            'source-layer': layer,
            filter: ['==', ['geometry-type'], 'Polygon'],
            paint: { 'fill-color': colour.fill },
          },
          BELOW,
        );
      else
        map.addLayer(
          {
            id,
            type: 'line',
            source,
            'source-layer': layer,
            paint: { 'line-color': colour.line, 'line-width': 1 },
          },
          BELOW,
        );
    }
  }
}

function addStyle(map: maplibregl.Map, style: StyleSpecification) {
  // Without glyphs (a style meant for another font server) text layers could not draw: left out.
  if (style.glyphs) map.setGlyphs(style.glyphs);
  if (typeof style.sprite === 'string') map.setSprite(style.sprite);
  for (const [name, source] of Object.entries(style.sources))
    map.addSource(`${PREFIX}${name}`, source as SourceSpecification);
  for (const layer of style.layers) {
    if (layer.type === 'symbol' && !style.glyphs) continue;
    const renamed = { ...layer, id: `${PREFIX}${layer.id}` } as LayerSpecification & { source?: unknown };
    if (typeof renamed.source === 'string') renamed.source = `${PREFIX}${renamed.source}`;
    map.addLayer(renamed as LayerSpecification, BELOW);
  }
}
