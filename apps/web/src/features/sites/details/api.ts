import {
  childSitesSchema,
  siteOverlapsSchema,
  configResponseSchema,
  relatedSitesSchema,
  siteLookupResponseSchema,
  dataDictionarySchema,
  createdSiteSchema,
  notesSchema,
  noteSchema,
  siteFeaturesConfigSchema,
  siteLayoutAnswerSchema,
  councilLayoutSchema,
  sitePageSchema,
  siteRecordSchema,
  siteScenariosSchema,
  siteUpdateAnswerSchema,
  tagListSchema,
  tagSchema,
  timelineSchema,
  type EditValue,
  type HistoryType,
  type SiteFeaturesConfig,
  type SiteLayouts,
} from '@planning/shared';
import { api, noContent } from '../../../api/client';

/** Spec 01 §8 wrapper defaults of the site page; a 4xx answer's own message is shown instead. */
export const siteDetailsMessages = {
  fetchFailed: 'Failed fetching site details',
  tabsFailed: 'Failed to fetch tabs',
  saveFailed: 'Failed to save value',
  tagsFailed: 'Failed to update tags for sites',
  tagsFetchFailed: 'Failed fetching tags',
} as const;

export const siteQueryKeys = {
  page: (id: string, scenario: string | undefined) => ['site', id, 'page', scenario ?? null] as const,
  site: (id: string) => ['site', id] as const,
  timeline: (id: string, type: HistoryType | undefined) => ['site', id, 'timeline', type ?? 'ALL'] as const,
  notes: (id: string) => ['site', id, 'notes'] as const,
  scenarios: (id: string) => ['site', id, 'scenarios'] as const,
  related: (id: string) => ['site', id, 'related'] as const,
  children: (id: string) => ['site', id, 'children'] as const,
  overlaps: (id: string) => ['site', id, 'overlaps'] as const,
  featuresConfig: ['configs', 'site-features'] as const,
  tags: ['tags'] as const,
  layout: ['user', 'site-details-layout'] as const,
  councilLayout: ['site-layout', 'council-default'] as const,
};

export function fetchSitePage(id: string, scenario: string | undefined, signal?: AbortSignal) {
  return api.get(`/site/v2/${id}`, sitePageSchema, { signal, query: { scenario } });
}

export async function fetchSiteFeaturesConfig(signal?: AbortSignal): Promise<SiteFeaturesConfig> {
  const answer = await api.get('/configs/site-features', configResponseSchema, { signal });
  return siteFeaturesConfigSchema.parse(answer.config);
}

export function fetchTimeline(
  id: string,
  type: HistoryType | undefined,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return api.get(`/site/${id}/timeline`, timelineSchema, { signal, query: { type, cursor, limit: 20 } });
}

export function updateSiteField(
  id: string,
  body: {
    column_name_raw: string;
    column_name_readable: string;
    new_value: EditValue;
    version: number;
    should_update_all_scenarios?: boolean;
    override_reason?: string;
  },
) {
  return api.put(`/site/${id}`, siteUpdateAnswerSchema, body);
}

export function revertSiteOverride(id: string, field: string, version: number) {
  return api.deleteWithBody(`/site/${id}/overrides/${field}`, siteUpdateAnswerSchema, { version });
}

export function fetchNotes(id: string, signal?: AbortSignal) {
  return api.get(`/site/${id}/notes`, notesSchema, { signal });
}

export function addNote(id: string, noteContent: string) {
  return api.post(`/site/${id}/notes`, noteSchema, { note_content: noteContent });
}

export function editNote(id: string, noteId: string, noteContent: string) {
  return api.put(`/site/${id}/notes/${noteId}`, noteSchema, { note_content: noteContent });
}

export function fetchAllTags(signal?: AbortSignal) {
  return api.get('/tag', tagListSchema, { signal });
}

export function addSiteTag(id: string, name: string) {
  return api.post(`/tag/${id}`, tagSchema, { created_tag_name: name });
}

export function removeSiteTag(id: string, name: string) {
  return api.deleteWithBody(`/tag/${id}`, noContent, { deleted_tag_name: name });
}

export function deleteSite(id: string) {
  return api.delete(`/site/${id}`, noContent);
}

export function fetchSiteScenarios(id: string, signal?: AbortSignal) {
  return api.get(`/site/${id}/scenarios`, siteScenariosSchema, { signal });
}

export function updateVisibility(
  id: string,
  body: { public_map_visibility: boolean; scenario_names?: string[]; version: number },
) {
  return api.put(`/site/${id}/visibility`, siteRecordSchema, body);
}

export function updateBoundary(id: string, geometry: unknown, version: number) {
  return api.put(`/site/${id}/geometry`, siteUpdateAnswerSchema, { wkbGeometry: geometry, version });
}

export function createDrawnSite(name: string, geometry: unknown, scenario?: string) {
  return api.post('/site/custom', createdSiteSchema, {
    custom_site_name: name,
    custom_site_poly: geometry,
    scenario,
  });
}

export async function fetchRelatedSites(id: string, signal?: AbortSignal) {
  return (await api.get(`/site/${id}/related-sites`, relatedSitesSchema, { signal })).related;
}

export function saveRelatedSite(
  id: string,
  relatedId: string,
  body: { isPrimary: boolean; comment: string | null },
) {
  return api.put(`/site/${id}/related-sites/${relatedId}`, relatedSitesSchema, body);
}

export function removeRelatedSite(id: string, relatedId: string) {
  return api.delete(`/site/${id}/related-sites/${relatedId}`, noContent);
}

export async function fetchChildSites(id: string, signal?: AbortSignal) {
  return (await api.get(`/site/${id}/children`, childSitesSchema, { signal })).children;
}

/** Sites whose name, HELAA reference or id contains the text (GET /search/site). */
export async function lookupSites(text: string, signal?: AbortSignal) {
  return (await api.get('/search/site', siteLookupResponseSchema, { signal, query: { q: text, limit: 10 } }))
    .sites;
}

export async function fetchSavedLayouts(signal?: AbortSignal) {
  return (await api.get('/user/site-details-layout', siteLayoutAnswerSchema, { signal })).layouts;
}

/** The council's default layout (issue 16): used when the user has not saved one of their own. */
export async function fetchCouncilDefaultLayouts(signal?: AbortSignal) {
  return (await api.get('/site-layout/default', councilLayoutSchema, { signal })).layouts;
}

export function saveLayouts(layouts: SiteLayouts | null) {
  return api.put('/user/site-details-layout', siteLayoutAnswerSchema, { layouts });
}

export async function fetchFieldOptions(signal?: AbortSignal): Promise<Record<string, string[] | null>> {
  const { fields } = await api.get('/data-dictionary', dataDictionarySchema, { signal });
  return Object.fromEntries(fields.map((field) => [field.name, field.options]));
}

/** Spec 01 §7 intersected-layers: the constraint layers the site meets, the most covering first. */
export async function fetchSiteOverlaps(id: string, signal?: AbortSignal) {
  return (await api.get(`/site/${id}/intersected-layers`, siteOverlapsSchema, { signal })).layers;
}
