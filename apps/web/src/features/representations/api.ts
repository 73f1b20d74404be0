import {
  consultationEventListSchema,
  consultationSettingsSchema,
  contactListSchema,
  contactSchema,
  customColumnListSchema,
  customColumnSchema,
  customValuesSchema,
  duplicatedSchema,
  organisationSchema,
  representationAttachmentsSchema,
  representationRowSchema,
  representationSchema,
  responseListSchema,
  salutationsSchema,
  tableResultSchema,
  representationTimelineSchema,
  topicListSchema,
  type ConsentInput,
  type ContactInput,
  type CreateRepresentationBody,
  type CustomColumnInput,
  type CustomColumnTable,
  type OrganisationInput,
  type RepresentationStatus,
  type TableQuery,
} from '@planning/shared';
import { api, downloadFile, noContent } from '../../api/client';

/** The representation manager's calls (apps/server/src/modules/consultations). */

export const representationResultSchema = tableResultSchema(representationRowSchema);
export const contactResultSchema = tableResultSchema(contactSchema);
export const organisationResultSchema = tableResultSchema(organisationSchema);

export type ManagerTable = 'representations' | 'contacts' | 'organisations';

export const managerQueryKeys = {
  all: ['consultations'] as const,
  table: (table: ManagerTable) => ['consultations', 'table', table] as const,
  search: (table: ManagerTable, query: TableQuery) => ['consultations', 'table', table, query] as const,
  representation: (id: string) => ['consultations', 'representation', id] as const,
  timeline: (id: string) => ['consultations', 'representation', id, 'timeline'] as const,
  attachments: (id: string) => ['consultations', 'representation', id, 'attachments'] as const,
  contact: (id: string) => ['consultations', 'contact', id] as const,
  organisation: (id: string) => ['consultations', 'organisation', id] as const,
  settings: ['consultations', 'settings'] as const,
  salutations: ['consultations', 'salutations'] as const,
  events: ['consultations', 'events'] as const,
  topics: ['consultations', 'topics'] as const,
  columns: (table: ManagerTable) => ['consultations', 'columns', table] as const,
  responses: (representationId: string) => ['consultations', 'responses', representationId] as const,
};

const enc = encodeURIComponent;

export function searchRepresentations(query: TableQuery, signal?: AbortSignal) {
  return api.post('/consultations/representations/search', representationResultSchema, query, { signal });
}

export function searchContacts(query: TableQuery, signal?: AbortSignal) {
  return api.post('/consultations/contacts/search', contactResultSchema, query, { signal });
}

export function searchOrganisations(query: TableQuery, signal?: AbortSignal) {
  return api.post('/consultations/organisations/search', organisationResultSchema, query, { signal });
}

export function fetchRepresentation(id: string, signal?: AbortSignal) {
  return api.get(`/consultations/representations/${enc(id)}`, representationSchema, { signal });
}

export function createRepresentation(body: CreateRepresentationBody) {
  return api.post('/consultations/representations', representationSchema, body);
}

export function duplicateRepresentations(ids: string[]) {
  return api.post('/consultations/representations/duplicate', duplicatedSchema, { ids });
}

export function deleteRepresentations(ids: string[]) {
  return api.post('/consultations/representations/delete', noContent, { ids });
}

export function setRepresentationStatus(ids: string[], status: RepresentationStatus) {
  return api.post('/consultations/representations/status', noContent, { ids, status });
}

export function fetchTimeline(id: string, signal?: AbortSignal) {
  return api.get(`/consultations/representations/${enc(id)}/timeline`, representationTimelineSchema, {
    signal,
  });
}

export function fetchAttachments(id: string, signal?: AbortSignal) {
  return api.get(`/consultations/representations/${enc(id)}/attachments`, representationAttachmentsSchema, {
    signal,
  });
}

export function uploadAttachments(id: string, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('fileCollection', file);
  return api.postForm(
    `/consultations/representations/${enc(id)}/attachments`,
    representationAttachmentsSchema,
    form,
  );
}

export function deleteAttachment(id: string, fileId: string) {
  return api.delete(`/consultations/representations/${enc(id)}/attachments/${enc(fileId)}`, noContent);
}

export function downloadAttachment(path: string, name: string) {
  return downloadFile(path, name);
}

export function fetchContact(id: string, signal?: AbortSignal) {
  return api.get(`/consultations/contacts/${enc(id)}`, contactSchema, { signal });
}

export function createContacts(contacts: ContactInput[]) {
  return api.post('/consultations/contacts', contactListSchema, { contacts });
}

export function deleteContact(id: string) {
  return api.delete(`/consultations/contacts/${enc(id)}`, noContent);
}

export function fetchOrganisation(id: string, signal?: AbortSignal) {
  return api.get(`/consultations/organisations/${enc(id)}`, organisationSchema, { signal });
}

export function createOrganisation(body: OrganisationInput) {
  return api.post('/consultations/organisations', organisationSchema, body);
}

export function deleteOrganisation(id: string) {
  return api.delete(`/consultations/organisations/${enc(id)}`, noContent);
}

export function setCustomValue(table: ManagerTable, id: string, columnId: string, value: unknown) {
  return api.put(`/consultations/${table}/${enc(id)}/custom`, customValuesSchema, { columnId, value });
}

export function fetchSettings(signal?: AbortSignal) {
  return api.get('/consultations/settings', consultationSettingsSchema, { signal });
}

export async function fetchSalutations(signal?: AbortSignal) {
  return (await api.get('/consultations/salutations', salutationsSchema, { signal })).salutations;
}

export async function fetchEvents(signal?: AbortSignal) {
  return (await api.get('/consultations/events', consultationEventListSchema, { signal })).events;
}

export async function fetchTopics(signal?: AbortSignal) {
  return (await api.get('/consultations/topics', topicListSchema, { signal })).topics;
}

export async function fetchColumns(table: CustomColumnTable, signal?: AbortSignal) {
  return (await api.get('/consultations/columns', customColumnListSchema, { signal, query: { table } }))
    .columns;
}

export function createColumn(body: CustomColumnInput) {
  return api.post('/consultations/columns', customColumnSchema, body);
}

export async function fetchResponses(representationId: string, signal?: AbortSignal) {
  return (
    await api.get('/consultations/responses', responseListSchema, { signal, query: { representationId } })
  ).responses;
}

/** Issue 26 point 6: what the writer agreed to, as their form or letter says. */
export function setRepresentationConsent(id: string, consent: ConsentInput) {
  return api.patch(`/consultations/representations/${enc(id)}`, representationSchema, { consent });
}
