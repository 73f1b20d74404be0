import { z } from 'zod';
import { searchFiltersSchema } from './filters';

export const SEARCH_PAGE = { defaultLimit: 50, maxLimit: 500 } as const;

/** /search/site/flexible: filters, the fields to return, sort and page (spec 01 §7). */
export const flexibleSearchRequestSchema = z.object({
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
  scenario: z.string().min(1).max(100).optional(),
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
