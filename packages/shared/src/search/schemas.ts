import { z } from 'zod';
import { searchFiltersSchema } from './filters';

export const SEARCH_PAGE = { defaultLimit: 50, maxLimit: 500 } as const;

/** /search/site/flexible: filters, the fields to return, sort and page (spec 01 §7). */
export const flexibleSearchRequestSchema = z
  .object({
    filters: searchFiltersSchema.default([]),
    attributes: z
      .array(z.string().regex(/^[a-z][a-z0-9_]{0,62}$/))
      .max(100)
      .default([]),
    sort: z
      .object({
        field: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/),
        direction: z.enum(['asc', 'desc']).default('asc'),
      })
      .optional(),
    limit: z.number().int().min(1).max(SEARCH_PAGE.maxLimit).default(SEARCH_PAGE.defaultLimit),
    offset: z.number().int().min(0).max(10_000_000).default(0),
    /**
     * Keyset paging: only sites after this id (results come in id order when unsorted). Loading
     * every page of a large search by offset rereads all earlier matches for each page.
     */
    after: z
      .string()
      .regex(/^\d{1,18}$/, 'A site id')
      .optional(),
    scenario: z.string().min(1).max(100).optional(),
    /** Only the sites on this site list (the /list/{id} grid). */
    listId: z.string().uuid().optional(),
    /** Only these sites: a site drawn just now, shown above a search it may not match. */
    siteIds: z
      .array(z.string().regex(/^\d{1,18}$/, 'A site id is a number'))
      .min(1)
      .max(SEARCH_PAGE.maxLimit)
      .optional(),
  })
  .refine((request) => !(request.after && request.sort), {
    message: 'Paging after a site id needs the default order (no sort)',
    path: ['after'],
  });
export type FlexibleSearchRequest = z.input<typeof flexibleSearchRequestSchema>;

export const siteTagSchema = z.object({ id: z.string(), name: z.string(), color: z.string().nullable() });

export const searchedSiteSchema = z
  .object({
    id: z.string(),
    id_unique: z.string(),
    scenario_name: z.string(),
    site_tags: z.array(siteTagSchema),
  })
  .catchall(z.unknown());

export const flexibleSearchResponseSchema = z.object({
  sites: z.array(searchedSiteSchema),
  total: z.number().int(),
});

/** Sites as vector tiles (spec 01 §9, 03 §9: sites tile extent 4096). */
export const SITE_TILE = {
  layer: 'sites',
  extent: 4096,
  buffer: 64,
  /** At this zoom and below a tile carries counted points per grid cell, not polygons. */
  clusterMaxZoom: 11,
  /** Grid cells across a tile when clustering (a 512 px tile gives 16 px cells). */
  clusterCells: 32,
  maxZoom: 22,
} as const;

/** The search a sites tile is drawn for (spec 03 §7.3 `filters[]` / `searchParams`). */
export const tileSearchSchema = z.object({
  filters: searchFiltersSchema.default([]),
  scenario: z.string().min(1).max(100).optional(),
});
export type TileSearch = z.input<typeof tileSearchSchema>;

/** The query string of a sites tile address: one JSON `filters[]` entry per filter. */
export function tileQueryString(search: TileSearch): string {
  const parts = (search.filters ?? []).map(
    (filter) => `${encodeURIComponent('filters[]')}=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  if (search.scenario) parts.push(`scenario=${encodeURIComponent(search.scenario)}`);
  return parts.join('&');
}

const siteId = z.string().regex(/^\d{1,18}$/, 'A site id is a number');

/** GET /search/site: sites by name or reference, for a search box. */
export const siteLookupQuerySchema = z.object({
  q: z.string().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  /** The scenario to look in (default: the base one). */
  scenario: z.string().min(1).max(100).optional(),
});
export const siteLookupResponseSchema = z.object({
  sites: z.array(
    z.object({
      id: z.string(),
      id_unique: z.string(),
      site_name: z.string().nullable(),
      helaa_reference: z.string().nullable(),
    }),
  ),
});

const featureSchema = z.object({
  type: z.literal('Feature'),
  id: z.union([z.string(), z.number()]),
  geometry: z.unknown(),
  properties: z.record(z.string(), z.unknown()),
});
export const featureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(featureSchema),
});

/** GET /search/sites/geometries?ids=1,2,3: outlines in WGS84 (highlight, fly to). */
export const siteGeometriesQuerySchema = z.object({
  ids: z
    .string()
    .max(20_000)
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(siteId).min(1).max(SEARCH_PAGE.maxLimit)),
});

/** GET /search/extent/{id}: a site's bounding box, in 27700 unless 4326 is asked for. */
export const extentParamsSchema = z.object({ id: siteId });
export const extentQuerySchema = z.object({ projection: z.enum(['27700', '4326']).default('27700') });
export const extentResponseSchema = z.object({
  projection: z.enum(['27700', '4326']),
  extent: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});

/** GET /search/search-options?fields=ward,parish: distinct values for filter lists. */
export const SEARCH_OPTIONS_MAX = 500;
export const searchOptionsQuerySchema = z.object({
  fields: z
    .string()
    .max(2000)
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(/^[a-z][a-z0-9_]{0,62}$/))
        .min(1)
        .max(30),
    ),
  /** Values as they are in this scenario (default: the base one). */
  scenario: z.string().min(1).max(100).optional(),
});
export const searchOptionsResponseSchema = z.object({
  options: z.record(z.string(), z.array(z.union([z.string(), z.number(), z.boolean()]))),
});

export const boundaryKinds = ['district', 'ward', 'parish', 'neighbourhood'] as const;
export const boundariesQuerySchema = z.object({ kind: z.enum(boundaryKinds).optional() });

/** Site search templates: a named, saved filter list (spec 01 §7). */
export const searchTemplateMessages = {
  nameTaken: 'You already have a search template with this name',
  notFound: 'Search template is not found',
} as const;
export const searchTemplateInputSchema = z.object({
  name: z.string().trim().min(1, 'Please enter a name').max(100),
  filters: searchFiltersSchema,
  shared: z.boolean().default(false),
});
export const searchTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  filters: searchFiltersSchema,
  shared: z.boolean(),
  mine: z.boolean(),
  updatedAt: z.string(),
});
export type SearchTemplate = z.infer<typeof searchTemplateSchema>;

/** POST /search/site/ids: every matching id, for "select all" and export. */
export const SITE_IDS_MAX = 100_000;
export const siteIdsRequestSchema = tileSearchSchema;
export const siteIdsResponseSchema = z.object({ ids: z.array(z.string()), total: z.number().int() });
export const siteIdsMessages = {
  tooMany: `More than ${SITE_IDS_MAX.toLocaleString('en-GB')} sites match: narrow the search to select them all`,
} as const;

/** Spec 03 §5 / §9: grid column widths clamp to 125–400 px by default. */
export const GRID_COLUMN_WIDTH = { min: 125, max: 400 } as const;
export function clampColumnWidth(
  width: number,
  limits: { min: number; max: number } = GRID_COLUMN_WIDTH,
): number {
  return Math.min(limits.max, Math.max(limits.min, Math.round(width)));
}
