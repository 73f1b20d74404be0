import { layerFeatureSchema, layerGroupedSchema } from '@planning/shared';
import { api } from '../../api/client';

export const layerQueryKeys = {
  tree: ['layers', 'grouped'] as const,
  feature: (layerId: string, featureId: string) => ['layers', layerId, 'features', featureId] as const,
};

/** The layer tree (spec 03 §2): the council's layers by theme, in order. */
export function fetchLayerTree(signal?: AbortSignal) {
  return api.get('/layers/grouped', layerGroupedSchema, { signal });
}

/** Spec 03 §7.3: a feature's data for the map's metadata card. */
export function fetchLayerFeature(layerId: string, featureId: string, signal?: AbortSignal) {
  return api.get(`/layers/${layerId}/features/${featureId}`, layerFeatureSchema, { signal });
}
