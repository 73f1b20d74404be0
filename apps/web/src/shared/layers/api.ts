import {
  configResponseSchema,
  configSchemas,
  layerFeatureSchema,
  layerGroupedSchema,
  type LayerConfigType,
  type LayersOrderConfig,
  type LayerTreeTooltipsConfig,
  type MapMetadataCardConfig,
} from '@planning/shared';
import { api } from '../../api/client';

/**
 * Spec 03 §6: whose map it is decides the layer set: the staff maps (placemaker visibility) or
 * the public web map (public visibility, read with no sign-in under /public).
 */
export type MapAudience = 'placemaker' | 'public';
const base = (audience: MapAudience) => (audience === 'public' ? '/public' : '');

export const layerQueryKeys = {
  tree: (audience: MapAudience = 'placemaker') => ['layers', 'grouped', audience] as const,
  feature: (layerId: string, featureId: string) => ['layers', layerId, 'features', featureId] as const,
  config: (type: LayerConfigType, audience: MapAudience = 'placemaker') =>
    audience === 'public' ? (['public', 'configs', type] as const) : (['configs', type] as const),
};

/** The layer tree (spec 03 §2): the audience's layers by theme, in order. */
export function fetchLayerTree(audience: MapAudience, signal?: AbortSignal) {
  return api.get(`${base(audience)}/layers/grouped`, layerGroupedSchema, { signal });
}

/** Spec 03 §7.3: a feature's data for the map's metadata card. */
export function fetchLayerFeature(
  layerId: string,
  featureId: string,
  audience: MapAudience = 'placemaker',
  signal?: AbortSignal,
) {
  return api.get(`${base(audience)}/layers/${layerId}/features/${featureId}`, layerFeatureSchema, { signal });
}

type LayerConfigs = {
  'map-metadata-card': MapMetadataCardConfig;
  'layers-order': LayersOrderConfig;
  'layer-tree-tooltips': LayerTreeTooltipsConfig;
};

/** A layer config document (its empty default while the council has none), checked against its schema. */
export async function fetchLayerConfig<T extends LayerConfigType>(
  type: T,
  audience: MapAudience,
  signal?: AbortSignal,
): Promise<LayerConfigs[T]> {
  const answer = await api.get(`${base(audience)}/configs/${type}`, configResponseSchema, { signal });
  return configSchemas[type].parse(answer.config) as LayerConfigs[T];
}
