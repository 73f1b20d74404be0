import { z } from 'zod';

/** Spec 01 §9, spec 03 §9: layer tiles are drawn 512 px wide; encoded like the sites' tiles. */
export const LAYER_TILE = {
  /** The MapLibre source's tileSize for a layer. */
  tileSize: 512,
  extent: 4096,
  buffer: 64,
  maxZoom: 22,
  /** The deepest zoom a map asks the server for; MapLibre enlarges those tiles beyond it. */
  sourceMaxZoom: 16,
  /** Below this zoom outlines are simplified to about half a pixel: a county of detail is not drawn at z8. */
  simplifyBelowZoom: 14,
} as const;

export const layerMapMessages = {
  notFound: 'Non-existing id',
  featureNotFound: 'Non-existing id',
  layerMeta: 'Failed to fetch layer meta',
  geometries: 'Failed to fetch geometries',
} as const;

/** A feature's own data (spec 03 §7.3 "feature data by layerId and featureId with a field list"). */
export const layerFeatureSchema = z.object({
  id: z.string(),
  layerId: z.string(),
  layerName: z.string(),
  layerTitle: z.string(),
  /** The fields asked for (all of them when none were named), in the layer's order. */
  properties: z.record(z.string(), z.unknown()),
  /** WGS84 bounding box: west, south, east, north. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type LayerFeature = z.infer<typeof layerFeatureSchema>;

export const layerFeatureQuerySchema = z.object({
  /** Comma-separated field names; only these are returned. */
  fields: z.string().max(4000).optional(),
});

export const layerSearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(200),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const layerSearchResultSchema = z.object({
  features: z.array(
    z.object({
      id: z.string(),
      /** The value that matched, with its field. */
      field: z.string(),
      value: z.string(),
      bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    }),
  ),
});

export const layerExtentSchema = z.object({
  /** WGS84 bounding box, null for a layer without features. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  featureCount: z.number().int(),
});
