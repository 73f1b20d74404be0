import {
  configResponseSchema,
  configSchemas,
  layerListSchema,
  type LayerConfigType,
  type LayersOrderConfig,
  type LayerTreeTooltipsConfig,
  type MapMetadataCardConfig,
} from '@planning/shared';
import { api } from '../../api/client';

export type LayerConfigs = {
  'map-metadata-card': MapMetadataCardConfig;
  'layers-order': LayersOrderConfig;
  'layer-tree-tooltips': LayerTreeTooltipsConfig;
};

/** The council's document, and whether it has one of its own yet (else the empty default). */
export type LayerConfigDocument<T extends LayerConfigType> = { stored: boolean; config: LayerConfigs[T] };

// The maps keep the same documents under ['configs', type] (shared/layers), in their own shape:
// this screen's copy sits beneath it, so one invalidation refreshes both.
export const layerConfigQueryKeys = {
  config: (type: LayerConfigType) => ['configs', type, 'document'] as const,
  layers: ['layers', 'admin'] as const,
};

/** Every layer of the council, hidden ones too: a config may name any of them. */
export async function fetchAllLayers(signal?: AbortSignal) {
  const { layers } = await api.get('/layers', layerListSchema, { signal, query: { scope: 'admin' } });
  return layers;
}

export async function fetchLayerConfigDocument<T extends LayerConfigType>(
  type: T,
  signal?: AbortSignal,
): Promise<LayerConfigDocument<T>> {
  const answer = await api.get(`/configs/${type}`, configResponseSchema, { signal });
  return { stored: answer.id !== null, config: configSchemas[type].parse(answer.config) as LayerConfigs[T] };
}

/** Replaces the council's document; the server checks it again, and that every layer exists. */
export async function saveLayerConfigDocument<T extends LayerConfigType>(type: T, config: LayerConfigs[T]) {
  const answer = await api.put(`/configs/${type}`, configResponseSchema, config);
  return configSchemas[type].parse(answer.config) as LayerConfigs[T];
}
