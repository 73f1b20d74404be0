import {
  siteListChangeSchema,
  siteListSchema,
  siteListSiteIdsSchema,
  siteListsSchema,
} from '@planning/shared';
import { api, noContent } from '../../../api/client';

export const listQueryKeys = {
  all: ['lists'] as const,
  one: (id: string) => ['lists', id] as const,
  sites: (id: string) => ['lists', id, 'sites'] as const,
};

export async function fetchSiteLists(signal?: AbortSignal) {
  return (await api.get('/lists', siteListsSchema, { signal })).lists;
}

export function fetchSiteList(id: string, signal?: AbortSignal) {
  return api.get(`/lists/${id}`, siteListSchema, { signal });
}

export async function fetchListSiteIds(id: string, signal?: AbortSignal) {
  return (await api.get(`/lists/${id}/sites`, siteListSiteIdsSchema, { signal })).siteIds;
}

export function createSiteList(listName: string, scenarioName?: string) {
  return api.post('/lists', siteListSchema, { listName, scenarioName });
}

export function renameSiteList(id: string, listName: string) {
  return api.put(`/lists/${id}`, siteListSchema, { listName });
}

export function deleteSiteList(id: string) {
  return api.delete(`/lists/${id}`, noContent);
}

export function addSitesToList(id: string, siteIds: string[]) {
  return api.post(`/lists/${id}/sites`, siteListChangeSchema, { siteIds: siteIds.map(Number) });
}

export function removeSitesFromList(id: string, siteIds: string[]) {
  return api.deleteWithBody(`/lists/${id}/sites`, siteListChangeSchema, { siteIds: siteIds.map(Number) });
}
