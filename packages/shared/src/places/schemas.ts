import { z } from 'zod';
import { PLACE_SEARCH_LIMITS as L } from './limits';
import { placeSearchMessages as M } from './messages';
import { placeKey } from './rules';

/** GET /public/places?q=: a place's name or a postcode; what is left once punctuation goes counts. */
export const placeSearchQuerySchema = z.object({
  q: z
    .string(M.tooShort)
    .trim()
    .max(L.maxLength, M.tooLong)
    .refine((q) => placeKey(q).replace(/ /g, '').length >= L.minLength, M.tooShort),
});
export type PlaceSearchQuery = z.infer<typeof placeSearchQuerySchema>;

/** A town or village of the gazetteer, a postcode (or a postcode district), or a council's feature. */
export const placeKinds = ['town', 'postcode', 'feature'] as const;
export const placeKindSchema = z.enum(placeKinds);
export type PlaceKind = z.infer<typeof placeKindSchema>;

const lonLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

export const placeSchema = z.object({
  name: z.string(),
  kind: placeKindSchema,
  /** What the place is, to tell two of one name apart: 'Town or village in Tonbridge and Malling'. */
  description: z.string(),
  /** WGS84 [longitude, latitude]. */
  center: lonLat,
  /** WGS84 west, south, east, north, for a place with an extent (an area, a postcode district). */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
});
export type Place = z.infer<typeof placeSchema>;

export const placeSearchResultSchema = z.object({ places: z.array(placeSchema).max(L.maxResults) });
export type PlaceSearchResult = z.infer<typeof placeSearchResultSchema>;

/**
 * A layer's place search setting: the property holding each feature's name (or postcode). Anyone
 * can then find those names in the public maps' place search, so it is a choice, not a default.
 */
export const layerPlaceFieldKinds = ['name', 'postcode'] as const;
export const layerPlaceSearchSchema = z
  .object({
    field: z.string().trim().min(1, M.placeFieldUnknown).max(200),
    kind: z.enum(layerPlaceFieldKinds),
  })
  .strict();
export type LayerPlaceSearch = z.infer<typeof layerPlaceSearchSchema>;
