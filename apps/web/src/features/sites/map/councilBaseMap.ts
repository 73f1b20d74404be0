import type * as maplibregl from 'maplibre-gl';
import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import type { BaseMapChoice } from '@planning/shared';
import { councilBaseMapLayers } from '../../../components/map/councilBaseMapLayers';

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

/** Shows one of the council's PMTiles archives, XYZ services or style documents under our own layers. */
export async function showCouncilBaseMap(map: maplibregl.Map, choice: BaseMapChoice, origin: string) {
  clearCouncilBaseMap(map);
  if (choice.kind === 'pmtiles' || choice.kind === 'xyz') return addArchiveOrRaster(map, choice, origin);
  // The style document is the council's own (or its provider's): loaded as it is, then its sources
  // and layers renamed into ours so they can be removed again.
  // Not our API (the API client would send the council and session): another site's document.
  // eslint-disable-next-line no-restricted-globals -- a third-party style URL, fetched without credentials
  const response = await fetch(choice.url, { credentials: 'omit' });
  if (!response.ok) throw new Error(`style ${choice.url}: ${response.status}`);
  addStyle(map, (await response.json()) as StyleSpecification, choice.attribution);
}

/** An archive or an XYZ service, drawn as the admin's preview draws it. */
function addArchiveOrRaster(
  map: maplibregl.Map,
  choice: Extract<BaseMapChoice, { kind: 'pmtiles' | 'xyz' }>,
  origin: string,
) {
  const { source, specification, layers } = councilBaseMapLayers(choice, origin, PREFIX);
  map.addSource(source, specification);
  for (const layer of layers) map.addLayer(layer, BELOW);
}

function addStyle(map: maplibregl.Map, style: StyleSpecification, attribution: string | null) {
  // Without glyphs (a style meant for another font server) text layers could not draw: left out.
  if (style.glyphs) map.setGlyphs(style.glyphs);
  if (typeof style.sprite === 'string') map.setSprite(style.sprite);
  // The attribution the administrator gave stands for the style's own, once.
  Object.entries(style.sources).forEach(([name, source], index) =>
    map.addSource(`${PREFIX}${name}`, {
      ...source,
      ...(attribution ? { attribution: index === 0 ? attribution : '' } : {}),
    } as SourceSpecification),
  );
  for (const layer of style.layers) {
    if (layer.type === 'symbol' && !style.glyphs) continue;
    const renamed = { ...layer, id: `${PREFIX}${layer.id}` } as LayerSpecification & { source?: unknown };
    if (typeof renamed.source === 'string') renamed.source = `${PREFIX}${renamed.source}`;
    map.addLayer(renamed as LayerSpecification, BELOW);
  }
}
