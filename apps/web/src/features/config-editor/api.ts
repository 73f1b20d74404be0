import {
  configDocumentDetailListSchema,
  configDocumentDetailSchema,
  configDocumentListSchema,
  configTemplateListSchema,
  configTemplateSchema,
  configVersionDetailSchema,
  configVersionListSchema,
  type ConfigDocumentDetail,
  type ConfigDocumentListItem,
  type ConfigStore,
  type ConfigTemplate,
  type ConfigVersion,
  type ConfigVersionDetail,
  type CreateConfigDocumentBody,
  type CreateConfigTemplateBody,
  type UpdateConfigDocumentBody,
} from '@planning/shared';
import { api, noContent } from '../../api/client';

export type {
  ConfigDocumentDetail,
  ConfigDocumentListItem,
  ConfigTemplate,
  ConfigVersion,
  ConfigVersionDetail,
};

// Every screen of this feature reads beneath ['config-documents']: one invalidation after a
// change refreshes the lists, the open document and its history together.
export const configQueryKeys = {
  all: ['config-documents'] as const,
  list: ['config-documents', 'list'] as const,
  detail: (id: string) => ['config-documents', 'detail', id] as const,
  versions: (id: string) => ['config-documents', 'versions', id] as const,
  version: (id: string, version: number) => ['config-documents', 'versions', id, version] as const,
  templates: ['config-templates'] as const,
  dictionary: ['data-dictionary'] as const,
};

/** Every config of the council, deleted ones too (the lists show those on a switch). */
export async function fetchConfigDocuments(signal?: AbortSignal) {
  const { items } = await api.get('/config-documents', configDocumentListSchema, {
    signal,
    query: { includeDeleted: true },
  });
  return items;
}

export function fetchConfigDocument(id: string, signal?: AbortSignal) {
  return api.get(`/config-documents/${encodeURIComponent(id)}`, configDocumentDetailSchema, { signal });
}

/** The linked documents a draft names, for resolving its links before validating it. */
export async function fetchConfigsByIds(ids: string[], store: ConfigStore, signal?: AbortSignal) {
  const { items } = await api.get('/config-documents/by-ids', configDocumentDetailListSchema, {
    signal,
    query: { ids: ids.join(','), store },
  });
  return items;
}

export function createConfigDocument(body: CreateConfigDocumentBody) {
  return api.post('/config-documents', configDocumentDetailSchema, body);
}

export function saveConfigDocument(id: string, body: UpdateConfigDocumentBody) {
  return api.put(`/config-documents/${encodeURIComponent(id)}`, configDocumentDetailSchema, body);
}

export function deleteConfigDocument(id: string) {
  return api.delete(`/config-documents/${encodeURIComponent(id)}`, noContent);
}

export function restoreConfigDocument(id: string) {
  return api.post(`/config-documents/${encodeURIComponent(id)}/restore`, noContent);
}

export async function fetchConfigVersions(id: string, signal?: AbortSignal) {
  const { items } = await api.get(
    `/config-documents/${encodeURIComponent(id)}/versions`,
    configVersionListSchema,
    { signal },
  );
  return items;
}

export function fetchConfigVersion(id: string, version: number, signal?: AbortSignal) {
  return api.get(
    `/config-documents/${encodeURIComponent(id)}/versions/${version}`,
    configVersionDetailSchema,
    { signal },
  );
}

export function rollBackConfigDocument(id: string, version: number) {
  return api.post(`/config-documents/${encodeURIComponent(id)}/rollback`, configDocumentDetailSchema, {
    version,
  });
}

/** A template from a document (the editor's current one): new configs of its type can start from it. */
export function createConfigTemplate(body: CreateConfigTemplateBody) {
  return api.post('/config-templates', configTemplateSchema, body);
}

export function deleteConfigTemplate(id: string) {
  return api.delete(`/config-templates/${encodeURIComponent(id)}`, noContent);
}

export async function fetchConfigTemplates(signal?: AbortSignal) {
  const { items } = await api.get('/config-templates', configTemplateListSchema, { signal });
  return items;
}
