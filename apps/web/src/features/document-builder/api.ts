import {
  API_BASE_PATH,
  documentAttachmentsSchema,
  documentListSchema,
  documentSchema,
  documentStatusSchema,
  layerListSchema,
  publicDocumentSchema,
  shareLinkSchema,
  siteLookupResponseSchema,
  templateListSchema,
  templateSchema,
  type CreateDocumentBody,
  type CreateTemplateBody,
  type SearchFilter,
  type templateKinds,
  type UpdateDocumentBody,
} from '@planning/shared';
import { api, noContent } from '../../api/client';

type TemplateKind = (typeof templateKinds)[number];

/** The document builder's calls (apps/server/src/modules/documents/README.md). */

export const builderQueryKeys = {
  all: ['documents'] as const,
  list: ['documents', 'list'] as const,
  templates: (kind: TemplateKind, search: string) => ['documents', 'templates', kind, search] as const,
  document: (id: string) => ['documents', 'one', id] as const,
  preview: (id: string) => ['documents', 'preview', id] as const,
  status: (id: string) => ['documents', 'status', id] as const,
  layers: ['documents', 'layers'] as const,
  sites: (term: string) => ['documents', 'sites', term] as const,
  siteCount: (filters: SearchFilter[]) => ['documents', 'site-count', filters] as const,
};

const path = (id: string, rest = '') => `/documents/${encodeURIComponent(id)}${rest}`;

export async function fetchDocuments(signal?: AbortSignal) {
  return (await api.get('/documents', documentListSchema, { signal })).documents;
}

export function fetchDocument(id: string, signal?: AbortSignal) {
  return api.get(path(id), documentSchema, { signal });
}

export function fetchPreview(id: string, signal?: AbortSignal) {
  return api.get(path(id, '/preview'), publicDocumentSchema, { signal });
}

export function fetchStatus(id: string, signal?: AbortSignal) {
  return api.get(path(id, '/status'), documentStatusSchema, { signal });
}

export function createDocument(body: CreateDocumentBody) {
  return api.post('/documents', documentSchema, body);
}

export function saveDocument(id: string, body: UpdateDocumentBody) {
  return api.put(path(id), documentSchema, body);
}

export function deleteDocument(id: string) {
  return api.delete(path(id), noContent);
}

export function setPublished(id: string, published: boolean) {
  return api.post(path(id, published ? '/publish' : '/unpublish'), documentSchema);
}

export function shareDocument(id: string) {
  return api.post(path(id, '/share'), shareLinkSchema);
}

export function unshareDocument(id: string) {
  return api.delete(path(id, '/share'), noContent);
}

export async function fetchTemplates(kind: TemplateKind, search: string, signal?: AbortSignal) {
  const query = { kind, search: search.trim() || undefined };
  return (await api.get('/documents/templates', templateListSchema, { signal, query })).templates;
}

export function fetchTemplate(id: string) {
  return api.get(`/documents/templates/${encodeURIComponent(id)}`, templateSchema);
}

export function createTemplate(body: CreateTemplateBody) {
  return api.post('/documents/templates', templateSchema, body);
}

export function deleteTemplate(id: string) {
  return api.delete(`/documents/templates/${encodeURIComponent(id)}`, noContent);
}

/** Uploads one image as an attachment of the document; answers the attachment as stored. */
export async function uploadAttachment(id: string, file: File) {
  const form = new FormData();
  form.append('fileCollection', file);
  const { attachments } = await api.postForm(path(id, '/attachments'), documentAttachmentsSchema, form);
  return attachments[0];
}

/** Where the public page reads an attachment (clean files only: the scanner must pass it first). */
export const publicAttachmentPath = (documentId: string, fileId: string) =>
  `${API_BASE_PATH}/public/documents/${encodeURIComponent(documentId)}/attachments/${encodeURIComponent(fileId)}`;

/** The staff download of an attachment (any scan state the user may see). */
export const staffAttachmentPath = (documentId: string, fileId: string) =>
  `/documents/${encodeURIComponent(documentId)}/attachments/${encodeURIComponent(fileId)}/download`;

/** The attachment an image address names, when it is one of this document's; else null. */
export function attachmentIdOf(documentId: string, src: string): string | null {
  const prefix = `${API_BASE_PATH}/public/documents/${documentId}/attachments/`;
  if (!src.startsWith(prefix)) return null;
  const id = src.slice(prefix.length);
  return /^[0-9a-f-]{36}$/.test(id) ? id : null;
}

/** Sites whose name, HELAA reference or id holds the text (for a map block's sites). */
export async function lookupSites(term: string, signal?: AbortSignal) {
  return (await api.get('/search/site', siteLookupResponseSchema, { signal, query: { q: term, limit: 20 } }))
    .sites;
}

export async function fetchLayers(signal?: AbortSignal) {
  return (await api.get('/layers', layerListSchema, { signal })).layers;
}
