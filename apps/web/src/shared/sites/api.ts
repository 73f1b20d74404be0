import {
  configResponseSchema,
  featureCollectionSchema,
  flexibleSearchResponseSchema,
  scenarioListSchema,
  searchMessages,
  searchOptionsResponseSchema,
  siteCardConfigSchema,
  siteIdsResponseSchema,
  siteSearchConfigSchema,
  type FlexibleSearchRequest,
  type SearchFilter,
  type SiteCardConfig,
  type SiteSearchConfig,
} from '@planning/shared';
import { api } from '../../api/client';
import { idsBody } from './resultPages';

/** Spec 01 §8 wrapper defaults of these screens; a 4xx answer's own message is shown instead. */
export const sitesMessages = {
  searchFailed: searchMessages.failed,
  optionsFailed: 'Failed to fetch search options',
  geometriesFailed: 'Failed to fetch geometries',
} as const;

export const sitesQueryKeys = {
  searchConfig: ['configs', 'site-search'] as const,
  cardConfig: ['configs', 'site-card'] as const,
  options: (fields: string[]) => ['search', 'options', ...fields] as const,
  results: (search: unknown) => ['search', 'results', search] as const,
  table: (search: unknown) => ['search', 'table', search] as const,
  boundaries: ['search', 'boundaries'] as const,
  scenarios: ['scenarios'] as const,
};

/** The council's Site search config: the filter panel is built from it. */
export async function fetchSiteSearchConfig(signal?: AbortSignal): Promise<SiteSearchConfig> {
  const answer = await api.get('/configs/site-search', configResponseSchema, { signal });
  return siteSearchConfigSchema.parse(answer.config);
}

/** The council's Site card config: what each result card shows. */
export async function fetchSiteCardConfig(signal?: AbortSignal): Promise<SiteCardConfig> {
  const answer = await api.get('/configs/site-card', configResponseSchema, { signal });
  return siteCardConfigSchema.parse(answer.config);
}

export async function fetchSearchOptions(fields: string[], signal?: AbortSignal) {
  const { options } = await api.get('/search/search-options', searchOptionsResponseSchema, {
    signal,
    query: { fields: fields.join(',') },
  });
  return options;
}

export function searchSites(request: FlexibleSearchRequest, signal?: AbortSignal) {
  return api.post('/search/site/flexible', flexibleSearchResponseSchema, request, { signal });
}

export function fetchMatchingIds(filters: SearchFilter[], scenario?: string) {
  return api.post('/search/site/ids', siteIdsResponseSchema, idsBody({ filters, scenario }));
}

export function fetchSiteGeometries(ids: string[], signal?: AbortSignal) {
  return api.get('/search/sites/geometries', featureCollectionSchema, {
    signal,
    query: { ids: ids.join(',') },
  });
}

export function fetchBoundaries(signal?: AbortSignal) {
  return api.get('/search/boundaries', featureCollectionSchema, { signal });
}

export async function fetchScenarios(signal?: AbortSignal) {
  return (await api.get('/scenarios', scenarioListSchema, { signal })).scenarios;
}
