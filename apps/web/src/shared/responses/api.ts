import {
  representationRowSchema,
  representationSchema,
  responseListSchema,
  responseSchema,
  subRepresentationSchema,
  tableResultSchema,
  type ResponseInput,
} from '@planning/shared';
import { api, noContent } from '../../api/client';

/** The response manager's calls (apps/server/src/modules/responses/README.md). */

/** What a response is written for: one representation or one of its sub-representations. */
export type ResponseTarget = { representationId: string } | { subRepresentationId: string };

export const targetKey = (target: ResponseTarget) =>
  'representationId' in target ? `r:${target.representationId}` : `s:${target.subRepresentationId}`;

export const responseQueryKeys = {
  all: ['responses'] as const,
  list: (target: ResponseTarget, includeDeleted: boolean) =>
    ['responses', 'list', targetKey(target), includeDeleted] as const,
  templates: (search: string) => ['responses', 'templates', search] as const,
  representationSearch: (search: string) => ['responses', 'representation-search', search] as const,
  representation: (id: string) => ['responses', 'representation', id] as const,
  subRepresentation: (id: string) => ['responses', 'sub-representation', id] as const,
};

export async function fetchResponses(target: ResponseTarget, includeDeleted: boolean, signal?: AbortSignal) {
  const query = { ...target, includeDeleted: includeDeleted ? 'true' : undefined };
  return (await api.get('/consultations/responses', responseListSchema, { query, signal })).responses;
}

export async function fetchTemplates(search: string, signal?: AbortSignal) {
  const query = { templates: 'true', search: search.trim() || undefined };
  return (await api.get('/consultations/responses', responseListSchema, { query, signal })).responses;
}

export async function saveResponse(target: ResponseTarget, response: ResponseInput) {
  const answer = await api.put('/consultations/responses', responseListSchema, {
    ...target,
    responses: [response],
  });
  const [saved] = answer.responses;
  if (!saved) throw new Error('The server saved no response');
  return saved;
}

export function deleteResponse(id: string) {
  return api.delete(`/consultations/responses/${encodeURIComponent(id)}`, noContent);
}

export function restoreResponse(id: string) {
  return api.post(`/consultations/responses/${encodeURIComponent(id)}/restore`, responseSchema);
}

const representationSearchSchema = tableResultSchema(representationRowSchema);

/** Representations whose reference, representee or text matches, for the target select. */
export async function searchRepresentations(search: string, signal?: AbortSignal) {
  const body = {
    limit: 20,
    offset: 0,
    search: search.trim() || undefined,
    sort: [{ field: 'reference', order: 'desc' }],
  };
  return (
    await api.post('/consultations/representations/search', representationSearchSchema, body, { signal })
  ).result.rows;
}

export function fetchRepresentation(id: string, signal?: AbortSignal) {
  return api.get(`/consultations/representations/${encodeURIComponent(id)}`, representationSchema, {
    signal,
  });
}

export function fetchSubRepresentation(id: string, signal?: AbortSignal) {
  return api.get(`/consultations/sub-representations/${encodeURIComponent(id)}`, subRepresentationSchema, {
    signal,
  });
}
