import { useEffect, useRef } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MapAudience } from './api';
import {
  layerSource,
  layerSourceId,
  layerStyleLayers,
  mapLayerIdsOf,
  type MapLayerInfo,
} from './layerMapStyle';

/**
 * Keeps the map's geodata layers as the tree says: a visible layer's source and style layers are
 * added beneath `beforeId` (the sites stay on top), ordered by zIndex; a hidden one is taken off.
 * A new layer version (re-uploaded features, a changed style) is drawn afresh.
 */
export function useGeodataLayers(
  map: MapLibreMap | null,
  ready: boolean,
  layers: readonly (MapLayerInfo & { zIndex: number })[],
  visible: ReadonlySet<string>,
  beforeId: string | undefined,
  audience: MapAudience = 'placemaker',
): void {
  const drawn = useRef(new Map<string, number>());
  useEffect(() => {
    if (!map || !ready) return;
    const origin = window.location.origin;
    const wanted = layers.filter((layer) => visible.has(layer.id)).sort((a, b) => a.zIndex - b.zIndex);
    const remove = (id: string) => {
      for (const layerId of mapLayerIdsOf(id)) if (map.getLayer(layerId)) map.removeLayer(layerId);
      if (map.getSource(layerSourceId(id))) map.removeSource(layerSourceId(id));
      drawn.current.delete(id);
    };
    for (const id of [...drawn.current.keys()]) {
      const layer = wanted.find((candidate) => candidate.id === id);
      if (!layer || layer.version !== drawn.current.get(id)) remove(id);
    }
    const before = beforeId && map.getLayer(beforeId) ? beforeId : undefined;
    for (const layer of wanted) {
      if (!drawn.current.has(layer.id)) {
        map.addSource(layerSourceId(layer.id), layerSource(origin, layer, audience));
        for (const spec of layerStyleLayers(layer)) map.addLayer(spec, before);
        drawn.current.set(layer.id, layer.version);
      }
    }
    // Higher zIndex above lower: move each in order just under the sites.
    for (const layer of wanted)
      for (const layerId of mapLayerIdsOf(layer.id))
        if (map.getLayer(layerId)) map.moveLayer(layerId, before);
  }, [map, ready, layers, visible, beforeId, audience]);
}
