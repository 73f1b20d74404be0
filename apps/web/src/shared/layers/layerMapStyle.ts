import type { LayerSpecification, VectorSourceSpecification } from 'maplibre-gl';
import { API_BASE_PATH, LAYER_TILE, type LayerStyle } from '@planning/shared';

/** What the map needs of a layer to draw it. */
export type MapLayerInfo = {
  id: string;
  layerName: string;
  version: number;
  style: LayerStyle | null;
  geometryType: 'polygon' | 'line' | 'point' | 'mixed';
};

export const layerSourceId = (id: string) => `geodata-${id}`;
const mainId = (id: string) => `geodata-${id}`;
const outlineId = (id: string) => `geodata-${id}-outline`;

/** Every map layer id a geodata layer adds (its body, and its outline when it has one). */
export const mapLayerIdsOf = (id: string) => [mainId(id), outlineId(id)];

/**
 * The layer's vector tiles, the layer version in the address so a new upload is fetched anew.
 * MapLibre draws vector tiles 512 px across, the size spec 03 §9 gives for layers. The public web
 * map reads them where no sign-in is needed (public layers only).
 */
export function layerSource(
  origin: string,
  layer: MapLayerInfo,
  audience: 'placemaker' | 'public' = 'placemaker',
): VectorSourceSpecification {
  const base = audience === 'public' ? '/public/layers' : '/layers';
  return {
    type: 'vector',
    tiles: [`${origin}${API_BASE_PATH}${base}/${layer.id}/tiles/{z}/{x}/{y}?v=${layer.version}`],
    maxzoom: LAYER_TILE.sourceMaxZoom,
  };
}

const FALLBACK: LayerStyle = {
  type: 'fill',
  paint: { 'fill-color': '#d4380d', 'fill-opacity': 0.35 },
  layout: {},
  outline: { paint: { 'line-color': '#d4380d', 'line-width': 1.5 } },
};

/** The layer's MapLibre layers from its stored style (a missing or unreadable one: a plain fill). */
export function layerStyleLayers(layer: MapLayerInfo): LayerSpecification[] {
  const style = layer.style ?? FALLBACK;
  const common = { source: layerSourceId(layer.id), 'source-layer': layer.layerName };
  const main = {
    id: mainId(layer.id),
    type: style.type,
    ...common,
    paint: style.paint,
    layout: { ...style.layout, visibility: 'visible' },
    ...(style.filter ? { filter: style.filter } : {}),
  } as LayerSpecification;
  const layers = [main];
  if (style.outline)
    layers.push({
      id: outlineId(layer.id),
      type: 'line',
      ...common,
      paint: style.outline.paint,
      ...(style.filter ? { filter: style.filter } : {}),
    } as LayerSpecification);
  return layers;
}

/** The colour the key shows for a layer: its fill, line or circle colour when that is a plain colour. */
export function keyColour(layer: Pick<MapLayerInfo, 'style'>): string {
  const paint = (layer.style ?? FALLBACK).paint;
  for (const name of ['fill-color', 'line-color', 'circle-color']) {
    const value = paint[name];
    if (typeof value === 'string') return value;
  }
  return '#d4380d';
}

/** Spec 03 §2: a layer shows up to 4 tags, then '+n'. */
export function visibleTags(tags: readonly string[], max = 4): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}
